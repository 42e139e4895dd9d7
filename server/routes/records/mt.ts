import { carrierCodeText } from '../../../src/domain/carrier-codes'
import { Hono, type Context } from 'hono'
import type { Locale } from '../../../src/domain/constants'
import { DEFAULT_WINDOW_DAYS, INTL_PRICE_PERMISSION, PROD_CSP, PROD_INTERNATIONAL, PROD_ORDINARY, PROD_VIDEO, mtDownloadColumns, type MtRecordSearch } from '../../../src/domain/lists/records'
import type { Deps } from '../../deps'
import { operatorPrefixes, type OperatorOrOther } from '../../../src/domain/operators'
import { optedOutSql } from '../../opt-outs/store'
import type { Db } from '../../db'
import { localeOf, ok } from '../../http/envelope'
import { operation, type Reader } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { CountCache, Where, bulkBatches, countRows, downloadResponse, listPage, orderClause, present, type SortMap, type TotalQuery } from '../../lists'
import { hasPermission } from '../../users/permissions'
import type { SessionUser } from '../../users/repo'
import { fileName, fileTimeSql, monthColumn, recordFilters, recordRules, statusColumns, statusWord } from './common'
import { fewFor } from './content'
import { TIME_ORDERS, contentDays, contentPage, contentTotal } from './content-rollup'
import { batchTotal, foreignBatchGuard } from './mt-batch-total'
import { rollupTotal } from './mt-total'

type Search = MtRecordSearch & { prod_type?: number; country?: string }

type Row = Record<string, unknown>

const FILE_WORDS: Record<number, { 'zh-CN': string; en: string }> = {
  [PROD_ORDINARY]: { 'zh-CN': '发送记录', en: 'sent-records' },
  [PROD_INTERNATIONAL]: { 'zh-CN': '国际发送记录', en: 'international-sent-records' },
  [PROD_VIDEO]: { 'zh-CN': '视频短信发送记录', en: 'video-sent-records' },
  [PROD_CSP]: { 'zh-CN': '5G消息发送记录', en: 'csp-sent-records' },
}

/** Everything a sent-record query needs for one user and search; the list and the download share it. */
function mtQuery(db: Db, user: SessionUser, q: Search, prodType: number, locale: Locale) {
  const rules = recordRules(user)
  const intl = prodType === PROD_INTERNATIONAL
  const withPrice = intl && hasPermission(user, INTL_PRICE_PERMISSION)
  // The conditions all records of one batch meet or fail together, but for the window (one interval): batchTotal's.
  const cover = (w: Where) => {
    w.scope(user, 'm.cus_id').and(`m.prod_type = ${w.bind(prodType)}`)
    if (rules.accountFilter) w.when(q.cus_id, (v) => `m.cus_id = ${w.bind(v)}`)
    if (present(q.batch_id)) w.and(`m.batch_id = ${w.bind(q.batch_id)}`)
    return w.timeWindow('m.receive_time', q, DEFAULT_WINDOW_DAYS)
  }
  const w = recordFilters(cover(new Where()), q, rules, db)
  // A batch page's failure groups lead here: one report code (hidden with the status), one operator's numbers.
  if (rules.statusFilter) w.when(q.report_code, (v) => `m.report_result_desc = ${w.bind(v.toUpperCase())}`)
  w.when(q.operator, (v) => `left(m.mobile, 4) = any(${w.bind(operatorPrefixes(v as OperatorOrOther))}::text[])`)
  if (intl) w.when(q.country, (v) => `m.country_code = ${w.bind(v.toUpperCase())}`)
  w.when(q.batch_id, (v) => foreignBatchGuard(w, user, v, prodType, rules.accountFilter && present(q.cus_id) ? q.cus_id : undefined))

  // The file's select: the list's columns with both times as the file writes them (fileTimeSql).
  const columns = (forFile: boolean) => {
    const cols = [
      'm.sn', 'm.cus_id', 'c.cus_name', 'm.prod_type', 'm.mobile as "decodeMobile"', 'm.content as "decodeContent"',
      monthColumn('m.receive_time', forFile), statusColumns(rules, forFile), forFile ? `${fileTimeSql('m.receive_time')} as receive_time` : 'm.receive_time', 'm.batch_id',
    ]
    if (prodType === PROD_VIDEO) cols.push('m.template_name as title')
    if (prodType === PROD_CSP) cols.push('m.template_name')
    if (intl) cols.push('m.country_code as country', `${locale === 'en' ? 'co.name_en' : 'co.name_zh'} as "countryName"`)
    if (withPrice) cols.push('m.price', `to_char(m.price, 'FM999990.0000') as "priceStr"`)
    // The list marks numbers on the enterprise's opt-out list (a file leaves it to the opt-out list's own download).
    if (!forFile) cols.push(`${optedOutSql('m.mobile', 'm.cus_id')} as opted_out`)
    // (a file shows neither the key nor the product: a field fewer is a string fewer per row to decode)
    return (forFile ? cols.filter((c) => c !== 'm.sn' && c !== 'm.prod_type') : cols).join(', ')
  }
  const from = `mt_record m join customer c on c.cus_id = m.cus_id${intl ? ' left join country co on co.iso = m.country_code' : ''}`

  const sortable: SortMap = {
    receive_time: 'm.receive_time', cus_id: 'm.cus_id', decodeMobile: 'm.mobile', batch_id: { sql: 'm.batch_id', nullable: true },
  }
  if (rules.showStatus) Object.assign(sortable, { report_time: { sql: 'm.report_time', nullable: true }, mt_status: 'm.mt_status' })
  if (intl) sortable.country = { sql: 'm.country_code', nullable: true }
  if (withPrice) sortable.price = 'm.price'
  return { select: columns(false), fileSelect: columns(true), from, countFrom: 'mt_record m', where: w, sortable, withPrice, cover }
}

