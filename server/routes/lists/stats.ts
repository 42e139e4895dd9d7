import { withShareWords } from '../../../src/domain/lists/column-words'
import { carrierCodeText } from '../../../src/domain/carrier-codes'
import { STATUS_LABELS } from '../../../src/domain/lists/status-words'
import { Hono } from 'hono'
import { z } from 'zod'
import { FIGURE_FIELDS, FIGURE_WORDS, type Figure } from '../../../src/domain/figures'
import { LIST_TIME_ZONE } from '../../../src/domain/lists/query'
import { mtSendStatus, STATUS_WORDS, type DownloadColumn } from '../../../src/domain/lists/records'
import { BATCH_TOTALS, COUNTRY_STAT_TOTALS, type BatchTrendSearch, DIME_TOTALS, dimeSearchSchema, GATHERING_TOTALS, batchTypeKey, unionStr, type BatchRow, type DimeRow } from '../../../src/domain/lists/stats'
import type { Deps } from '../../deps'
import { localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { countRows, downloadResponse, keysetBatches, listPage, orderClause, Where } from '../../lists'
import { counterSums } from '../../lists/status-sums'
import type { SessionUser } from '../../users/repo'
import { foreignBatchGuard } from '../records/mt-batch-total'
import { col, fileColumns, mayFilterAccount, paramsOnly, today, wallTime, type Row } from './common'
import { dashboardRoutes } from './stats-dashboard'
import { PERIOD_FORMAT, rollupWhere, todayOf, trendOf, trendWindow } from './stats-sql'

const BATCH_SELECT = `b.batch_id, b.batch_type::int as batch_type, b.create_time, b.cus_id, c.cus_name, b.prod_type::int as prod_type,
  b.receive_count, greatest(b.receive_count - b.sent_count, 0) as wait_send_count, b.sent_count, b.success_count, b.failure_count,
  b.unknown_count, b.messages, b.spend, b.content as "decodeContent"`
const BATCH_SUMS: Record<(typeof BATCH_TOTALS)[number], string> = {
  receive_count: 'sum(b.receive_count)', wait_send_count: 'sum(greatest(b.receive_count - b.sent_count, 0))', sent_count: 'sum(b.sent_count)',
  success_count: 'sum(b.success_count)', failure_count: 'sum(b.failure_count)', unknown_count: 'sum(b.unknown_count)',
  messages: 'sum(b.messages)', spend: 'sum(b.spend)',
}
/** A set of batches' figures under the names of a Trend (src/domain/lists/stats.ts). */
const BATCH_FIGURES = `sum(b.receive_count)::int as receive, sum(b.sent_count)::int as sent, sum(b.success_count)::int as success,
  sum(b.failure_count)::int as failure, sum(b.unknown_count)::int as unknown, coalesce(sum(b.messages), 0)::int as messages,
  coalesce(sum(b.spend), 0) as spend`
const BATCH_SORT = {
  create_time: 'b.create_time', batch_id: 'b.batch_id', receive_count: 'b.receive_count', sent_count: 'b.sent_count',
  success_count: 'b.success_count', failure_count: 'b.failure_count', unknown_count: 'b.unknown_count', messages: 'b.messages', spend: 'b.spend',
}

function batchWhere(user: SessionUser, q: BatchTrendSearch): Where {
  const w = new Where().scope(user, 'b.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `b.cus_id = ${w.bind(v)}`)
  return w.when(q.batch_id, (v) => `b.batch_id = ${w.bind(v)}`)
    .when(q.batch_type, (v) => `b.batch_type = ${w.bind(v)}`)
    .when(q.prod_type, (v) => `b.prod_type = ${w.bind(v)}`)
    .timeWindow('b.create_time', q, null)
}

/** A period's figures (src/domain/figures.ts): submitted, and each outcome with its share of those sent. */
const COUNT_SUMS = counterSums(['receive', 'sent', 'success', 'failure', 'unknown'])
/** A period's billed messages and spend, summed from rollup rows (mt_daily's columns, kept by the record triggers). */
const MONEY_SUMS = 'coalesce(sum(messages), 0)::int as messages, coalesce(sum(spend), 0) as spend'
const sumsOf = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, `sum(g.${k})`]))

function withUnion<R extends { sent_count: number; success_count: number; failure_count: number; unknown_count: number }>(r: R) {
  return {
    ...r,
    successUnionStr: unionStr(r.success_count, r.sent_count),
    failureUnionStr: unionStr(r.failure_count, r.sent_count),
    unknownUnionStr: unionStr(r.unknown_count, r.sent_count),
  }
}

/** Per period, account and product, with replies: the grouped set of /dataGathering/dimeList (and /list without replies). */
function dimeFrom(user: SessionUser, q: z.infer<typeof dimeSearchSchema>) {
  const w = rollupWhere(user, q, 'x')
  const fmt = PERIOD_FORMAT[q.dimension]
  const grouped = `(select to_char(x.day, '${fmt}') as gathering_time, x.cus_id, x.prod_type::int as prod_type, ${COUNT_SUMS}, ${MONEY_SUMS},
      sum(reply_count)::int as reply_count
    from (select cus_id, prod_type, day, receive_count, sent_count, success_count, failure_count, unknown_count, messages, spend, 0 as reply_count from mt_daily
          union all select cus_id, prod_type, day, 0, 0, 0, 0, 0, 0, 0, reply_count from mo_daily) x
    ${w.sql} group by 1, 2, 3 having sum(x.receive_count) > 0 or sum(x.reply_count) > 0) g`
  return { w, grouped }
}

