import { Hono } from 'hono'
import { AUDIT_COUNT_CAP, AUDIT_FILE_HEADERS, type AuditSearch } from '../../src/domain/lists/audit'
import type { Deps } from '../deps'
import { ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { downloadResponse, keysetBatches, listPage, orderClause, Where } from '../lists'
import type { SessionUser } from '../users/repo'
import { fileColumns, mayFilterAccount, today, type Row } from './lists/common'

const SELECT = `a.id::float8 as id, a.created_at, a.cus_id, a.enterprise_id, a.actor_id, a.actor_type, a.api_key_id, a.via, a.client_ip,
  a.user_agent, a.request_id, a.action, a.target_type, a.target_id, a.changes`

/**
 * The entries a user may read, each view on its own index (server/db/migrations/013_audit.sql): an administrator
 * every entry, an enterprise those of its enterprise (its own and its sub-accounts'), a sub-account its own.
 */
function auditWhere(user: SessionUser, q: AuditSearch): Where {
  const w = new Where()
  if (user.userType === 2) w.and(`a.enterprise_id = ${w.bind(user.cusId)}`)
  else if (user.userType !== 1) w.and(`a.cus_id = ${w.bind(user.cusId)}`)
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `a.cus_id = ${w.bind(v)}`)
  w.when(q.actor, (v) => `a.actor_id = ${w.bind(v)}`)
  w.when(q.action, (v) => `a.action = ${w.bind(v)}`)
  w.when(q.target_type, (v) => `a.target_type = ${w.bind(v)}`)
  w.when(q.target_id, (v) => `a.target_id = ${w.bind(v)}`)
  return w.timeWindow('a.created_at', q, null)
}

export function auditRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  // The total is counted up to AUDIT_COUNT_CAP (+1, to know there are more): a trail of millions answers its first
  // page as fast as a short one, and `more` tells the screen to say so.
  operation(r, '/audit/list', checkedInStatement(db, async (c, input) => {
    const q = await input()
    const w = auditWhere(c.get('user'), q)
    const page = await listPage(db, {
      session: c.get('sessionCheck'),
      select: SELECT, from: 'audit_entry a', where: w, page: q,
      orderBy: orderClause(q, { created_at: 'a.created_at' }, { by: 'created_at', order: 'desc' }, 'a.id'),
      totalQuery: { sql: `select count(*)::int as "__total" from (select 1 from audit_entry a ${w.sql} limit ${AUDIT_COUNT_CAP + 1}) q`, params: w.params },
    })
    const more = page.total > AUDIT_COUNT_CAP
    return ok(c, { ...page, total: Math.min(page.total, AUDIT_COUNT_CAP), more })
  }))

  operation(r, '/audit/download', auth, async (c, input) => {
    const q = await input()
    const w = auditWhere(c.get('user'), q)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `操作日志-${today()}`,
      columns: fileColumns<Row>(Object.entries(AUDIT_FILE_HEADERS).map(([field, header]) => ({ field, header })), {
        changes: (row) => JSON.stringify(row.changes ?? []),
      }),
      batches: keysetBatches<Row>(db, { select: SELECT, from: 'audit_entry a', where: w, order: 'desc',
        key: [{ sql: 'a.created_at', type: 'timestamptz' }, { sql: 'a.id', type: 'bigint' }] }),
    })
  })

  return r
}
