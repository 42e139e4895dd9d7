import { AwsClient } from 'aws4fetch'
import { assertKey, type ByteRange, type ObjectStore, type StoredObject } from './store'

export interface S3Settings {
  /** Endpoint, e.g. https://s3.cn-north-1.amazonaws.com.cn or http://127.0.0.1:9000 (path-style addressing). */
  url: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

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

  async delete(key: string): Promise<void> {
    const res = await this.aws.fetch(this.url(key), { method: 'DELETE' })
    if (!res.ok && res.status !== 404) await this.fail(res, 'DELETE')
    await res.body?.cancel()
  }
}
