import type { Db } from '../db'

/**
 * From this many records a send names its records' time in `send_in_flight` while it stores them (the table's
 * comment in the baseline migration, lists/in-flight.ts), so lists read around them. A list walks 20,000 uncommitted entries in some 20 ms (300,000 took
 * 340 ms for the administrator's "waiting" page).
 */
export const IN_FLIGHT_FROM = 20_000

/** A send's records' time while it is in flight: named in `send_in_flight` until `done` deletes it in the transaction. */
export interface InFlight {
  /** The time every record carries, with microseconds (text, as PostgreSQL reads it). */
  time: string
  /** In the send's transaction, as its last write: the row goes with the commit that makes the records visible. */
  done(tx: Db): Promise<void>
  /** After the transaction failed: the row is removed (it hides nothing, and the next large send would remove it). */
  forget(): Promise<void>
}

const TRIES = 5
const POOL_WAIT_MS = 2000
const waited = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())

/**
 * Names a time for a send's records, `now` with a microsecond of its own, in a statement committed on its own (`db`,
 * not the send's transaction): from then on, lists read around it. Every other record's time has no microseconds
 * (stamped by the server's clock, in milliseconds) or is older; the row's key and the check of the product's records
 * make it unique. Locked by the send's transaction (`tx`), which skips the clearing of rows left by crashed sends.
 * Null when no time could be named (the send then stores as it would: correct, only the lists are slower meanwhile).
 */
export async function nameInFlight(db: Db, tx: Db, prodType: number, batchId: string, now: Date): Promise<InFlight | null> {
  for (let i = 0; i < TRIES; i++) {
    const time = now.toISOString().replace('Z', `${String(1 + Math.floor(Math.random() * 999)).padStart(3, '0')}Z`)
    // On another connection than the send's: with every connection taken by sends waiting here, none would come back,
    // so after a short wait the send goes on without (a row named later hides a time no record carries).
    const named = db.query(
      `with cleared as (
         delete from send_in_flight where record_time in (
           select record_time from send_in_flight where created < now() - interval '1 minute' for update skip locked))
       insert into send_in_flight (prod_type, record_time, batch_id)
       select $1, $2::timestamptz, $3
       where not exists (select 1 from mt_record where prod_type = $1 and receive_time = $2::timestamptz)
       on conflict do nothing returning 1`,
      [prodType, time, batchId])
    named.catch(() => {})
    const rows = await Promise.race([named.then((r) => r.rows), waited(POOL_WAIT_MS)])
    if (!rows) return null
    if (!rows.length) continue
    await tx.query('select 1 from send_in_flight where record_time = $1::timestamptz for update', [time])
    return {
      time,
      done: async (t) => void (await t.query('delete from send_in_flight where record_time = $1::timestamptz', [time])),
      forget: async () => void (await db.query('delete from send_in_flight where record_time = $1::timestamptz', [time]).catch(() => {})),
    }
  }
  return null
}
