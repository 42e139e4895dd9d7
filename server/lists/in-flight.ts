import type { Db } from '../db'

/*
 * Reading sent records around the sends in flight (migration 082). A large send stamps all its records with one time
 * that only it uses and names that time in `send_in_flight` until its transaction commits (send/in-flight.ts). Its
 * records' index entries are written as it goes and stay invisible until then; a list walking newest first would
 * check every one of them. Cut at those times, the time order falls into segments that hold no record of a send in
 * flight, each an index range of its own, written with the times as constants so each is planned for its own range.
 */

/** The times of a product's sends in flight, newest first, as PostgreSQL writes them (microseconds kept). */
export async function inFlightTimes(db: Db, prodType: number): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    'select record_time::text as t from send_in_flight where prod_type = $1 order by record_time desc', [prodType], { prepare: true })
  return rows.map((r) => r.t)
}

/**
 * Whether every one of `times` is still in flight. Read after a list's statement: a name is deleted only by its send's
 * commit, so one still there now was there for that statement too, and the send's records were not yet visible to it.
 * One gone may have committed before the statement read, which then hid visible records: the list reads again.
 */
export async function stillInFlight(db: Db, times: string[]): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from send_in_flight where record_time = any($1::timestamptz[])', [times], { prepare: true })
  return rows[0].n === times.length
}

const TIME_TEXT = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+\+00$/

/** A time read from the table as a constant (checked: it is the database's own text of a UTC time). */
const constant = (t: string) => {
  if (!TIME_TEXT.test(t)) throw new Error(`not a time: ${t}`)
  return `'${t}'::timestamptz`
}

/**
 * The conditions picking each segment of the records' time (`m.receive_time`) between `times` (newest first), newest
 * segment first: one more than the times, none holding a record at any of them.
 */
export function segments(times: string[]): string[] {
  const at = times.map(constant)
  return Array.from({ length: at.length + 1 }, (_, i) =>
    [i > 0 && `m.receive_time < ${at[i - 1]}`, i < at.length && `m.receive_time > ${at[i]}`].filter(Boolean).join(' and '))
}
