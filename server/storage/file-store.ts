import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import { assertKey, KEY_RE, type ByteRange, type ListedObject, type ObjectPage, type ObjectStore, type StoredObject } from './store'

/**
 * Objects as files under `root` (DATA_DIR/files by default), written to a temporary name and renamed into place, so
 * a reader never sees half a file and a crash leaves only a `.tmp-*` to sweep. Types live in the database row.
 */
export class FileStore implements ObjectStore {
  readonly kind = 'files'
  private readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
  }

  private path(key: string): string {
    assertKey(key)
    const p = resolve(this.root, key)
    // KEY_RE already rules out `..`; this is the second lock on the same door.
    if (!p.startsWith(this.root + sep)) throw new Error('object key outside the store')
    return p
  }

  async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    const path = this.path(key)
    await mkdir(dirname(path), { recursive: true })
    const tmp = join(dirname(path), `.tmp-${randomUUID()}`)
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : Readable.fromWeb(body as import('node:stream/web').ReadableStream)
      await pipeline(source, createWriteStream(tmp, { flags: 'wx' }))
      await rename(tmp, path)
    } catch (e) {
      await rm(tmp, { force: true })
      throw e
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const s = await stat(this.path(key)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null
      throw e
    })
    return s?.isFile() ? { size: s.size } : null
  }

  async get(key: string, range?: ByteRange) {
    const found = await this.head(key)
    if (!found) return null
    const stream = createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {})
    return { ...found, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true })
  }

  /** Folders in name order, so keys come in key order: `m/<tenant>/<uuid>` is the path under the root. */
  private async names(dir: string): Promise<string[]> {
    const found = await readdir(join(this.root, dir)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [] as string[]
      throw e
    })
    return found.sort()
  }

  async list({ after = '', limit }: { after?: string; limit: number }): Promise<ObjectPage> {
    const out: ListedObject[] = []
    const afterTenant = after.split('/')[1] ?? ''
    for (const tenant of await this.names('m')) {
      if (tenant < afterTenant) continue
      for (const id of await this.names(join('m', tenant))) {
        const key = `m/${tenant}/${id}`
        if (key <= after || !KEY_RE.test(key)) continue
        const s = await stat(this.path(key)).catch(() => null)
        if (!s?.isFile()) continue
        out.push({ key, modified: s.mtime })
        if (out.length >= limit) return { objects: out, next: key }
      }
    }
    return { objects: out, next: null }
  }

  async removePartial(before: Date): Promise<number> {
    let n = 0
    for (const tenant of await this.names('m')) {
      for (const name of await this.names(join('m', tenant))) {
        if (!name.startsWith('.tmp-')) continue
        const p = join(this.root, 'm', tenant, name)
        const s = await stat(p).catch(() => null)
        if (s?.isFile() && s.mtime < before) {
          await rm(p, { force: true })
          n++
        }
      }
    }
    return n
  }
}

/** Reads a web stream into a sink; used by tests to compare what came back. */
export async function drain(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), new Writable({
    write(chunk: Uint8Array, _enc, done) {
      chunks.push(chunk)
      done()
    },
  }))
  return new Uint8Array(Buffer.concat(chunks))
}