const DIME_SORT = {
  gathering_time: 'g.gathering_time', cus_id: 'g.cus_id', prod_type: 'g.prod_type', receive_count: 'g.receive_count', sent_count: 'g.sent_count',
  success_count: 'g.success_count', failure_count: 'g.failure_count', unknown_count: 'g.unknown_count', reply_count: 'g.reply_count',
  messages: 'g.messages', spend: 'g.spend',
}

/**
 * File columns of figures, named as every screen names them (FIGURE_WORDS); `fields` puts a figure in another field,
 * its "count (share%)" text, named as the grid names it (withShareWords).
 */
const figureCols = (figures: Figure[], fields: Partial<Record<Figure, string>> = {}): DownloadColumn[] =>
  figures.map((f) => ({ field: fields[f] ?? FIGURE_FIELDS[f], header: fields[f] ? withShareWords(FIGURE_WORDS[f]) : FIGURE_WORDS[f] }))
/** The outcomes written as "count (share%)" in the period files. */
const UNION_FIELDS = { delivered: 'successUnionStr', failed: 'failureUnionStr', unknown: 'unknownUnionStr' }

const BATCH_FILE = [
  col('batch_type', 'batchType'), col('create_time', 'createTime'), col('cus_id', 'account'), col('cus_name', 'accountName'), col('batch_id', 'batchId'),
  ...figureCols(['submitted', 'waiting', 'sent', 'delivered', 'failed', 'unknown', 'messages', 'spend']),
  col('decodeContent', 'content'),
]
const DIME_FILE = [
  col('gathering_time', 'gatheringTime'), col('cus_id', 'account'), col('cus_name', 'accountName'), col('prod_type', 'product'),
  ...figureCols(['submitted', 'sent']), ...figureCols(['delivered', 'failed', 'unknown'], UNION_FIELDS), ...figureCols(['messages', 'spend']),
  col('reply_count', 'replyCount'),
]
const MOBILE_FILE = [
  col('decodeMobile', 'mobile'), col('status', 'sendStatus'), col('report_result_desc', 'statusDesc'),
  col('receive_time', 'submitTime'), col('report_time', 'reportTime'),
]

