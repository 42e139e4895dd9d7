import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_COUNT_CAP } from '../../src/domain/lists/audit'
import { AUDIT_MAX_FIELDS, AUDIT_VALUE_CHARS } from '../../src/domain/audit-actions'
import { setup, type Harness } from '../test/harness'
import { fieldChanges } from './diff'
import { auditPruneJob, pruneAudit } from './prune'
import { audit } from './write'
import type { AuditContext } from './context'

type Entry = { action: string; cus_id: string | null; enterprise_id: string | null; actor_id: string | null; via: string; changes: unknown[]; target_id: string | null; request_id: string | null; client_ip: string | null; user_agent: string | null }

const ctx = (cusId: string): AuditContext => ({
  actor: { cusId, userType: null }, apiKeyId: null, via: 'console', ip: '203.0.113.9', userAgent: 'test', requestId: 'req-test-0001', written: { count: 0 },
})

describe('server/audit', () => {
  let h: Harness
  let acme: string
  const entries = async (where = 'true', params: unknown[] = []) =>
    (await h.db.query<Entry>(`select * from audit_entry where ${where} order by id`, params)).rows
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    acme = await h.tokenFor('acme', 'Acme@12345')
  })
  afterAll(() => h.close())

  describe('fieldChanges', () => {
    it('keeps only the fields that differ, with both values', () => {
      expect(fieldChanges({ a: 1, b: 'x', c: [1] }, { a: 2, b: 'x', c: [1, 2] })).toEqual([
        { field: 'a', before: 1, after: 2 }, { field: 'c', before: [1], after: [1, 2] },
      ])
    })
    it('never writes the value of a password, secret or code, only that it changed', () => {
      const out = fieldChanges({ password: 'old-Secret1', app_secret: 'aaaa', code: '123456' }, { password: 'new-Secret2', app_secret: 'bbbb', code: '654321' })
      expect(out).toEqual([{ field: 'password', changed: true }, { field: 'app_secret', changed: true }, { field: 'code', changed: true }])
      expect(JSON.stringify(out)).not.toMatch(/Secret|aaaa|bbbb|123456/)
    })
    it('cuts a long value and says so, and bounds the number of fields', () => {
      const [long] = fieldChanges(null, { content: 'x'.repeat(5000) })
      expect(long.cut).toBe(true)
      expect(String(long.after).length).toBe(AUDIT_VALUE_CHARS + 1)
      const many = fieldChanges(null, Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i])))
      expect(many).toHaveLength(AUDIT_MAX_FIELDS)
      expect(many.at(-1)).toEqual({ field: '…', after: 100 - (AUDIT_MAX_FIELDS - 1), cut: true })
    })
  })

  describe('the writer', () => {
    it('commits an entry with the change, and leaves none when the change rolls back', async () => {
      const before = (await entries()).length
      await expect(h.db.transaction(async (tx) => {
        await tx.query(`update customer set cus_name = 'rolled back' where cus_id = 'acme01'`)
        await audit(tx, ctx('acme'), { action: 'nameChanged', account: 'acme01', changes: fieldChanges({ name: 'a' }, { name: 'rolled back' }) })
        throw new Error('the change fails after its entry')
      })).rejects.toThrow('the change fails')
      expect(await entries()).toHaveLength(before)
      expect((await h.db.query(`select cus_name from customer where cus_id = 'acme01'`)).rows[0].cus_name).not.toBe('rolled back')
    })

    it('names the account\'s enterprise (a sub-account\'s parent; none for an administrator)', async () => {
      await h.db.transaction(async (tx) => {
        await audit(tx, ctx('acme'), { action: 'subAccountCharged', account: 'acme01' })
        await audit(tx, ctx('admin'), { action: 'customerCharged', account: 'admin' })
      })
      const [sub, admin] = (await entries(`action in ('subAccountCharged', 'customerCharged')`))
      expect(sub).toMatchObject({ cus_id: 'acme01', enterprise_id: 'acme', actor_id: 'acme', client_ip: '203.0.113.9', request_id: 'req-test-0001' })
      expect(admin).toMatchObject({ cus_id: 'admin', enterprise_id: null })
    })

    it('refuses every update, delete and truncate of entries outside the prune', async () => {
      await expect(h.db.query(`update audit_entry set action = 'signIn'`)).rejects.toThrow(/append-only/)
      await expect(h.db.query('delete from audit_entry')).rejects.toThrow(/append-only/)
      await expect(h.db.query('truncate audit_entry')).rejects.toThrow(/append-only/)
    })
  })

  describe('the prune', () => {
    it('deletes only entries past the retention, through its job', async () => {
      await h.db.transaction(async (tx) => {
        await audit(tx, ctx('acme'), { action: 'noticeRead', target: { id: 'old' } })
        await audit(tx, ctx('acme'), { action: 'noticeRead', target: { id: 'kept' } })
      })
      // The trigger blocks updates; only the table's owner can set it aside, as this test does to age one entry.
      await h.db.transaction(async (tx) => {
        await tx.query(`alter table audit_entry disable trigger audit_entry_append_only`)
        await tx.query(`update audit_entry set created_at = now() - interval '401 days' where target_id = 'old'`)
        await tx.query(`alter table audit_entry enable trigger audit_entry_append_only`)
      })
      expect(await pruneAudit(h.db, 402)).toBe(0)
      expect(await h.runJob(auditPruneJob)).toEqual({ pruned: 1 })
      expect((await entries(`target_id in ('old', 'kept')`)).map((e) => e.target_id)).toEqual(['kept'])
    })
  })

  describe('through the API', () => {
    it('records a sign-in and a refused one with address, agent and request id, never the password', async () => {
      const headers = { 'user-agent': 'audit-test-agent', 'x-request-id': 'audit-request-0001' }
      const redomStr = await h.captcha()
      await h.call('/user/login', { username: 'acme01', password: await h.seal(redomStr, 'Wrong@12345'), code: 'T3ST', redomStr }, { headers })
      const [failed] = await entries(`action = 'signInFailed' and request_id = 'audit-request-0001'`)
      expect(failed).toMatchObject({ cus_id: 'acme01', enterprise_id: 'acme', actor_id: null, target_id: 'acme01', user_agent: 'audit-test-agent', client_ip: 'in-process' })
      expect(failed.changes).toEqual([{ field: 'method', after: 'password' }, { field: 'refusal', after: 'loginFailure' }])
      const res = await h.login('acme01', 'Acme01@12345', 'T3ST', { ...headers, 'x-request-id': 'audit-request-0002' })
      expect(res.status).toBe(200)
      const [ok] = await entries(`action = 'signIn' and request_id = 'audit-request-0002'`)
      expect(ok).toMatchObject({ cus_id: 'acme01', enterprise_id: 'acme', actor_id: 'acme01', via: 'console' })
      expect(JSON.stringify(await entries())).not.toMatch(/Acme01@12345|Wrong@12345/)
      // A name no account has: for administrators only.
      const r2 = await h.captcha()
      await h.call('/user/login', { username: 'nobody-here', password: await h.seal(r2, 'x'), code: 'T3ST', redomStr: r2 })
      expect((await entries(`action = 'signInFailed' and target_id = 'nobody-here'`))[0]).toMatchObject({ cus_id: null, enterprise_id: null })
    })

    it('records a setting with its values before and after', async () => {
      await h.call('/warn/modifyCusBneWarn', { threshold: 10, mobiles: ['13912345678'] }, { token: acme })
      await h.call('/warn/modifyCusBneWarn', { threshold: 25, mobiles: ['13912345678'] }, { token: acme })
      const last = (await entries(`action = 'balanceWarnChanged'`)).at(-1)!
      expect(last).toMatchObject({ cus_id: 'acme', actor_id: 'acme' })
      expect(last.changes).toEqual([{ field: 'threshold', before: 10, after: 25 }])
    })

    it('lists an enterprise its own entries newest first, with a total counted up to the cap', async () => {
      const res = await h.call('/audit/list', { pageSize: 5 }, { token: acme })
      expect(res.status).toBe(200)
      expect(res.data.more).toBe(false)
      expect(res.data.total).toBeLessThanOrEqual(AUDIT_COUNT_CAP)
      const times = (res.data.records as { created_at: string }[]).map((r) => r.created_at)
      expect([...times].sort().reverse()).toEqual(times)
      const filtered = await h.call('/audit/list', { action: 'balanceWarnChanged' }, { token: acme })
      expect(filtered.data.records.every((r: { action: string }) => r.action === 'balanceWarnChanged')).toBe(true)
      expect(filtered.data.total).toBe(2)
    })

    it('records a download as who took which data', async () => {
      const res = await h.app.request('/api/audit/download', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${acme}` }, body: JSON.stringify({ format: 'csv', action: 'signIn' }),
      })
      expect(res.status).toBe(200)
      await res.text()
      const [taken] = await entries(`action = 'exported' and target_id = '/audit/download'`)
      expect(taken.changes).toEqual(expect.arrayContaining([{ field: 'format', after: 'csv' }, { field: 'filters', after: { action: 'signIn' } }]))
    })
  })
})
