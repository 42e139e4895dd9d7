import { AwsClient } from 'aws4fetch'
import type { S3Settings } from '../config'
import { assertKey, KEY_RE, type ByteRange, type ListedObject, type ObjectPage, type ObjectStore, type StoredObject } from './store'

export type { S3Settings }

/**
 * Any S3-compatible store (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode), signed with aws4fetch (SigV4). Path-style
 * URLs (`<url>/<bucket>/<key>`) work with every one of them. Several server processes share one bucket.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3'
  private readonly aws: AwsClient
  private readonly base: string

  constructor(s: S3Settings) {
    this.aws = new AwsClient({ accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region, service: 's3' })
    this.base = `${s.url.replace(/\/+$/, '')}/${encodeURIComponent(s.bucket)}/`
  }

  private url(key: string): string {
    assertKey(key)
    return this.base + key
  }

  private async fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '')
    throw new Error(`S3 ${what} answered ${res.status}: ${text.slice(0, 300)}`)
  }

  async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, meta: { contentType: string }): Promise<void> {
    // A signed PUT needs the length up front; uploads are bounded (UPLOAD_MAX_BYTES), so a stream is collected first.
    const bytes = body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer())
    const copy = bytes.slice().buffer as ArrayBuffer
    const res = await this.aws.fetch(this.url(key), { method: 'PUT', body: copy, headers: { 'Content-Type': meta.contentType } })
    if (!res.ok) await this.fail(res, 'PUT')
    await res.body?.cancel()
  }

  async head(key: string): Promise<StoredObject | null> {
    const res = await this.aws.fetch(this.url(key), { method: 'HEAD' })
    if (res.status === 404) return null
    if (!res.ok) await this.fail(res, 'HEAD')
    return { size: Number(res.headers.get('content-length') ?? 0), contentType: res.headers.get('content-type') ?? undefined }
  }

  async get(key: string, range?: ByteRange) {
    const headers: Record<string, string> = range ? { Range: `bytes=${range.start}-${range.end}` } : {}
    const res = await this.aws.fetch(this.url(key), { method: 'GET', headers })
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (!res.ok || !res.body) await this.fail(res, 'GET')
    // The whole object's size: from Content-Range on a partial answer, else Content-Length.
    const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? res.headers.get('content-length') ?? '0'
    return { size: Number(total), contentType: res.headers.get('content-type') ?? undefined, body: res.body! }
  }

  /**
   * ListObjects under the `m/` prefix, in key order after `after` (S3 lists keys in UTF-8 binary order). Version 1
   * with `marker`: every S3-compatible store has it, and the next page starts after the last key listed, which the
   * walk keeps anyway (V2's continuation token is opaque, and s3rver cannot make one on OpenSSL 3).
   */
  async list({ after, limit }: { after?: string; limit: number }): Promise<ObjectPage> {
    const q = new URLSearchParams({ prefix: 'm/', 'max-keys': String(Math.min(limit, 1000)) })
    if (after) q.set('marker', after)
    const res = await this.aws.fetch(`${this.base}?${q}`, { method: 'GET' })
    if (!res.ok) await this.fail(res, 'LIST')
    const xml = await res.text()
    const out: ListedObject[] = []
    let last: string | null = null
    // The few fields the sweep needs, read from each <Contents>; keys of any other shape are not ours to touch.
    for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = /<Key>([^<]*)<\/Key>/.exec(item)?.[1]
      const modified = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(item)?.[1] ?? '')
      last = key ?? last
      if (key && KEY_RE.test(key) && !Number.isNaN(modified.getTime())) out.push({ key, modified })
    }
    return { objects: out, next: /<IsTruncated>true<\/IsTruncated>/.test(xml) ? last : null }
  }

  async delete(key: string): Promise<void> {
    const res = await this.aws.fetch(this.url(key), { method: 'DELETE' })
    if (!res.ok && res.status !== 404) await this.fail(res, 'DELETE')
    await res.body?.cancel()
  }
}
