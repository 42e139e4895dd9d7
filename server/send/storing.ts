import type { Db } from '../db'
import type { HiddenRange } from '../lists/page'
import { TIMED_STATUS } from '../../src/domain/lists/timed'
import { INSERT_CHUNK } from './store'

/**
 * Sends of at least this many recipients are stored in chunks on PGlite. PGlite is one connection: a send stored
 * in one transaction (a million records: ~12 s) made every other request of every user wait for it. Chunks of
 * STORE_CHUNK records, each its own short transaction, let other requests run between them, while migration 036
 * keeps the batch invisible until its last chunk is in (see there). PostgreSQL keeps one transaction: other
 * connections are not blocked by it, and several processes would need a lease to tell a crashed store from a
 * running one. `SEND_CHUNKED_FROM` moves the threshold (`Infinity`: always one transaction, the bench's baseline).
 */
export const CHUNKED_FROM = Number(process.env.SEND_CHUNKED_FROM) || 2 * INSERT_CHUNK

/**
 * Records per transaction. A request waits for at most the chunk in progress before each of its queries, so the
 * chunk is kept small; more transactions cost little (measured in tests/bench/send-while-listing.bench.mjs).
 */
export const STORE_CHUNK = Number(process.env.SEND_STORE_CHUNK) || 2_000

export const storesInChunks = (db: Db, recipients: number, from = CHUNKED_FROM): boolean =>
  db.kind === 'pglite' && recipients >= from

/** Marks a batch as being stored; inside the transaction that debits and writes its sms_batch row. */
export async function beginStoring(
  tx: Db, s: { batchId: string; cusId: string; key: string; cost: number; timeBatch?: string; timedStage?: TimedStage; oldContent?: string },
): Promise<void> {
  await tx.query(
    'insert into send_storing (batch_id, cus_id, idempotency_key, cost, time_batch, timed_stage, old_content) values ($1, $2, $3, $4, $5, $6, $7)',
    [s.batchId, s.cusId, s.key, s.cost.toFixed(3), s.timeBatch ?? null, s.timedStage ?? null, s.oldContent ?? null])
  if (s.timedStage) timedStagesMaybe = true
}

/**
 * What is being stored in chunks for a timed batch named by the send_storing row itself (migration 051): its details
 * being written when it is scheduled, or rewritten when its content is edited. Absent: an immediate send, or a due
 * timed batch being sent (its row names the sms batch, and `time_batch` the timed one).
 */
export type TimedStage = 'schedule' | 'edit'

/** Details of a timed batch with sn in (after, last]: a chunk of a large edit (timed-edit.ts). */
export interface SnRange {
  after: number
  last: number
}

/**
 * PGlite runs no autovacuum: after a large chunked store the planner still judges `table` by its statistics from
 * before (the seed's, or the last store's), and a plan goes wrong: the sent-record list filtered on "waiting for a
 * report" after a 1M send took 6.7 s instead of 1.2 s (tests/bench/stale-stats.bench.mjs). So when a store added more
 * than autovacuum's own threshold (50 rows + 10% of the rows the statistics know), the table is analyzed at once,
 * outside any transaction: ANALYZE samples a bounded number of rows, ~0.8 s of PGlite's one connection at 1M records
 * on a loaded machine. PostgreSQL has its autovacuum. A failure is only logged: the send is complete either way.
 */
export async function analyzeIfGrown(db: Db, table: 'mt_record' | 'time_mt_message', added: number): Promise<boolean> {
  if (db.kind !== 'pglite') return false
  try {
    const { rows } = await db.query<{ n: number }>('select greatest(reltuples, 0)::float8 as n from pg_class where oid = $1::regclass', [table])
    if (added < 50 + 0.1 * Number(rows[0]?.n ?? 0)) return false
    await db.exec(`analyze ${table}`)
    return true
  } catch (e) {
    console.error(`[storing] analyze ${table}`, e)
    return false
  }
}

/** Lets the requests whose next query is ready queue it before a store's next chunk does. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Rows `0..n` written STORE_CHUNK at a time, each chunk its own transaction, the requests whose next query is ready
 * let in before the next chunk.
 */
export async function inChunks(db: Db, n: number, write: (tx: Db, from: number, to: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < n; i += STORE_CHUNK) {
    const to = Math.min(i + STORE_CHUNK, n)
    await db.transaction((tx) => write(tx, i, to))
    await yieldTurn()
  }
}

