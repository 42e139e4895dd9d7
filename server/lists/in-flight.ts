/*
 * Reading sent records around the sends in flight (table send_in_flight). A large send stamps all its records with one time
 * that only it uses and names that time in `send_in_flight` until its transaction commits (send/in-flight.ts). Its
 * records' index entries are written as it goes and stay invisible until then; a list walking newest first would
 * check every one of them. Cut at those times, the time order falls into segments that hold no record of a send in
 * flight, each an index range of its own, written with the times as constants so each is planned for its own range.
 *
 * A list goes around the names this process last saw and reads the names in flight in the same statement (one
 * snapshot, one round trip). A name it went around that the statement no longer sees belongs to a send that has
 * committed, whose records the statement may have hidden: the list reads again (`covers`). A name it did not go
 * around only cost that statement the walk; the next one goes around it.
 */

/** Per product, the names in flight the last statement of this process saw, newest first. */
const last = new Map<number, string[]>()

export const seen = (prodType: number): string[] => last.get(prodType) ?? []

export function saw(prodType: number, names: string[]): void {
  if (names.length) last.set(prodType, names)
  else last.delete(prodType)
}

/** Whether every time a statement went around was still in flight for it. */
export const covers = (names: string[], times: string[]): boolean => times.every((t) => names.includes(t))

/**
 * The product's names in flight as UTC text with microseconds (whatever the session's time zone), newest first: a
 * column of the list's statement.
 */
export const namesSql = (prodType: number) =>
  `(select coalesce(array_agg(to_char(record_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' order by record_time desc), '{}')
    from send_in_flight where prod_type = ${Math.trunc(prodType)})`

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
