import { genderKey } from '../../../src/domain/lists/address-book'
import { STATUS_LABELS } from '../../../src/domain/lists/status-words'
import { Hono } from 'hono'
import { GROUP_TOTALS, type ContactSearch } from '../../../src/domain/lists/address-book'
import type { Deps } from '../../deps'
import { optedOutSql } from '../../opt-outs/store'
import { localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { checkedInStatement } from '../../http/session-check'
import { countRows, downloadResponse, keysetBatches, listPage, orderClause, Where } from '../../lists'
import type { SessionUser } from '../../users/repo'
import { addressBookImportRoutes } from './address-book-import'
import { addressBookNumberRoutes } from './address-book-numbers'
import { addressBookWriteRoutes } from './address-book-write'
import { col, fileColumns, mayFilterAccount, today, type Row } from './common'

const SELECT = `a.id, a.cus_id, a.group_id, g.group_name as "groupName", a.name, a.mobile, a.email, a.job_number, a.gender::int as gender,
  to_char(a.birthday, 'YYYY-MM-DD') as birthday, a.remark, a.create_time`
const FROM = 'ab_contact a join ab_group g on g.group_id = a.group_id'
const FILE = [col('cus_id', 'account'), col('name', 'name'), col('mobile', 'mobile'), col('email', 'email'), col('groupName', 'groupName'),
  col('job_number', 'jobNumber'), col('gender', 'gender'), col('birthday', 'birthday'), col('remark', 'remark'),
  col('create_time', 'createTime')]

function contactWhere(user: SessionUser, q: ContactSearch): Where {
  const w = new Where().scope(user, 'a.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `a.cus_id = ${w.bind(v)}`)
  return w.when(q.group_id, (v) => `a.group_id = ${w.bind(v)}`)
    .when(q.name, (v) => `a.name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`)
    .when(q.mobile, (v) => `a.mobile like ${w.bind(`${v.replace(/\D/g, '')}%`)}`)
    .timeWindow('a.create_time', q, null)
}

/** Address book lists and the download; editing is address-book-write.ts. */
export function addressBookRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/addressBook/list', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      // The page marks contacts whose number is on the enterprise's opt-out list.
      select: `${SELECT}, ${optedOutSql('a.mobile', 'a.cus_id')} as opted_out`, from: FROM, countFrom: 'ab_contact a', where: contactWhere(c.get('user'), q), page: q,
      orderBy: orderClause(q, { create_time: 'a.create_time', name: 'a.name', mobile: 'a.mobile' }, { by: 'create_time', order: 'desc' }, 'a.id'),
    }))
  }))

  operation(r, '/addressBook/groupList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'g.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `g.cus_id = ${w.bind(v)}`)
    w.when(q.group_name, (v) => `g.group_name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`)
    const from = `(select g.*, (select count(*)::int from ab_contact a where a.group_id = g.group_id) as member_count from ab_group g ${w.sql}) g`
    const outer = new Where()
    outer.params.push(...w.params)
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: 'g.group_id, g.cus_id, g.group_name, g.member_count, g.remark, g.create_time', from, where: outer, page: q,
      totals: { [GROUP_TOTALS[0]]: 'sum(g.member_count)' },
      orderBy: orderClause(q, { create_time: 'g.create_time', group_name: 'g.group_name', member_count: 'g.member_count' }, { by: 'create_time', order: 'desc' }, 'g.group_id'),
    }))
  }))

  operation(r, '/addressBook/download', auth, async (c, input) => {
    const q = await input()
    const w = contactWhere(c.get('user'), q)
    const locale = localeOf(c)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `通讯录-${today()}`, total: await countRows(db, 'ab_contact a', w),
      columns: fileColumns<Row>(FILE, { gender: (row) => STATUS_LABELS[genderKey(Number(row.gender))][locale] }),
      batches: keysetBatches<Row>(db, { select: SELECT, from: FROM, where: w, order: 'desc',
        key: [{ sql: 'a.create_time', type: 'timestamptz' }, { sql: 'a.id', type: 'bigint' }] }),
    })
  })

  r.route('/', addressBookNumberRoutes(deps))
  r.route('/', addressBookWriteRoutes(deps))
  r.route('/', addressBookImportRoutes(deps))
  return r
}
