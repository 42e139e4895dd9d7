import { randomUUID } from 'node:crypto'
import type { createApp } from '../app'
import type { Db } from '../db'

/* What the send route tests share: the multipart form of a send, posting it, and reading balances and counts. */

/** `n` distinct valid mobiles, `prefix` (3 digits) then 8, counting from `from`. */
export const mobilesOf = (prefix: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(8, '0')}`)

/** A send's multipart body: the payload (with a fresh idempotency key unless given) and one file part. */
export function sendForm(payload: Record<string, unknown>, part: 'numbers' | 'rows', lines: string | string[]): FormData {
  const f = new FormData()
  f.set('payload', JSON.stringify({ idempotency_key: randomUUID(), ...payload }))
  f.set(part, new Blob([Array.isArray(lines) ? lines.join('\n') : lines]), part === 'rows' ? 'rows.tsv' : 'numbers.txt')
  return f
}

/**
 * Posts a multipart send in English, as a browser sends a form: serialised, with its Content-Length (a send reserves
 * what that declares in the body budget; a body without one reserves the most a send may carry, and runs alone).
 * The envelope with the HTTP status.
 */
export async function postForm(app: { request: ReturnType<typeof createApp>['request'] }, path: string, token: string, form: FormData) {
  const serialised = new Request('http://localhost/', { method: 'POST', body: form })
  const body = new Uint8Array(await serialised.arrayBuffer())
  const res = await app.request(`/api${path}`, {
    method: 'POST', body,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': serialised.headers.get('content-type')!, 'content-length': String(body.length) },
  })
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const balanceOf = async (db: Db, cusId: string) =>
  Number((await db.query<{ b: number }>('select balance::float8 as b from customer where cus_id = $1', [cusId])).rows[0].b)

export const countOf = async (db: Db, sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n)

/** A Db that runs `gate` before its `nth` top-level transaction starts (a moment with no transaction open). */
export function gatedBefore(db: Db, nth: number, gate: () => Promise<void>): Db {
  let count = 0
  return {
    ...db,
    query: (text, params) => db.query(text, params),
    transaction: async (fn) => {
      if (++count === nth) await gate()
      return db.transaction(fn)
    },
  }
}

/** The statements of `db`'s transactions, with `each` run before each one (it may wait, or fail it). */
function intercepted(db: Db, each: (text: string) => Promise<void>): Db {
  // A transaction begun inside one (the route's, around a store function's own) is watched the same way.
  const inside = (tx: Db): Db => ({
    ...tx, query: async (t, p, o) => (await each(t), tx.query(t, p, o)), transaction: (fn) => tx.transaction((t2) => fn(inside(t2))),
  })
  return { ...db, query: (t, p, o) => db.query(t, p, o), transaction: (fn) => db.transaction((tx) => fn(inside(tx))) }
}

/** Runs `stop` (once) inside the transaction, before the first statement matching `statement`. */
export function stoppedBefore(db: Db, statement: RegExp, stop: () => Promise<void>): Db {
  let stopped = false
  return intercepted(db, async (t) => {
    if (stopped || !statement.test(t)) return
    stopped = true
    await stop()
  })
}

/** Fails the first statement matching `statement`. */
export function failingAt(db: Db, statement: RegExp): Db {
  let failed = false
  return intercepted(db, async (t) => {
    if (failed || !statement.test(t)) return
    failed = true
    throw new Error('disk full')
  })
}
