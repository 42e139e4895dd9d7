import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/domain/operations'
import { createApp } from '../app'
import { countingApp, setup, type Harness } from '../test/harness'

/**
 * Every paged list checks the session inside its own statement once this process has seen the token (as the
 * sent-record lists do, session-check.test.ts): the second request of a token is one statement, and a session
 * revoked by any process is refused at the very next request.
 */
type Route = { path: string; who: 'acme' | 'admin'; body?: Record<string, unknown>; get?: true; statements?: number }

const ROUTES: Route[] = [
  { path: '/mtRecord/list', who: 'acme' },
  { path: '/newMtRecord/list', who: 'acme', body: { prod_type: 2 } },
  { path: '/moRecord/list', who: 'acme', body: { prod_type: 0 } },
  { path: '/interact/list', who: 'acme', body: { prod_type: 0 } },
  { path: '/shortChainTool/list', who: 'acme' },
  { path: '/dataGathering/batchList', who: 'acme' },
  { path: '/dataGathering/list', who: 'acme' },
  { path: '/dataGathering/dimeList', who: 'acme' },
  { path: '/dataGathering/countryList', who: 'acme' },
  { path: '/dataGathering/failureList', who: 'acme' },
  { path: '/pageTimeBatch/list', who: 'acme' },
  { path: '/timeMtMessage/list', who: 'acme' },
  { path: '/recharge/list', who: 'acme' },
  { path: '/epRecharge/list', who: 'acme' },
  { path: '/pushLog/list', who: 'acme' },
  { path: '/user/subAccountList', who: 'acme' },
  { path: '/customer/list', who: 'admin' },
  { path: '/customer/chargeDetail', who: 'admin', body: { cus_id: 'acme' } },
  { path: '/crud/list', who: 'admin', get: true },
  { path: '/contentTemplate/list', who: 'acme' },
  { path: '/videoTemplate/list', who: 'acme' },
  { path: '/cspTemplate/list', who: 'acme' },
  { path: '/signature/list', who: 'acme' },
  { path: '/optOut/list', who: 'acme' },
  { path: '/apiKey/list', who: 'acme' },
  { path: '/audit/list', who: 'acme' },
  // The page, then the caller's storage beside it (used / quota): two statements, the first checking the session.
  { path: '/aim/materialList', who: 'acme', statements: 2 },
  { path: '/aim/templateList', who: 'acme' },
  { path: '/addressBook/list', who: 'acme' },
  { path: '/addressBook/groupList', who: 'acme' },
  { path: '/mobileStatus/mobileStatusStatistics', who: 'acme' },
  { path: '/mobileBlack/mobileBlackStatistics', who: 'acme' },
  { path: '/numberPorting/numberPortingStatistics', who: 'acme' },
  { path: '/mobileUe/list', who: 'acme' },
  { path: '/mobileStatus/list', who: 'acme' },
]

/** Paged lists that still sign in first, and why. */
const SIGNED_IN_FIRST: Record<string, string> = {
  // Spends the caller's rate limit (a write) before reading; a token must be known good before it spends anything.
  '/notice/list': 'rate limit first',
}

const PASSWORDS = { acme: 'Acme@12345', admin: 'Admin@12345' }

describe('the paged lists of the API', () => {
  it('are each in the table above or named as signing in first', () => {
    const paged = OPERATIONS.filter((o) => {
      const shape = (o.request as { schema?: { shape?: Record<string, unknown> } }).schema?.shape
      return o.auth === 'bearer' && o.reply === 'json' && shape && ('pageNumber' in shape || 'page' in shape)
    }).map((o) => o.path)
    expect(paged.filter((p) => !(p in SIGNED_IN_FIRST)).sort()).toEqual(ROUTES.map((r) => r.path).sort())
  })
})

describe('http/session-check-lists', () => {
  describe('every list checks the session in its own statement', () => {
    let h: Harness
    let app: ReturnType<typeof createApp>
    const statements: string[] = []

    beforeAll(async () => {
      h = await setup()
      app = countingApp(h, statements)
    })
    afterAll(() => h.close())
    beforeEach(() => {
      statements.length = 0
    })

    const call = async (route: Route, token: string) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
      const res = route.get
        ? await app.request(`/api${route.path}?page=1&size=5`, { headers })
        : await app.request(`/api${route.path}`, { method: 'POST', headers, body: JSON.stringify({ pageSize: 5, ...route.body }) })
      return { status: res.status, ...((await res.json()) as { msg: string; data: { total: number; records: unknown[] } }) }
    }
    // Signed media addresses (materials) carry an expiry counted from the current second: two calls a second apart
    // answer the same rows with other signatures.
    const unsigned = (data: unknown) => JSON.parse(JSON.stringify(data).replace(/exp=\d+&sig=[\w-]+/g, 'exp=&sig=')) as unknown
    const revokeAll = (who: string) =>
      h.db.query(`update session_token set revoked_at = now() where revoked_at is null and customer_id = (select id from customer where cus_id = $1)`, [who])

    it.each(ROUTES)('$path: one statement for a known token, 401 at the next request once revoked', async (route) => {
      const token = await h.tokenFor(route.who, PASSWORDS[route.who])
      const first = await call(route, token)
      expect(first.status, first.msg).toBe(200)
      statements.length = 0
      const second = await call(route, token)
      expect(second.status, second.msg).toBe(200)
      expect(statements, statements.join('\n---\n')).toHaveLength(route.statements ?? 1)
      expect(unsigned(second.data)).toEqual(unsigned(first.data))

      await revokeAll(route.who)
      statements.length = 0
      const refused = await call(route, token)
      expect(refused).toMatchObject({ status: 401, data: { reason: 'revoked' } })
      // The failed check, the fresh lookup that answers 401 and the reason it names; nothing of the list is read.
      expect(statements).toHaveLength(3)
    })

    it('refuses a non-administrator known to this process on the administrators\' lists, as a lookup first would', async () => {
      const token = await h.tokenFor('acme', PASSWORDS.acme)
      expect((await call(ROUTES[0], token)).status).toBe(200)
      for (const route of ROUTES.filter((r) => r.who === 'admin')) expect((await call(route, token)).status, route.path).toBe(403)
    })
  })
})
