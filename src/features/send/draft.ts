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
  /** datetime-local value of a timed send. */
  time: string
  numbers: NumberState
  /** Kept so a retry after a lost reply reuses the key and the server sends nothing twice. */
  idempotencyKey: string
}

const DB = 'sms-console'
const STORE = 'drafts'
const keyOf = (kind: string) => `${kind}-send`

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

/** The kind's draft; a record of an older shape (the first bulk-send drafts kept `content` at the top) is adapted. */
export async function loadDraft<F>(kind: string): Promise<Draft<F> | undefined> {
  const d = await run<(Draft<F> & { content?: string }) | undefined>('readonly', (s) => s.get(keyOf(kind))).catch(() => undefined)
  if (!d || !d.numbers || typeof d.idempotencyKey !== 'string') return undefined
  return d.fields ? d : { ...d, fields: { content: d.content ?? '' } as F }
}
export const saveDraft = <F>(kind: string, d: Draft<F>) => run('readwrite', (s) => s.put(d, keyOf(kind)))
export const clearDraft = (kind: string) => run('readwrite', (s) => s.delete(keyOf(kind))).catch(() => undefined)
