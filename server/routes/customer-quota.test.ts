import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORAGE_QUOTA_MAX_MB } from '../../src/domain/customers'
import { png } from '../storage/fixtures.test-helper'
import { setup, type Harness } from '../test/harness'
import { harnessCalls } from './materials.test-helper'

const MB = 1024 * 1024
const DEFAULT = 3 * MB

/** /customer/customerQuota: an administrator sets one customer's material storage; nobody else can, in any way. */
describe('routes/customer-quota', () => {
  let h: Harness
  let t: Record<string, string> = {}
  const { upload, list } = harnessCalls(() => h, t)
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { storageQuotaBytes: DEFAULT } })
    t = Object.assign(t, await h.tokensFor('admin', 'acme', 'acme01', 'globex'))
  })
  afterAll(() => h.close())

  const setQuota = (who: string, cus_id: string, storage_quota: unknown, lang = 'en') =>
    h.call('/customer/customerQuota', { cus_id, storage_quota }, { token: t[who], lang })
  const stored = async (cusId: string) =>
    (await h.db.query<{ q: string | null }>('select storage_quota::text as q from customer where cus_id = $1', [cusId])).rows[0].q
  const quotaSeen = async (user: string) => ((await list(user)).data.storage as { quota: number }).quota
  const listed = async (cusId: string) =>
    ((await h.call('/customer/list', { keyword: cusId }, { token: t.admin })).data.records as { cus_id: string; storage_quota: number | null }[])
      .find((r) => r.cus_id === cusId)

  describe('an administrator sets a customer\'s storage quota', () => {
    it('in MB; the customer sees it beside its materials, the list shows it, and empty returns to the default', async () => {
      const set = await setQuota('admin', 'globex', '5')
      expect(set).toMatchObject({ status: 200, msg: 'The material storage quota of globex is now 5.0 MB', data: { storage_quota: 5 * MB } })
      expect(await stored('globex')).toBe(String(5 * MB))
      expect(await quotaSeen('globex')).toBe(5 * MB)
      expect(await listed('globex')).toMatchObject({ storage_quota: 5 * MB })

      const back = await setQuota('admin', 'globex', '', 'zh-CN')
      expect(back).toMatchObject({ status: 200, msg: '客户 globex 的素材存储配额已设为 默认（3.0 MB）' })
      expect(await stored('globex')).toBeNull()
      expect(await quotaSeen('globex')).toBe(DEFAULT)
      expect(await listed('globex')).toMatchObject({ storage_quota: null })
    })

    it('is enforced on uploads: 0 refuses the next file with the quota message, a larger quota lets it in', async () => {
      expect((await setQuota('admin', 'globex', '0')).status).toBe(200)
      const refused = await upload('globex', png(4, 4))
      expect(refused).toMatchObject({ status: 409 })
      expect(refused.msg).toMatch(/^Not enough material storage: .* of 0 KB used/)
      expect((await setQuota('admin', 'globex', '100')).status).toBe(200)
      expect((await upload('globex', png(4, 4))).status).toBe(200)
    })

    it('refuses out-of-range or malformed values with a field error and changes nothing', async () => {
      expect((await setQuota('admin', 'globex', '7')).status).toBe(200)
      for (const bad of ['-1', '1.5', 'abc', String(STORAGE_QUOTA_MAX_MB + 1), '99999999', 5, null, ' 1 2 ']) {
        const res = await setQuota('admin', 'globex', bad)
        expect(res.status, String(bad)).toBe(400)
      }
      expect((await setQuota('admin', 'globex', String(STORAGE_QUOTA_MAX_MB))).status).toBe(200)
      expect(await stored('globex')).toBe(String(STORAGE_QUOTA_MAX_MB * MB))
    })

    it('names an account that is not a customer: unknown, a sub-account, the administrator', async () => {
      for (const cus_id of ['nobody_here', 'acme01', 'admin']) {
        const res = await setQuota('admin', cus_id, '1')
        expect(res, cus_id).toMatchObject({ status: 404, msg: `The account ${cus_id} does not exist or is not yours to manage` })
      }
      expect(await stored('acme01')).toBeNull()
    })
  })

  describe('as an attacker', () => {
    it('a customer or a sub-account cannot set any quota, their own included, and nothing changes', async () => {
      const before = await Promise.all(['acme', 'acme01', 'globex'].map(stored))
      for (const who of ['acme', 'acme01', 'globex']) {
        for (const target of ['acme', 'acme01', 'globex']) {
          const res = await setQuota(who, target, '1048576')
          expect(res.status, `${who} → ${target}`).toBe(403)
        }
      }
      // No token, and the quota smuggled into other calls' payloads.
      expect((await h.call('/customer/customerQuota', { cus_id: 'acme', storage_quota: '1048576' })).status).toBe(401)
      await h.call('/aim/materialList', { storage_quota: 1 << 30, storage: { quota: 1 << 30 } }, { token: t.acme })
      expect(await Promise.all(['acme', 'acme01', 'globex'].map(stored))).toEqual(before)
    })

    it('a customer cannot read other accounts\' quotas: the customer list is the administrator\'s', async () => {
      expect((await h.call('/customer/list', {}, { token: t.acme })).status).toBe(403)
      const subs = (await h.call('/user/subAccountList', {}, { token: t.acme })).data.records as { cus_id: string }[]
      expect(subs.every((r) => r.cus_id.startsWith('acme'))).toBe(true)
    })
  })
})
