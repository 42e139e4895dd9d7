import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

/** Kinds worth compressing (images and fonts are compressed already). */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest', '.wasm'])
/** Below this a compressed file saves less than a packet and costs a file. */
const MIN_BYTES = 1024

const br = promisify(brotliCompress)
const gz = promisify(gzip)

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    if (e.isDirectory()) yield* files(path)
    else if (TEXT.has(extname(e.name))) yield path
  }
}

/**
 * Writes x.br and x.gz beside every text file of the build, once, at the strongest settings (the server picks one by
 * Accept-Encoding and never compresses a request's answer itself). A compressed file that is not smaller is not kept.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; br: number; gz: number }> {
  const sum = { files: 0, bytes: 0, br: 0, gz: 0 }
  const jobs: Promise<void>[] = []
  for await (const path of files(dir)) {
    jobs.push((async () => {
      const raw = await readFile(path)
      if (raw.length < MIN_BYTES) return
      const [b, g] = await Promise.all([
        br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gz(raw, { level: 9 }),
      ])
      sum.files++
      sum.bytes += raw.length
      if (b.length < raw.length) {
        await writeFile(`${path}.br`, b)
        sum.br += b.length
      }
      if (g.length < raw.length) {
        await writeFile(`${path}.gz`, g)
        sum.gz += g.length
      }
    })())
  }
  await Promise.all(jobs)
  return sum
}

/** The Vite plugin: precompresses the output directory after a production build. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir
    },
    async closeBundle() {
      const s = await precompress(outDir)
      const kib = (n: number) => `${Math.round(n / 1024)} KiB`
      this.info(`${s.files} files of ${kib(s.bytes)} precompressed: brotli ${kib(s.br)}, gzip ${kib(s.gz)}`)
    },
  }
}
