import { createHash, randomUUID } from 'node:crypto'

/**
 * The object store of uploads: one interface, two implementations (file-store.ts under DATA_DIR/files, s3-store.ts
 * for any S3-compatible store). Keys are made by `objectKey` from the tenant and a random id, never from a name a user
 * supplied; both stores refuse any other shape (KEY_RE), so no key can climb out of its folder or bucket.
 */
export interface StoredObject {
  /** Bytes of the whole object. */
  size: number
  /** What the store recorded, when it records types (S3 does; the file store leaves it to the database row). */
  contentType?: string
}

export interface ListedObject {
  key: string
  modified: Date
}

export interface ObjectPage {
  objects: ListedObject[]
  next: string | null
}

export interface ByteRange {
  start: number
  /** inclusive */
  end: number
}

export interface ObjectStore {
  /** Stores the bytes (or the stream, read to its end) under `key`, replacing any object there. */
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, meta: { contentType: string }): Promise<void>
  /** The object's bytes (or `range` of them), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<(StoredObject & { body: ReadableStream<Uint8Array> }) | null>
  head(key: string): Promise<StoredObject | null>
  /** Removes the object; a missing one is not an error (deletes are retried). */
  delete(key: string): Promise<void>
  /**
   * Up to `limit` objects in key order, strictly after `after` (from the first when absent), with when each was
   * written, and where the next page starts (null: this was the last): the orphan sweep's walk
   * (server/materials/sweep.ts). Only keys of KEY_RE's shape are listed.
   */
  list(opts: { after?: string; limit: number }): Promise<ObjectPage>
  /** Removes what interrupted writes left (the file store's `.tmp-*` files) older than `before`; returns how many. */
  removePartial?(before: Date): Promise<number>
  /** `files` or `s3`, for the start-up log. */
  readonly kind: string
}

/** `m/<tenant>/<uuid>`: the tenant part is a digest of the account id, so any id maps to a short safe segment. */
export const KEY_RE = /^m\/[0-9a-f]{32}\/[0-9a-f-]{36}$/

export const tenantSegment = (cusId: string) => createHash('sha256').update(cusId).digest('hex').slice(0, 32)

/** A new key for an object of `cusId`. */
export const objectKey = (cusId: string) => `m/${tenantSegment(cusId)}/${randomUUID()}`

export function assertKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error(`object key refused: ${JSON.stringify(key)}`)
}
