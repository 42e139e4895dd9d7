import { platformDay } from '../../../src/domain/date-time'
import type { Deps } from '../../deps'
import { Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { mayFilterAccount } from './common'

export const PERIOD_FORMAT = ['YYYY-MM-DD', 'YYYY-MM', 'YYYY'] as const

/**
 * Today as a calendar day of the platform's zone (yyyy-MM-dd), by the server's clock (Deps.now, which tests pin): the
 * day every figure's "today", "yesterday" and "this month" count from. Bound into the statements as a date.
 */
export const todayOf = (deps: Pick<Deps, 'now'>): string => platformDay(deps.now())

/**
 * The rollup rows (mt_daily, mo_daily) a user may see under the statistics filters. Days compare as dates: a
 * `start_time`/`end_time` with a time keeps its day, since the rollups hold whole days.
 */
export function rollupWhere(user: SessionUser, q: { cus_id?: string; prod_type?: number; start_time?: string; end_time?: string }, a: string): Where {
  const w = new Where().scope(user, `${a}.cus_id`)
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `${a}.cus_id = ${w.bind(v)}`)
  return w.when(q.prod_type, (v) => `${a}.prod_type = ${w.bind(v)}`)
    .when(q.start_time, (v) => `${a}.day >= ${w.bind(v.slice(0, 10))}::date`)
    .when(q.end_time, (v) => `${a}.day <= ${w.bind(v.slice(0, 10))}::date`)
}