/** The batch becomes visible and its counts join the daily statistics (one statement, inside the last transaction). */
export async function finishStoring(tx: Db, batchId: string): Promise<void> {
  await tx.query('select send_storing_done($1)', [batchId])
}

/** The rows a send writes per recipient (by their key), deleted a chunk per transaction when it is undone. */
const PER_RECIPIENT = [['mt_record', 'sn'], ['short_link', 'code'], ['interact_message', 'code']] as const

/**
 * Undoes a batch whose storing did not finish (an error, or a crash found at the next start): its records, short
 * links and answer pages are deleted a chunk per transaction, then one transaction removes the batch and what its send
 * added beside it, refunds the debit and frees the idempotency key, so a retry sends it again and it is billed once. A timed batch the
 * scheduler was storing goes back to "to be sent" with its details, and the scheduler sends it again.
 */
export async function undoStoring(db: Db, batchId: string): Promise<void> {
  const stage = await db.query<{ timed_stage: TimedStage | null; old_content: string | null }>(
    'select timed_stage, old_content from send_storing where batch_id = $1', [batchId])
  if (stage.rows[0]?.timed_stage === 'edit') return undoEdit(db, batchId, stage.rows[0].old_content ?? '')
  const scheduling = stage.rows[0]?.timed_stage === 'schedule'
  // A timed batch being scheduled: its details (time_mt_message has no batch_id; they carry the timed batch's id).
  while (scheduling) {
    const { rows } = await db.transaction((tx) => tx.query(
      `delete from time_mt_message where sn in (select sn from time_mt_message where time_batch = $1 limit ${STORE_CHUNK}) returning 1`, [batchId]))
    if (rows.length < STORE_CHUNK) break
  }
  for (const [table, key] of PER_RECIPIENT) {
    for (;;) {
      const { rows } = await db.transaction((tx) => tx.query(
        `delete from ${table} where ${key} in (select ${key} from ${table} where batch_id = $1 limit ${STORE_CHUNK}) returning 1`, [batchId]))
      if (rows.length < STORE_CHUNK) break
    }
  }
  const timed = await db.query<{ time_batch: string | null }>('select time_batch from send_storing where batch_id = $1', [batchId])
  const timeBatch = timed.rows[0]?.time_batch
  // A timed batch's details the scheduler marked sent go back to be sent (the batch itself stays "sent" till the end).
  while (timeBatch) {
    const { rows } = await db.transaction((tx) => tx.query(
      `update time_mt_message set send_status = $2 where sn in
         (select sn from time_mt_message where time_batch = $1 and send_status = $3 limit ${STORE_CHUNK}) returning 1`,
      [timeBatch, TIMED_STATUS.toBeSent, TIMED_STATUS.sent]))
    if (rows.length < STORE_CHUNK) break
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ cus_id: string; idempotency_key: string; cost: string; time_batch: string | null }>(
      'delete from send_storing where batch_id = $1 returning cus_id, idempotency_key, cost::text as cost, time_batch', [batchId])
    if (!rows.length) return
    const { cus_id: cusId, idempotency_key: key, cost, time_batch: timeBatch } = rows[0]
    if (timeBatch) {
      await tx.query('update time_batch set send_status = $2, update_time = now() where time_batch = $1', [timeBatch, TIMED_STATUS.toBeSent])
    }
    await tx.query('delete from mt_daily_storing where batch_id = $1', [batchId])
    for (const table of ['interact_send', 'csp_send', 'video_send', 'sms_batch']) {
      await tx.query(`delete from ${table} where batch_id = $1`, [batchId])
    }
    if (scheduling) await tx.query('delete from time_batch where time_batch = $1', [batchId])
    await tx.query('update customer set balance = balance + $2::numeric where cus_id = $1', [cusId, cost])
    // A timed batch has no key of its own (the key was its request's, answered when it was scheduled).
    if (!timeBatch) await tx.query('delete from send_idempotency where cus_id = $1 and idempotency_key = $2 and response is null', [cusId, key])
  })
}

/**
 * Undoes the edit of a large timed batch's content: its details get the old content back, a chunk per transaction,
 * then one transaction puts the old content back on the batch (and its answer pages) and lets it be seen again.
 */
