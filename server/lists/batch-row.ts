import { scopeFor } from '../users/scope'
import type { Where } from './sql'

/*
 * A batch's own row (sms_batch, time_batch) answers for its rows: every record or detail carries its batch's account
 * and product (all writers: send/store.ts, send/scheduler.ts, the seed), so a search by one batch can be refused or
 * totalled from that row instead of walking a million rows.
 */

/**
 * A condition that is false at once, before any row is read, when the batch row (`table alias` keyed `key` =
 * `batch`, a placeholder) belongs to an account the user may not see or fails `extra` (conditions on `alias`):
 * `not exists` of such a row is evaluated once (an uncorrelated sub-select), so another tenant's million-row batch
 * costs one key lookup instead of a walk of its rows to find none. Rows whose batch has no row are searched as before.
 */
export function foreignBatchRowGuard(
  w: Where, user: { userType: number; cusId: string }, batchRow: { table: string; alias: string; key: string }, batch: string, extra: string[] = [],
): string {
  const { table, alias, key } = batchRow
  const s = scopeFor(user, `${alias}.cus_id`, w.params.length + 1)
  w.params.push(...s.params)
  return `not exists (select 1 from ${table} ${alias} where ${alias}.${key} = ${batch} and not (${[s.sql, ...extra].join(' and ')}))`
}

/**
 * The `"__total"` row of a search by one batch: `counter` (a sub-select of the batch row's count) when the batch's
 * first and last rows in the search's order (`end('asc')`, `end('desc')`: one row each, alias-free sub-selects
 * probing an index) both meet `cover` (a WHERE over alias `m`: the conditions all of a batch's rows meet or fail
 * together, and at most one interval of time), so every row of the batch does; else `counted` (the exact count).
 * Coalesce leaves the count unrun when the counter answered (a sub-select runs when first needed).
 */
export function totalFromBatchRow(end: (dir: 'asc' | 'desc') => string, cover: string, counter: string, counted: string): string {
  return `select coalesce(
      case when (select count(*) from (${end('asc')} union all ${end('desc')}) m ${cover}) = 2
        then (${counter}) end,
      (${counted}))::int as "__total"`
}
