import type { Db } from '../../db'

/**
 * Imports of at least this many contacts are stored in chunks on PGlite (migration 043). PGlite is one connection:
 * 500k contacts committed in one transaction held every other user's request for the whole store. Each chunk is its
 * own short transaction; the import stays invisible until the last one. PostgreSQL keeps one transaction: other
 * connections go on meanwhile (MVCC), its commit is all or nothing and a crash rolls it back, with nothing to hide
 * or clean up, and several processes would otherwise need a lease to tell a crashed store from a running one.
 * `IMPORT_CHUNKED_FROM` moves the threshold (`Infinity`: always one transaction, the bench's baseline).
 */
export const IMPORT_CHUNKED_FROM = Number(process.env.IMPORT_CHUNKED_FROM) || 10_000

/** Contacts per transaction: another request waits for at most one chunk before each of its queries. */
export const IMPORT_STORE_CHUNK = Number(process.env.IMPORT_STORE_CHUNK) || 2_000

export const importsInChunks = (db: Db, rows: number, from = IMPORT_CHUNKED_FROM): boolean => db.kind === 'pglite' && rows >= from

/**
 * The condition that hides contacts of imports still being stored (`alias` is the ab_contact alias). The list of
 * such uploads is read once per query (an init plan) and is nearly always empty. Written over `coalesce(…)`, an
 * expression without statistics, on purpose: over import_id itself the planner knew that a group's contacts all
 * carry one import's id and estimated that none pass, and chose a sort of the whole group for a page of 20 (170 ms
 * instead of 2 ms over 200k contacts). Nothing to hide on PostgreSQL.
 */
export const contactVisible = (db: Db, alias: string): string | null =>
  db.kind === 'pglite' ? `coalesce(${alias}.import_id, 0) <> all(array(select upload_id from ab_import_storing))` : null

/** `contactVisible` as an `and …` to append to a WHERE, or nothing. */
export const andContactVisible = (db: Db, alias: string): string => {
  const cond = contactVisible(db, alias)
  return cond ? `and ${cond}` : ''
}

/** Lists the upload as being stored; inside the transaction that claimed the idempotency key. */
export async function beginImport(tx: Db, s: { uploadId: number; cusId: string; groupId: number; key: string }): Promise<void> {
  await tx.query(
    `insert into ab_import_storing (upload_id, cus_id, group_id, idempotency_key, first_id)
     select $1, $2, $3, $4, coalesce(max(id), 0) from ab_contact`, [s.uploadId, s.cusId, s.groupId, s.key])
}

/**
 * Undoes an import whose storing did not finish (an error, or a crash found at the next start): its contacts are
 * deleted a chunk per transaction, walking the primary key from where the import began, then one transaction
 * removes its storing row and frees the idempotency key. The upload itself stays, so the user can commit it again.
 */
export async function undoImport(db: Db, uploadId: number): Promise<void> {
  const { rows } = await db.query<{ first_id: string }>('select first_id::text from ab_import_storing where upload_id = $1', [uploadId])
  if (!rows.length) return
  let from = rows[0].first_id
  for (;;) {
    const { rows: gone } = await db.transaction((tx) => tx.query<{ n: number; last: string | null }>(
      `with gone as (
         delete from ab_contact where id in (select id from ab_contact where id > $2 and import_id = $1 order by id limit ${IMPORT_STORE_CHUNK})
         returning id)
       select count(*)::int as n, max(id)::text as last from gone`, [uploadId, from]))
    if (gone[0].n < IMPORT_STORE_CHUNK || !gone[0].last) break
    from = gone[0].last
  }
  await db.transaction(async (tx) => {
    const { rows: left } = await tx.query<{ cus_id: string; idempotency_key: string }>(
      'delete from ab_import_storing where upload_id = $1 returning cus_id, idempotency_key', [uploadId])
    if (!left.length) return
    await tx.query('delete from ab_import_key where cus_id = $1 and idempotency_key = $2 and response is null', [left[0].cus_id, left[0].idempotency_key])
  })
}

/** At start: imports a crash left half stored (PGlite has one process, so every one listed is orphaned). */
export async function undoImportsLeft(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  const { rows } = await db.query<{ upload_id: number }>('select upload_id from ab_import_storing order by started_at')
  for (const r of rows) {
    await undoImport(db, r.upload_id)
    log(`[server] contact import ${r.upload_id} was cut off while being stored: undone, the upload can be committed again`)
  }
  return rows.length
}