async function undoEdit(db: Db, timeBatch: string, oldContent: string): Promise<void> {
  // Imported here: timed-edit.ts stores edits with this module's helpers.
  const { refillInChunks } = await import('./timed-edit')
  await refillInChunks(db, timeBatch, oldContent)
  await db.transaction(async (tx) => {
    await tx.query('update time_batch set content = $2, update_time = now() where time_batch = $1', [timeBatch, oldContent])
    await tx.query('update interact_send set content = $2 where batch_id = $1', [timeBatch, oldContent])
    await tx.query('delete from send_storing where batch_id = $1', [timeBatch])
  })
}

/** At start: batches a crash left half stored (PGlite has one process, so every one listed is orphaned). */
export async function undoStoringLeft(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  const { rows } = await db.query<{ batch_id: string }>('select batch_id from send_storing order by started_at')
  for (const r of rows) {
    await undoStoring(db, r.batch_id)
    log(`[server] send ${r.batch_id} was cut off while being stored: undone and refunded`)
  }
  return rows.length
}

/**
 * The condition that hides the rows of batches still being stored (rows with `alias.batch_id`), for the lists and
 * workers that read records or batches. Only PGlite stores in chunks, so on PostgreSQL there is nothing to hide and
 * its queries stay as they were.
 */
export const visibleWhileStoring = (db: Db, alias: string, column = 'batch_id'): string | null =>
  db.kind === 'pglite' ? `not exists (select 1 from send_storing s where s.batch_id = ${alias}.${column})` : null

/**
 * `visibleWhileStoring` for reads of many rows: the batches being stored are read once per statement (a list, empty
 * nearly always) instead of probed per row, which cost a 5,000-row download batch on PGlite a tenth of its time.
 * A null batch id is visible, as with `not exists`.
 */
export const visibleWhileStoringOnce = (db: Db, alias: string, column = 'batch_id'): string | null =>
  db.kind === 'pglite' ? `coalesce(${alias}.${column} <> all(array(select batch_id from send_storing)), true)` : null

/**
 * Where a batch being stored sits in mt_record's list order (receive_time desc, sn desc): all its records carry the
 * batch's time and sns from `firstSn` up to `lastSn` (one process, PGlite's one connection: nothing else is inserted
 * inside a chunk's transaction). The newest records of every list holding the sender's account (its own, its parent
 * customer's, the administrators') are these hidden ones, so a page read through the time index would step over every
 * record stored so far, once per request, slower with each chunk; listPage reads and counts around the range instead
 * (`skip`), and leaves out whatever lies inside it. Nothing but the batch's records can: another record would need
 * the batch's very time, to the millisecond, and an sn between two of its chunks (a send stamped in the same
 * millisecond as the batch, stored between its chunks: then hidden from the lists until the batch completes, not
 * lost). Kept in memory: only PGlite stores in chunks, and one process owns a PGlite folder. Outside the ranges the
 * `not exists` of visibleWhileStoring still decides what is shown.
 */
export interface StoringRange {
  time: Date
  firstSn: number
  lastSn: number
}
const ranges = new Map<string, StoringRange>()
/** Whether a timed batch's details may be being written in chunks by this process (timedStoringRanges). */
let timedStagesMaybe = false

async function seqEnd(tx: Db): Promise<number> {
  const { rows } = await tx.query<{ v: number; called: boolean }>('select last_value::bigint as v, is_called as called from mt_record_sn_seq')
  return Number(rows[0].v) + (rows[0].called ? 1 : 0)
}

/** Before a batch's first chunk: its records will have sns from the sequence's next value on. */
export async function openStoringRange(tx: Db, batchId: string, time: Date): Promise<void> {
  const next = await seqEnd(tx)
  ranges.set(batchId, { time, firstSn: next, lastSn: next - 1 })
}

/** After a chunk's records are inserted, inside its transaction. */
export async function extendStoringRange(tx: Db, batchId: string): Promise<void> {
  const r = ranges.get(batchId)
  if (r) r.lastSn = (await seqEnd(tx)) - 1
}

export const closeStoringRange = (batchId: string) => void ranges.delete(batchId)

/**
 * The batches being stored that have records, as the ranges lists read around (lists/page.ts `skip`), newest first;
 * ranges of one time that overlap (two sends stamped in the same millisecond) are merged. Undefined when there are none.
 */
