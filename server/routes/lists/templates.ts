import { Hono } from 'hono'
import { serverMessage } from '../../../src/domain/messages'
import type { Deps } from '../../deps'
import { localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { checkedInStatement } from '../../http/session-check'
import { listPage, orderClause, Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { mayFilterAccount } from './common'

type Search = { id?: number; cus_id?: string; keyword?: string; start_time?: string; end_time?: string }

/** Scope, account and creation-time filters every template list shares; `keyword` searches `textCols`. */
function templateWhere(user: SessionUser, q: Search, a: string, textCols: string[], idCol: string): Where {
  const w = new Where().scope(user, `${a}.cus_id`)
  w.when(q.id, (v) => `${a}.${idCol} = ${w.bind(v)}`)
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `${a}.cus_id = ${w.bind(v)}`)
  w.when(q.keyword, (v) => {
    const p = w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
    return `(${textCols.map((col) => `${a}.${col} ilike ${p}`).join(' or ')})`
  })
  return w.timeWindow(`${a}.create_time`, q, null)
}

export function templateRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const db = deps.db

  operation(r, '/contentTemplate/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const w = templateWhere(c.get('user'), q, 't', ['template_content', 'keyword'], 'id')
    w.when(q.check_status, (v) => `t.check_status = ${w.bind(v)}`)
    w.when(q.sms_type, (v) => `t.sms_type = ${w.bind(v)}`)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `t.id, t.cus_id, t.template_content, t.keyword, t.sms_type, t.check_status::int as check_status, t.result_desc, t.check_time, t.create_time`,
      from: 'content_template t', where: w, page: q,
      orderBy: orderClause(q, { create_time: 't.create_time', check_time: { sql: 't.check_time', nullable: true } }, { by: 'create_time', order: 'desc' }, 't.id'),
    }))
  }))

  operation(r, '/videoTemplate/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const w = templateWhere(c.get('user'), q, 't', ['title', 'template_sign', 'remark'], 'cus_template_id')
    // 0 and 5 both mean pending.
    w.when(q.status, (v) => (v === 0 || v === 5 ? 't.status in (0, 5)' : `t.status = ${w.bind(v)}`))
    const locale = localeOf(c)
    const page = await listPage<{ template_type: number }>(db, {
      session: c.get('sessionCheck'),
      select: `t.cus_template_id, t.cus_id, t.template_type::int as template_type, t.title, t.template_sign, t.remark, t.size,
        t.status::int as status, t.result_desc, t.create_time, t.update_time`,
      from: 'video_template t', where: w, page: q,
      orderBy: orderClause(q, { create_time: 't.create_time', update_time: 't.update_time', size: 't.size' }, { by: 'create_time', order: 'desc' }, 't.cus_template_id'),
    })
    const typeStr = (t: number) => serverMessage(t === 1 ? 'videoTypeVariable' : 'videoTypeStandard', locale)
    return ok(c, { ...page, records: page.records.map((row) => ({ ...row, templateTypeStr: typeStr(row.template_type) })) })
  }))

  operation(r, '/cspTemplate/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const w = templateWhere(c.get('user'), q, 't', ['template_name', 'autograph'], 'template_id')
    // 1 stands for every in-review code (1 to 3).
    w.when(q.template_status, (v) => (v >= 1 && v <= 3 ? 't.template_status between 1 and 3' : `t.template_status = ${w.bind(v)}`))
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: `t.template_id, t.cus_id, t.template_name, t.chatbot_id, t.autograph, t.low_type, t.template_status::int as template_status, t.result_desc, t.create_time`,
      from: 'csp_template t', where: w, page: q,
      orderBy: orderClause(q, { create_time: 't.create_time', template_id: 't.template_id' }, { by: 'create_time', order: 'desc' }, 't.template_id'),
    }))
  }))

  return r
}
