import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../seed'
import { setup, type Harness } from '../test/harness'
import { parseCsv } from './csv.test-helper'

/**
 * The tenant-isolation matrix: every list and download endpoint, called as each demo account, returns
 * only rows that account may see. Add an endpoint by adding a row to ISOLATION_ENDPOINTS.
 */
export interface IsolationEndpoint {
  path: string
  /** Search that reaches past the default window, e.g. `{ start_time: '2000-01-01' }`. */
  body?: Record<string, unknown>
  /**
   * 'download' endpoints are called with format csv; their account column is found by its English header. 'item'
   * endpoints read one row by id (`item`): one row of each account is asked for; the answer is 200 for the accounts
   * allowed and 404 for every other, and "seen" are the owners of the rows answered.
   */
  kind: 'list' | 'download' | 'item'
  /** Of an 'item' endpoint: the table, its id column and the body field that carries the id. */
  item?: { table: string; idCol: string; field: string }
  /** The account of a list row (default `row.cus_id`). */
  account?: (row: Record<string, unknown>) => string
  /** English header of a download's account column (default 'Account'). */
  accountHeader?: string
  /**
   * A list an enterprise shares with its sub-accounts (the opt-out list): its rows carry the enterprise, and a
   * sub-account sees its enterprise's rows as the enterprise does.
   */
  shared?: true
  /** Demo accounts whose family has rows here, so an empty answer cannot pass for isolation. */
  nonEmptyFor?: ('admin' | 'acme' | 'acme01')[]
}

const WIDE = { start_time: '2000-01-01', pageSize: 500 }