export function storingRanges(): StoringRange[] | undefined {
  const sorted = [...ranges.values()].filter((r) => r.lastSn >= r.firstSn)
    .sort((a, b) => b.time.getTime() - a.time.getTime() || b.firstSn - a.firstSn)
  const merged: StoringRange[] = []
  for (const r of sorted) {
    const prev = merged.at(-1)
    if (prev && prev.time.getTime() === r.time.getTime() && r.lastSn >= prev.firstSn) {
      merged[merged.length - 1] = { time: prev.time, firstSn: Math.min(prev.firstSn, r.firstSn), lastSn: Math.max(prev.lastSn, r.lastSn) }
    } else merged.push({ ...r })
  }
  return merged.length ? merged : undefined
}

/**
 * The sn ranges of the batches being stored that have records, in sn order, overlapping ones merged (two sends
 * stored at once interleave their chunks): for readers in sn order (the carrier's reports). Undefined when none.
 */
export function storingSnRanges(): { firstSn: number; lastSn: number }[] | undefined {
  const sorted = [...ranges.values()].filter((r) => r.lastSn >= r.firstSn).sort((a, b) => a.firstSn - b.firstSn)
  const merged: { firstSn: number; lastSn: number }[] = []
  for (const r of sorted) {
    const prev = merged.at(-1)
    if (prev && r.firstSn <= prev.lastSn + 1) prev.lastSn = Math.max(prev.lastSn, r.lastSn)
    else merged.push({ firstSn: r.firstSn, lastSn: r.lastSn })
  }
  return merged.length ? merged : undefined
}

/**
 * The timed batches whose details are being written (scheduled) or rewritten (edited) in chunks, as the ranges of the
 * detail list's order (timing_time, sn) they hide, newest first: a batch's details all carry its timing time, and
 * their sns run from the batch's first to its last (two probes of the (time_batch, sn) index). Read from the database
 * per request (send_storing is empty nearly always): the timed details list reads its page around them (lists/page.ts
 * `skip`) instead of stepping over every detail written so far, which a batch timed after every other did on each
 * request. Another batch's detail with that very timing time and an sn inside the range (one scheduled for the same
 * instant between two chunks) is left off the page until the large one completes. Undefined when there are none.
 * Looked up only after this process began such a store (`timedStagesMaybe`, cleared once none is found): otherwise
 * the list stays one statement (http/session-check-lists.test.ts), as every paged list is. PGlite is one process
 * and one connection, so no store can begin unseen, and none is half-begun (its transaction open) while this runs;
 * one a crash left is undone at start, and the list's `not exists` decides what is shown in any case.
 */
export async function timedStoringRanges(db: Db): Promise<HiddenRange[] | undefined> {
  if (db.kind !== 'pglite' || !timedStagesMaybe) return undefined
  const { rows } = await db.query<{ time: string; first: number | null; last: number | null }>(
    `select t.timing_time::text as time,
       (select min(d.sn) from time_mt_message d where d.time_batch = t.time_batch)::float8 as first,
       (select max(d.sn) from time_mt_message d where d.time_batch = t.time_batch)::float8 as last
     from send_storing s join time_batch t on t.time_batch = s.batch_id where s.timed_stage is not null
     order by t.timing_time desc, 2 desc`)
  if (!rows.length) timedStagesMaybe = false
  const found = rows.filter((r) => r.first !== null && r.last !== null)
  const merged: HiddenRange[] = []
  for (const r of found) {
    const prev = merged.at(-1)
    if (prev && prev.time === r.time && Number(r.last) >= prev.firstSn) {
      prev.firstSn = Math.min(prev.firstSn, Number(r.first))
      prev.lastSn = Math.max(prev.lastSn, Number(r.last))
    } else merged.push({ time: r.time, firstSn: Number(r.first), lastSn: Number(r.last) })
  }
  return merged.length ? merged : undefined
}

/** `visibleWhileStoring` as an `and …` to append to a WHERE, or nothing. */
export const andVisibleWhileStoring = (db: Db, alias: string, column = 'batch_id'): string => {
  const cond = visibleWhileStoring(db, alias, column)
  return cond ? `and ${cond}` : ''
}

/**
 * `visibleWhileStoring` for a search of one batch (`placeholder` holds its id): the same test made once for the
 * statement instead of per row. Per row, the batch filter made the planner believe that every record matched a
 * row of send_storing (it carries the constant over to it), so it expected one record and read and sorted the
 * whole batch for a page.
 */
export const batchVisibleWhileStoring = (db: Db, placeholder: string): string | null =>
  db.kind === 'pglite' ? `not exists (select 1 from send_storing s where s.batch_id = ${placeholder})` : null