export function statsRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/dataGathering/batchList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const w = batchWhere(c.get('user'), q)
    return ok(c, await listPage<BatchRow>(db, {
      session: c.get('sessionCheck'),
      select: BATCH_SELECT, from: 'sms_batch b join customer c on c.cus_id = b.cus_id', countFrom: 'sms_batch b', where: w,
      orderBy: orderClause(q, BATCH_SORT, { by: 'create_time', order: 'desc' }, 'b.batch_id'), page: q, totals: BATCH_SUMS,
    }))
  }))

  // The chart above the batch statistics: the batches its rows list, summed per day of their creation (platform
  // zone), over the chart's window (trendWindow), so the chart never disagrees with the rows under it.
  operation(r, '/dataGathering/batchTrend', auth, async (c, input) => {
    const q = await input()
    const w = batchWhere(c.get('user'), q)
    const win = trendWindow(w, q, 0, todayOf(deps))
    const wall = (d: string) => `((${d})::timestamp at time zone ${w.bind(LIST_TIME_ZONE)})`
    w.and(`b.create_time >= ${wall(win.from)}`).and(`b.create_time < ${wall(`(${win.to}) + 1`)}`)
    const grouped = `select to_char(b.create_time at time zone ${w.bind(LIST_TIME_ZONE)}, '${PERIOD_FORMAT[0]}') as p,
        ${BATCH_FIGURES} from sms_batch b ${w.sql} group by 1`
    return ok(c, await trendOf(db, w, grouped, 0, win))
  })

  operation(r, '/dataGathering/downloadBatch', auth, async (c, input) => {
    const q = await input()
    const w = batchWhere(c.get('user'), q)
    const locale = localeOf(c)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `批次统计-${today()}`, total: await countRows(db, 'sms_batch b', w),
      columns: fileColumns<Row>(BATCH_FILE, { batch_type: (row) => STATUS_LABELS[batchTypeKey(Number(row.batch_type))][locale] }),
      batches: keysetBatches<Row>(db, {
        select: BATCH_SELECT, from: 'sms_batch b join customer c on c.cus_id = b.cus_id', where: w, order: 'desc',
        key: [{ sql: 'b.create_time', type: 'timestamptz' }, { sql: 'b.batch_id', type: 'text' }],
      }),
    })
  })

  operation(r, '/dataGathering/mobileDownload', auth, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'm.cus_id')
    const batch = w.bind(q.batch_id)
    w.and(`m.batch_id = ${batch}`).and(foreignBatchGuard(w, user, q.batch_id))
    const locale = localeOf(c)
    const hidden = user.showClientStatus === 0
    return downloadResponse<Row>(c, {
      format: q.format, filename: `批次号码-${q.batch_id}`, total: await countRows(db, 'mt_record m', w),
      columns: fileColumns<Row>(MOBILE_FILE, {
        status: (row) => {
          const k = hidden ? null : mtSendStatus({ mt_status: Number(row.mt_status), report_result: row.report_result as number | null })
          return k ? STATUS_WORDS[k][locale] : ''
        },
        report_result_desc: (row) => (hidden ? '' : carrierCodeText(row.report_result_desc as string | null, locale)),
        report_time: (row) => (hidden ? '' : wallTime(row.report_time)),
      }),
      batches: keysetBatches<Row>(db, {
        select: 'm.mobile as "decodeMobile", m.mt_status, m.report_result, m.report_result_desc, m.receive_time, m.report_time',
        // The batch's records in the order they were stored (one time per stored batch: key order), a range of the
        // (batch_id, receive_time, sn) index per file batch (mt_record_batch_time_idx).
        from: 'mt_record m', where: w, order: 'asc', key: [{ sql: 'm.receive_time', type: 'timestamptz' }, { sql: 'm.sn', type: 'bigint' }],
      }),
    })
  })

  operation(r, '/dataGathering/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const { w, grouped } = dimeFrom(c.get('user'), q)
    // The per-account view of the same grouped set: products folded together.
    const byAccount = `(select gathering_time, cus_id, ${COUNT_SUMS}, ${MONEY_SUMS} from ${grouped} group by 1, 2 having sum(receive_count) > 0) g`
    const page = await listPage<DimeRow>(db, {
      session: c.get('sessionCheck'),
      select: 'g.*, c.cus_name', from: `${byAccount} join customer c on c.cus_id = g.cus_id`, countFrom: byAccount, where: paramsOnly(w),
      orderBy: orderClause(q, DIME_SORT, { by: 'gathering_time', order: 'desc' }, 'g.cus_id'), page: q, totals: sumsOf(GATHERING_TOTALS),
    })
    return ok(c, { ...page, records: page.records.map(withUnion) })
  }))

  operation(r, '/dataGathering/dimeList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const { w, grouped } = dimeFrom(c.get('user'), q)
    const page = await listPage<DimeRow>(db, {
      session: c.get('sessionCheck'),
      select: 'g.*, c.cus_name', from: `${grouped} join customer c on c.cus_id = g.cus_id`, countFrom: grouped, where: paramsOnly(w),
      orderBy: orderClause(q, DIME_SORT, { by: 'gathering_time', order: 'desc' }, 'g.cus_id, g.prod_type'), page: q, totals: sumsOf(DIME_TOTALS),
    })
    return ok(c, { ...page, records: page.records.map(withUnion) })
  }))

  operation(r, '/dataGathering/downloadDimeList', auth, async (c, input) => {
    const q = await input()
    const { w, grouped } = dimeFrom(c.get('user'), q)
    const pw = paramsOnly(w)
    const from = `${grouped} join customer c on c.cus_id = g.cus_id`
    const { rows } = await db.query<Row>(`select g.*, c.cus_name from ${from} order by g.gathering_time desc, g.cus_id, g.prod_type`, pw.params)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `统计-${today()}`, total: rows.length,
      columns: fileColumns<Row>(DIME_FILE),
      // A grouped set is at most periods × accounts × products rows: small enough to read at once.
      batches: (async function* () { for (let i = 0; i < rows.length; i += 5000) yield rows.slice(i, i + 5000).map((x) => withUnion(x as DimeRow)) })(),
    })
  })

  operation(r, '/dataGathering/countryList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    // Every record of the product, those without a country ('') in a row of their own: the rows add up to the
    // overview's figures of the same days.
    const w = rollupWhere(c.get('user'), { ...q, prod_type: q.prod_type ?? 1 }, 'd')
    w.when(q.country, (v) => `d.country = ${w.bind(v.toUpperCase())}`)
    const name = localeOf(c) === 'en' ? 'name_en' : 'name_zh'
    const grouped = `(select d.country, ${COUNT_SUMS}, ${MONEY_SUMS} from mt_daily d ${w.sql} group by 1 having sum(d.receive_count) > 0) g`
    const page = await listPage<DimeRow>(db, {
      session: c.get('sessionCheck'),
      select: `g.*, coalesce(ct.${name}, g.country) as "countryName"`, from: `${grouped} left join country ct on ct.iso = g.country`,
      countFrom: grouped, where: paramsOnly(w), page: q, totals: sumsOf(COUNTRY_STAT_TOTALS),
      orderBy: orderClause(q, { country: 'g.country', receive_count: 'g.receive_count', sent_count: 'g.sent_count', success_count: 'g.success_count',
        failure_count: 'g.failure_count', unknown_count: 'g.unknown_count', messages: 'g.messages', spend: 'g.spend' }, { by: 'sent_count', order: 'desc' }, 'g.country'),
    })
    return ok(c, { ...page, records: page.records.map(withUnion) })
  }))

  r.route('/', dashboardRoutes(deps))
  return r
}
