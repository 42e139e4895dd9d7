import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { countingApp, setup, type Harness } from '../test/harness'

/*
 * The sent-record lists check the session inside their own statement once this process has seen the token (one
 * round trip per request instead of two). Every change another process could make between two requests (the writes
 * here go straight to the database, as another process' would) is seen by the very next request.
 */
describe('http/session-check', () => {
  describe('session checked in the list statement', () => {
    let h: Harness
    let app: ReturnType<typeof createApp>
    const statements: string[] = []
    const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10)
    const search = { pageNumber: 1, pageSize: 5, start_time: day(29), end_time: day(0) }

    beforeAll(async () => {
      h = await setup()
      app = countingApp(h, statements)
    })
    afterAll(() => h.close())
    beforeEach(() => {
      statements.length = 0
    })

    const list = async (token: string, body: unknown = search, path = '/mtRecord/list') => {
      const res = await app.request(`/api${path}`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
      })
      return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: { total: number; records: Record<string, unknown>[]; reason?: string } }) }
    }
    const fresh = async (name = 'acme', password = 'Acme@12345') => h.tokenFor(name, password)

    it('answers a known token in one statement, with the same page and total as the first request', async () => {
      const token = await fresh()
      const first = await list(token)
      expect(statements).toHaveLength(2)
      statements.length = 0
      const second = await list(token)
      expect(statements).toHaveLength(1)
      expect(second.status).toBe(200)
      expect(second.data).toEqual(first.data)
      expect(first.data.records.length).toBeGreaterThan(0)
      expect(Object.keys(second.data.records[0]).filter((k) => k.startsWith('__'))).toEqual([])
    })

    it('refuses a token signed out or revoked elsewhere at the very next request', async () => {
      const out = await fresh()
      expect((await list(out)).status).toBe(200)
      expect((await h.call('/user/logout', {}, { token: out })).status).toBe(200)
      // The answer says why, for the sign-in page to word it.
      expect(await list(out)).toMatchObject({ status: 401, data: { reason: 'revoked' }, msg: '登录已在别处退出或被撤销（退出登录、修改密码），请重新登录' })

      const revoked = await fresh()
      expect((await list(revoked)).status).toBe(200)
      await h.db.query(`update session_token set revoked_at = now() where revoked_at is null and customer_id = (select id from customer where cus_id = 'acme')`)
      expect((await list(revoked)).status).toBe(401)
      expect((await list(revoked, search, '/newMtRecord/list')).status).toBe(401)
    })

    it('refuses an expired session and a closed account', async () => {
      const expiring = await fresh('acme01', 'Acme01@12345')
      expect((await list(expiring)).status).toBe(200)
      await h.db.query(`update session_token set expires_at = now() - interval '1 second' where customer_id = (select id from customer where cus_id = 'acme01')`)
      expect(await list(expiring)).toMatchObject({ status: 401, data: { reason: 'expired' }, msg: '登录已过期，请重新登录' })
      expect(await list('not-a-token')).toMatchObject({ status: 401, data: { reason: 'expired' } })

      const closing = await fresh('globex', 'Globex@12345')
      expect((await list(closing)).status).toBe(200)
      await h.db.query(`update customer set cus_status = 0 where cus_id = 'globex'`)
      try {
        expect(await list(closing)).toMatchObject({ status: 401, data: { reason: 'closed' }, msg: '账号已停用，登录已失效' })
      } finally {
        await h.db.query(`update customer set cus_status = 1 where cus_id = 'globex'`)
      }
    })

    it('answers by the account as it is now when it changed since the last request', async () => {
      const token = await fresh()
      const before = await list(token)
      expect(before.data.records.some((r) => r.mt_status !== null)).toBe(true)
      await h.db.query(`update customer set show_client_status = 0 where cus_id = 'acme'`)
      try {
        statements.length = 0
        const after = await list(token)
        expect(after.status).toBe(200)
        expect(after.data.records.every((r) => r.mt_status === null && r.report_time === null)).toBe(true)
        // The failed check, the fresh lookup and the list again.
        expect(statements).toHaveLength(3)
      } finally {
        await h.db.query(`update customer set show_client_status = 1 where cus_id = 'acme'`)
      }
    })

    it('answers a refused search of a revoked token with 401, as a lookup first would', async () => {
      const token = await fresh()
      expect((await list(token)).status).toBe(200)
      await h.db.query(`update session_token set revoked_at = now() where revoked_at is null and customer_id = (select id from customer where cus_id = 'acme')`)
      expect((await list(token, { pageNumber: 'x' })).status).toBe(401)
      expect((await list('not-a-token', { pageNumber: 'x' })).status).toBe(401)
    })
  })
})
