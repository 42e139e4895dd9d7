import { Hono, type Context } from 'hono'
import { DEFAULT_WINDOW_DAYS, INTERACT_DOWNLOAD_COLUMNS, MO_DOWNLOAD_COLUMNS, type DownloadColumn, type MoRecordSearch } from '../../../src/domain/lists/records'
import type { Deps } from '../../deps'
import { optedOutSql } from '../../opt-outs/store'
import type { Db } from '../../db'
import { localeOf, ok } from '../../http/envelope'
import { operation, type Reader } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { Where, bulkBatches, countRows, downloadResponse, listPage, orderClause, type SortMap } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { fileName, fileTime, recordRules } from './common'
import { contentCondition, fewFor } from './content'

type Row = Record<string, unknown>

/**
 * Uplink records, and interaction records: the replies that carry the whole conversation (`whole_content` set),
 * each with a partial index so either list's first page is an index walk.
 */
function moQuery(db: Db, user: SessionUser, q: MoRecordSearch, interact: boolean) {
  const rules = recordRules(user)
  const w = new Where().scope(user, 'o.cus_id')
  w.and(`o.prod_type = ${w.bind(q.prod_type)}`)
  if (interact) w.and(`o.whole_content <> ''`)
  if (rules.accountFilter) w.when(q.cus_id, (v) => `o.cus_id = ${w.bind(v)}`)
  w.when(q.mobile, (v) => `o.mobile = ${w.bind(v)}`)
  if (rules.contentFilter) w.when(q.content, (v) => contentCondition(w, 'o.content', v, db))
  w.timeWindow('o.deliver_time', q, DEFAULT_WINDOW_DAYS)
  const cols = ['o.sn', 'o.cus_id', 'c.cus_name', 'o.prod_type', 'o.src_calling_number', 'o.mobile as "decodeMobile"',
    'o.content as "decodeContent"', 'o.deliver_time']
  if (interact) cols.push('o.whole_content as "decodeWholeContent"')
  const sortable: SortMap = { deliver_time: 'o.deliver_time', cus_id: 'o.cus_id', decodeMobile: 'o.mobile', src_calling_number: 'o.src_calling_number' }
  return { select: cols.join(', '), from: 'mo_record o join customer c on c.cus_id = o.cus_id', countFrom: 'mo_record o', where: w, sortable }
}

const WORDS = {
  mo: { 'zh-CN': '上行记录', en: 'reply-records' },
  interact: { 'zh-CN': '交互记录', en: 'interaction-records' },
}

export function moRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  const list = (interact: boolean) => async (c: Context<AppEnv>, input: Reader<MoRecordSearch>) => {
    const q = await input()
    const m = moQuery(deps.db, c.get('user'), q, interact)
    const orderBy = orderClause(q, m.sortable, { by: 'deliver_time', order: 'desc' }, 'o.sn')
    // The page marks numbers on the enterprise's opt-out list (a reply of TD shows what it did).
    const select = `${m.select}, ${optedOutSql('o.mobile', 'o.cus_id')} as opted_out`
    return ok(c, await listPage(deps.db, { session: c.get('sessionCheck'), select, from: m.from, countFrom: m.countFrom, where: m.where, orderBy, page: q, sortFew: fewFor(m) }))
  }

  const download = (interact: boolean, fileColumns: DownloadColumn[]) => async (c: Context<AppEnv>, input: Reader<MoRecordSearch & { format: 'xlsx' | 'csv' }>) => {
    const q = await input()
    const locale = localeOf(c)
    const m = moQuery(deps.db, c.get('user'), q, interact)
    return downloadResponse(c, {
      format: q.format,
      filename: fileName(interact ? WORDS.interact : WORDS.mo, locale),
      columns: fileColumns.map((col) => ({
        header: col.header,
        value: col.field === 'deliver_time' ? (row: Row) => fileTime(row.deliver_time) : (row: Row) => row[col.field] as string,
      })),
      total: await countRows(deps.db, m.countFrom, m.where),
      batches: bulkBatches<Row>(deps, {
        select: m.select, from: m.from, where: m.where, order: 'desc',
        key: [{ sql: 'o.deliver_time', type: 'timestamptz' }, { sql: 'o.sn', type: 'bigint' }],
      }),
    }, locale)
  }

  operation(r, '/moRecord/list', checkedInStatement(deps.db, list(false)))
  operation(r, '/moRecord/download', auth, download(false, MO_DOWNLOAD_COLUMNS))
  operation(r, '/interact/list', checkedInStatement(deps.db, list(true)))
  operation(r, '/interact/download', auth, download(true, INTERACT_DOWNLOAD_COLUMNS))
  return r
}