const drills = (q: Search) => present(q.report_code) || present(q.operator)

/** The total from the daily rollups or the batch's counters, when either can answer the search exactly. */
function cheapTotal(deps: Deps, m: ReturnType<typeof mtQuery>, user: SessionUser, q: Search, prodType: number): TotalQuery | null {
  // No rollup or counter is kept per report code or operator: such a search is counted (a batch's, on its index).
  if (drills(q)) return null
  const rules = recordRules(user)
  const intl = prodType === PROD_INTERNATIONAL
  const days = contentDaysOf(deps, m, user, q, prodType)
  return rollupTotal(m.where, user, q, prodType, rules, intl) ?? (days && contentTotal(days)) ?? batchTotal(m.where, m.cover, q, rules, intl)
}

/** A content search's days from the per-content rollup (content-rollup.ts). */
const contentDaysOf = (deps: Deps, m: ReturnType<typeof mtQuery>, user: SessionUser, q: Search, prodType: number) =>
  (deps.config.contentRollup === false || drills(q) ? null
    : contentDays(m.where, user, q, prodType, recordRules(user), prodType === PROD_INTERNATIONAL))

export function mtRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const counts = new CountCache(deps.config.listCountCacheMs)

  const list = (prodOf: (q: Search) => number) => async (c: Context<AppEnv>, input: Reader<Search>) => {
    const q = await input()
    const user = c.get('user')
    const prodType = prodOf(q)
    const m = mtQuery(deps.db, user, q, prodType, localeOf(c))
    const orderBy = orderClause(q, m.sortable, { by: 'receive_time', order: 'desc' }, 'm.sn')
    const spec = {
      select: m.select, from: m.from, countFrom: m.countFrom, where: m.where, orderBy, page: q, session: c.get('sessionCheck'), sortFew: fewFor(m),
      aroundSends: prodType,
    }
    if (deps.config.listTotals === 'exact') return ok(c, await listPage(deps.db, spec))
    // A content search in time order: its page read from the days the per-content rollup found matches in.
    const days = TIME_ORDERS[orderBy] ? contentDaysOf(deps, m, user, q, prodType) : null
    if (days) return ok(c, await contentPage(deps.db, days, spec))
    const totalQuery = cheapTotal(deps, m, user, q, prodType)
    if (totalQuery) return ok(c, await listPage(deps.db, { ...spec, totalQuery }))
    // Searches the rollups cannot answer are counted, and the count is remembered for a few seconds (count-cache.ts).
    const key = JSON.stringify([m.countFrom, m.where.sql, m.where.params])
    const knownTotal = counts.get(key)
    const page = await listPage(deps.db, { ...spec, knownTotal })
    if (knownTotal === undefined) counts.set(key, page.total)
    return ok(c, page)
  }

  const download = (prodOf: (q: Search) => number) => async (c: Context<AppEnv>, input: Reader<Search & { format: 'xlsx' | 'csv' }>) => {
    const q = await input()
    const locale = localeOf(c)
    const prodType = prodOf(q)
    const user = c.get('user')
    const m = mtQuery(deps.db, user, q, prodType, locale)
    // The total as the list reads it: from the daily rollups when they can answer, else counted.
    const byRollup = cheapTotal(deps, m, user, q, prodType)
    // (through listPage with an empty page: the rollup query's placeholders continue the where's, typed by it)
    const total = byRollup
      ? (await listPage(deps.db, { select: 'm.sn', from: m.countFrom, where: m.where, orderBy: '', page: { pageNumber: 1, pageSize: 0 }, totalQuery: byRollup })).total
      : await countRows(deps.db, m.countFrom, m.where)
    const fileColumns = mtDownloadColumns(prodType, m.withPrice)
    const columns = fileColumns.map((col) => ({
      header: col.header,
      value: col.field === 'status' ? (row: Row) => statusWord(row as never, locale)
        : col.field === 'report_result_desc' ? (row: Row) => carrierCodeText(row.report_result_desc as string | null, locale)
        : (row: Row) => row[col.field] as string | number | null,
    }))
    const read = { from: m.from, where: m.where, order: 'desc' as const, key: [{ sql: 'm.receive_time', type: 'timestamptz' }, { sql: 'm.sn', type: 'bigint' }] }
    return downloadResponse(c, {
      format: q.format,
      filename: fileName(FILE_WORDS[prodType], locale),
      columns,
      total,
      // Read through a cursor in the database's own process while this one formats the rows.
      batches: bulkBatches<Row>(deps, { ...read, select: m.fileSelect }),
    }, locale)
  }

  const ordinary = () => PROD_ORDINARY
  const chosen = (q: Search) => q.prod_type ?? PROD_VIDEO
  // The lists check the session in their own statement (http/session-check.ts); downloads sign in first.
  operation(r, '/mtRecord/list', checkedInStatement(deps.db, list(ordinary)))
  operation(r, '/mtRecord/download', auth, download(ordinary))
  operation(r, '/newMtRecord/list', checkedInStatement(deps.db, list(chosen)))
  operation(r, '/newMtRecord/download', auth, download(chosen))
  return r
}
