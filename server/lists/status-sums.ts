import {
  COUNTER_STATUSES, FILTER_STATUS, MT_SEND_STATUSES, STATUS_COUNTERS, type MtCounter,
} from '../../src/domain/lists/mt-counters'
import { MT_STATUS_REVIEW, MT_STATUS_SUCCESS, MT_STATUS_TIMEOUT, MT_STATUS_WAITING, type MtSendStatusKey } from '../../src/domain/lists/records'

/*
 * The send statuses and counters of src/domain/lists/mt-counters.ts in SQL: the conditions on a record (the text the
 * schema's triggers use), the counts of records, and the sums of counter columns the routes answer with.
 */

const CODE: Partial<Record<MtSendStatusKey, number>> = { review: MT_STATUS_REVIEW, waiting: MT_STATUS_WAITING, timeout: MT_STATUS_TIMEOUT }
const dot = (alias: string) => (alias ? `${alias}.` : '')
const success = (a: string) => `${a}mt_status = ${MT_STATUS_SUCCESS} and ${a}report_result = 0`
const codes = (keys: readonly MtSendStatusKey[]) => (keys.every((k) => CODE[k] !== undefined) ? keys.map((k) => CODE[k]!) : null)

/** The condition of a record having one of `keys`' send statuses, or null when that is every record. */
function statusesSql(keys: readonly MtSendStatusKey[], alias: string): string | null {
  const a = dot(alias)
  const others = MT_SEND_STATUSES.filter((k) => !keys.includes(k))
  if (!others.length) return null
  if (keys.length === 1 && keys[0] === 'success') return success(a)
  if (keys.length === 1 && keys[0] === 'failure') {
    // report_result may be null: a record of status 0 without a result is a failure, as mtSendStatus reads it.
    return `${a}mt_status not in (${codes(['review', 'waiting', 'timeout'])!.join(', ')}) and not (${a}mt_status = ${MT_STATUS_SUCCESS} and ${a}report_result is not distinct from 0)`
  }
  const inside = codes(keys)
  if (inside) return inside.length === 1 ? `${a}mt_status = ${inside[0]}` : `${a}mt_status in (${inside.join(', ')})`
  const outside = codes(others)
  if (outside) return outside.length === 1 ? `${a}mt_status <> ${outside[0]}` : `${a}mt_status not in (${outside.join(', ')})`
  throw new Error(`no SQL for the send statuses ${keys.join(', ')}`)
}

/** The condition of a record counting in `counter`, or null for receive (every record). */
export const counterCondition = (counter: MtCounter, alias = ''): string | null => statusesSql(COUNTER_STATUSES[counter], alias)

/** The condition of a status filter value on a record; a value naming no send status matches its code alone. */
export function statusFilterCondition(status: number, alias = 'm'): string {
  const key = FILTER_STATUS[status]
  return key ? `(${statusesSql([key], alias)})` : `${dot(alias)}mt_status = ${Number(status)}`
}

/** `count(*) filter (where …)::int as <name>, …`: the counters of the records read, as the rollups hold them. */
export function recordCounts(counters: readonly MtCounter[], name: (c: MtCounter) => string = (c) => `${c}_count`): string {
  return counters.map((c) => {
    const only = counterCondition(c)
    return `count(*)${only ? ` filter (where ${only})` : ''}::int as ${name(c)}`
  }).join(', ')
}

/**
 * `coalesce(sum(<alias>.<counter>_count) filter (where <only>), 0)::int as <name>, …`: counter columns summed over
 * rollup or batch rows, `only` picking some of them.
 */
export function counterSums(counters: readonly MtCounter[], o: { alias?: string; only?: string; name?: (c: MtCounter) => string } = {}): string {
  const f = o.only ? ` filter (where ${o.only})` : ''
  const name = o.name ?? ((c) => `${c}_count`)
  return counters.map((c) => `coalesce(sum(${dot(o.alias ?? '')}${c}_count)${f}, 0)::int as ${name(c)}`).join(', ')
}

/**
 * What a status filter value counts in counter columns (`b.unknown_count - b.timeout_count`), received when no status
 * is picked; null when a counter it needs is not among `kept` (the daily rollups keep no time-outs).
 */
export function statusFilterCount(status: number | undefined, alias: string, kept: readonly MtCounter[]): string | null {
  if (status === undefined) return `${dot(alias)}receive_count`
  const key = FILTER_STATUS[status]
  const counters = key ? STATUS_COUNTERS[key] : null
  if (!counters || !counters.every((c) => kept.includes(c))) return null
  return counters.map((c) => `${dot(alias)}${c}_count`).join(' - ')
}

/** `… as messages, … as spend`: the billed messages and spend of the records read, as the rollups and batches hold them. */
export const RECORD_MONEY = 'coalesce(sum(sms_messages(coalesce(content, \'\'))), 0)::int as messages, coalesce(sum(price), 0) as spend'