export const ISOLATION_ENDPOINTS: IsolationEndpoint[] = [
  ...(['list', 'download'] as const).flatMap((kind): IsolationEndpoint[] => [
    { path: `/mtRecord/${kind}`, kind, body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    // A content search reads the per-content rollup, mt_content_daily (routes/records/content-rollup.ts) for its days.
    { path: `/mtRecord/${kind}`, kind, body: { ...WIDE, content: '【' }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    { path: `/newMtRecord/${kind}`, kind, body: { ...WIDE, prod_type: 1 }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    { path: `/newMtRecord/${kind}`, kind, body: { ...WIDE, prod_type: 2 }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    { path: `/newMtRecord/${kind}`, kind, body: { ...WIDE, prod_type: 6 }, nonEmptyFor: ['admin'] },
    { path: `/moRecord/${kind}`, kind, body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    { path: `/moRecord/${kind}`, kind, body: { ...WIDE, prod_type: 2 }, nonEmptyFor: ['admin', 'acme'] },
    { path: `/interact/${kind}`, kind, body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
    { path: `/shortChainTool/${kind}`, kind, body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  ]),
  // The bell: an account's own notices only (no family view); the seed has none, so server/routes/notices.test.ts
  // pins it with notices on a parent and its sub-account.
  { path: '/notice/list', kind: 'list', body: { pageSize: 200 } },
  // Number checks: the status batches, now made by online checks as well as seeded.
  { path: '/mobileStatus/list', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/mobileStatus/mobileStatusStatistics', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  // UE check files (made by uploads confirmed and checked, as well as seeded) and the statistics the checks add to.
  { path: '/mobileUe/list', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/mobileBlack/mobileBlackStatistics', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/numberPorting/numberPortingStatistics', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  // Materials: each account's uploads (demo media seeded; server/routes/materials.test.ts checks reads,
  // media and deletes across tenants) and the 5G and video templates in one list.
  { path: '/aim/materialList', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/aim/templateList', kind: 'list', body: WIDE, nonEmptyFor: ['admin', 'acme'] },
  // The home page's newest batches (its figures are checked against each scope's records in server/routes/home.test.ts);
  // an account named in the body changes nothing.
  { path: '/home/summary', kind: 'list', nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/home/summary', kind: 'list', body: { cus_id: 'globex' }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  // The suppression lists, filled from the demo replies: an enterprise's entries, seen by its sub-accounts too.
  { path: '/optOut/list', kind: 'list', body: WIDE, shared: true, account: (r) => String(r.ent_id), nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/optOut/list', kind: 'list', body: { ...WIDE, cus_id: 'globex' }, shared: true, account: (r) => String(r.ent_id), nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/optOut/download', kind: 'download', body: WIDE, shared: true, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  // API keys: each account's app secret row and its keys (server/routes/api-keys.test.ts pins the writes across
  // tenants); an account named in the body changes nothing.
  { path: '/apiKey/list', kind: 'list', body: { pageSize: 500 }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/apiKey/list', kind: 'list', body: { pageSize: 500, cus_id: 'globex' } },
  // The audit trail: an enterprise its own entries and its sub-accounts', a sub-account its own, an administrator all
  // (the sign-ins of the matrix's accounts and of globex, below, are entries of four accounts in two enterprises and
  // the platform's); an account named in the body, or an actor, changes nothing.
  { path: '/audit/list', kind: 'list', body: { pageSize: 100 }, nonEmptyFor: ['admin', 'acme', 'acme01'] },
  { path: '/audit/list', kind: 'list', body: { pageSize: 100, cus_id: 'globex' } },
  { path: '/audit/list', kind: 'list', body: { pageSize: 100, actor: 'globex' } },
  { path: '/audit/download', kind: 'download', body: {}, nonEmptyFor: ['admin', 'acme', 'acme01'] },
]

const USERS = ['admin', 'acme', 'acme01'] as const
/** Who may see whose rows: a customer itself and its sub-accounts, a sub-account itself, the administrator all. */
const ALLOWED: Record<(typeof USERS)[number], string[] | null> = {
  admin: null,
  acme: DEMO_ACCOUNTS.filter((a) => a.cusId === 'acme' || a.parent === 'acme').map((a) => a.cusId),
  acme01: ['acme01'],
}

async function itemsSeen(h: Harness, token: string, e: IsolationEndpoint, allowed: string[] | null): Promise<string[]> {
  const { table, idCol, field } = e.item!
  const { rows } = await h.db.query<{ cus_id: string; id: number }>(
    `select distinct on (cus_id) cus_id, ${idCol} as id from ${table} order by cus_id, ${idCol}`)
  const seen: string[] = []
  for (const r of rows) {
    const res = await h.app.request(`/api${e.path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ [field]: r.id }),
    })
    const may = !allowed || allowed.includes(r.cus_id)
    expect(res.status, `${e.path} ${field} ${r.id} of ${r.cus_id}`).toBe(may ? 200 : 404)
    if (res.status === 200) seen.push(r.cus_id)
  }
  return seen
}

async function accountsSeen(h: Harness, token: string, e: IsolationEndpoint, allowed: string[] | null): Promise<string[]> {
  if (e.kind === 'item') return itemsSeen(h, token, e, allowed)
  if (e.kind === 'list') {
    const res = await h.call(e.path, e.body ?? {}, { token })
    expect(res.status, `${e.path}: ${res.msg}`).toBe(200)
    return (res.data.records as Record<string, unknown>[]).map(e.account ?? ((r) => String(r.cus_id)))
  }
  const res = await h.app.request(`/api${e.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
    body: JSON.stringify({ ...e.body, format: 'csv' }),
  })
  expect(res.status, e.path).toBe(200)
  const [head, ...rows] = parseCsv(await res.text())
  const col = head.indexOf(e.accountHeader ?? 'Account')
  expect(col, `${e.path} has an account column`).toBeGreaterThanOrEqual(0)
  return rows.map((r) => r[col])
}

/** Registers the matrix (endpoints × admin/acme/acme01) on every backend. */
export function isolationMatrix(endpoints: IsolationEndpoint[] = ISOLATION_ENDPOINTS): void {
  describe('lists/isolation', () => {
    let h: Harness
    const tokens: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup()
      for (const u of USERS) tokens[u] = await h.tokenFor(u, DEMO_ACCOUNTS.find((a) => a.cusId === u)!.password)
      // Another enterprise's audit entries (its sign-in) for the trail's rows to keep out.
      await h.tokenFor('globex', DEMO_ACCOUNTS.find((a) => a.cusId === 'globex')!.password)
    })
    afterAll(() => h.close())

    const cases = endpoints.flatMap((e) => USERS.map((u) => [`${e.path} ${JSON.stringify(e.body ?? {})} as ${u}`, e, u] as const))
    it.each(cases)('%s', async (_name, e, u) => {
      const allowed = e.shared && u === 'acme01' ? ['acme'] : ALLOWED[u]
      const seen = await accountsSeen(h, tokens[u], e, allowed)
      if (e.nonEmptyFor?.includes(u)) expect(seen.length, 'rows to check').toBeGreaterThan(0)
      if (allowed) expect(seen.filter((a) => !allowed.includes(a))).toEqual([])
      // The administrator's answer must reach beyond one family, or the matrix would not notice a scope applied to admin.
      else if (e.nonEmptyFor?.includes('admin')) expect(seen.some((a) => !ALLOWED.acme!.includes(a))).toBe(true)
    })
  })
}
