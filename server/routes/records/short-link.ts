import { Hono } from 'hono'
import { DEFAULT_WINDOW_DAYS, PROD_ORDINARY, SHORT_LINK_DOWNLOAD_COLUMNS, STATUS_WORDS, type ShortLinkSearch } from '../../../src/domain/lists/records'
import type { Deps } from '../../deps'
import type { Db } from '../../db'
import { localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { Where, bulkBatches, countRows, downloadResponse, listPage, orderClause, type SortMap } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { fileName, fileTime, mtFilters, recordRules, statusColumns, statusWord } from './common'
import { fewFor } from './content'

type Row = Record<string, unknown>

/** Ordinary sends that carried a promotion link (long_link set); a partial index keeps them apart from the rest. */
function shortLinkQuery(db: Db, user: SessionUser, q: ShortLinkSearch) {
  const rules = recordRules(user)
  const w = new Where().scope(user, 'm.cus_id')
  w.and(`m.prod_type = ${w.bind(PROD_ORDINARY)}`).and('m.long_link is not null')
  mtFilters(w, q, rules, db)
  w.when(q.click_status, (v) => (v === 1 ? 'm.click_time is not null' : 'm.click_time is null'))
  w.timeWindow('m.receive_time', q, DEFAULT_WINDOW_DAYS)
  const select = ['m.sn', 'm.cus_id', 'c.cus_name', statusColumns(rules), 'm.mobile as "decodeMobile"', 'm.content as "decodeContent"',
    'm.long_link as "mtLonglink"', 'm.click_time is not null as clicked', 'm.click_time', 'm.osystem', 'm.browser', 'm.receive_time'].join(', ')
  const sortable: SortMap = {
    receive_time: 'm.receive_time', click_time: { sql: 'm.click_time', nullable: true }, cus_id: 'm.cus_id', decodeMobile: 'm.mobile',
  }
  return { select, from: 'mt_record m join customer c on c.cus_id = m.cus_id', countFrom: 'mt_record m', where: w, sortable }
}

export function shortLinkRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)

  operation(r, '/shortChainTool/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const m = shortLinkQuery(deps.db, c.get('user'), q)
    const orderBy = orderClause(q, m.sortable, { by: 'receive_time', order: 'desc' }, 'm.sn')
    return ok(c, await listPage(deps.db, {
      session: c.get('sessionCheck'), select: m.select, from: m.from, countFrom: m.countFrom, where: m.where, orderBy, page: q, sortFew: fewFor(m),
      aroundSends: PROD_ORDINARY,
    }))
  }))

  operation(r, '/shortChainTool/download', auth, async (c, input) => {
    const q = await input()
    const locale = localeOf(c)
    const m = shortLinkQuery(deps.db, c.get('user'), q)
    const value = (field: string) => (row: Row) => {
      if (field === 'status') return statusWord(row as never, locale)
      if (field === 'clickedText') return STATUS_WORDS[row.clicked ? 'clicked' : 'unclicked'][locale]
      if (field === 'click_time' || field === 'receive_time') return fileTime(row[field])
      return row[field] as string | null
    }
    return downloadResponse(c, {
      format: q.format,
      filename: fileName({ 'zh-CN': '短链发送记录', en: 'short-link-sends' }, locale),
      columns: SHORT_LINK_DOWNLOAD_COLUMNS.map((col) => ({ header: col.header, value: value(col.field) })),
      total: await countRows(deps.db, m.countFrom, m.where),
      batches: bulkBatches<Row>(deps, {
        select: m.select, from: m.from, where: m.where, order: 'desc',
        key: [{ sql: 'm.receive_time', type: 'timestamptz' }, { sql: 'm.sn', type: 'bigint' }],
      }),
    }, locale)
  })
  return r
}
