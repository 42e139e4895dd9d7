import type { NumberState } from './number-sources'

/*
 * A composed send survives a reload or a crashed tab: one record per send kind in IndexedDB (localStorage holds
 * only strings and ~5 MB; the numbers of a big send are many megabytes of bytes, which IndexedDB stores as they
 * are). Raw IndexedDB rather than a wrapper package: one store, one key per kind, get/put/delete.
 */
export interface Draft<F = Record<string, unknown>> {
  /** The kind's own fields (content, template, link, …), as its page keeps them. */
  fields: F
  timed: boolean
  /** The typed time of a timed send (yyyy-MM-dd HH:mm, platform zone), kept as typed. */
  time: string
  numbers: NumberState
  /** Kept so a retry after a lost reply reuses the key and the server sends nothing twice. */
  idempotencyKey: string
}

const DB = 'sms-console'
const STORE = 'drafts'
/**
 * One record per account and kind: two accounts signed in one after the other in this browser never see each
 * other's content or numbers (`account` is the signed-in cus_id).
 */
export const draftKey = (account: string, kind: string) => `${account}:${kind}-send`

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1)
    req.onupgradeneeded = () => req.result.createObjectStore(STORE)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = op(db.transaction(STORE, mode).objectStore(STORE))
      req.onsuccess = () => resolve(req.result as T)
      req.onerror = () => reject(req.error)
    })
  } finally {
    db.close()
  }
}

/**
 * Byte arrays of a draft past this size are stored as Blobs. Putting a Uint8Array into IndexedDB serialises its bytes
 * on the main thread on every save, and the draft is saved 400 ms after each change: for the 12 MB of a million
 * numbers, put() took 35–54 ms in Chromium, at every pause in typing; with a Blob, 0.3–6 ms. A Blob is cloned by
 * reference, and one is made per byte array (the same array saved again reuses it).
 */
const BLOB_FROM_BYTES = 64 * 1024
const blobs = new WeakMap<Uint8Array, Blob>()

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype

export function pack(v: unknown): unknown {
  if (v instanceof Uint8Array) {
    if (v.byteLength < BLOB_FROM_BYTES) return v
    let blob = blobs.get(v)
    if (!blob) blobs.set(v, (blob = new Blob([v as BlobPart])))
    return blob
  }
  if (Array.isArray(v)) return v.map(pack)
  return isPlain(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, pack(x)])) : v
}

export async function unpack(v: unknown): Promise<unknown> {
  if (v instanceof Blob) {
    const bytes = new Uint8Array(await v.arrayBuffer())
    // Saved again unchanged, it is the same Blob.
    blobs.set(bytes, v)
    return bytes
  }
  if (Array.isArray(v)) return Promise.all(v.map(unpack))
  if (!isPlain(v)) return v
  const entries = await Promise.all(Object.entries(v).map(async ([k, x]) => [k, await unpack(x)] as const))
  return Object.fromEntries(entries)
}

/** The kind's draft; a record of an older shape (the first bulk-send drafts kept `content` at the top) is adapted. */
export async function loadDraft<F>(account: string, kind: string): Promise<Draft<F> | undefined> {
  const stored = await run<unknown>('readonly', (s) => s.get(draftKey(account, kind))).catch(() => undefined)
  const d = (await unpack(stored).catch(() => undefined)) as (Draft<F> & { content?: string }) | undefined
  if (!d || !d.numbers || typeof d.idempotencyKey !== 'string') return undefined
  // Drafts saved before every invalid line was kept have only the samples.
  const numbers = { ...d.numbers, rejected: d.numbers.rejected ?? [] }
  return d.fields ? { ...d, numbers } : { ...d, numbers, fields: { content: d.content ?? '' } as F }
}
export const saveDraft = <F>(account: string, kind: string, d: Draft<F>) =>
  run('readwrite', (s) => s.put(pack(d), draftKey(account, kind)))
export const clearDraft = (account: string, kind: string) =>
  run('readwrite', (s) => s.delete(draftKey(account, kind))).catch(() => undefined)
