import type { NumberState } from './number-sources'

/*
 * The composed send survives a reload or a crashed tab: one record in IndexedDB (localStorage holds only strings
 * and ~5 MB; the numbers of a big send are many megabytes of bytes, which IndexedDB stores as they are). Raw
 * IndexedDB rather than a wrapper package: one store, one key, get/put/delete.
 */
export interface Draft {
  content: string
  timed: boolean
  /** datetime-local value of a timed send. */
  time: string
  numbers: NumberState
  /** Kept so a retry after a lost reply reuses the key and the server sends nothing twice. */
  idempotencyKey: string
}

const DB = 'sms-console'
const STORE = 'drafts'
const KEY = 'group-send'

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

export const loadDraft = () => run<Draft | undefined>('readonly', (s) => s.get(KEY)).catch(() => undefined)
export const saveDraft = (d: Draft) => run('readwrite', (s) => s.put(d, KEY))
export const clearDraft = () => run('readwrite', (s) => s.delete(KEY)).catch(() => undefined)
