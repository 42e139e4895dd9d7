import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { menuItemSchema, walkMenu, type MenuItem } from '../../src/domain/menu'
import { setup, type Harness } from '../test/harness'

describe('routes/menu', () => {
  let h: Harness
  const tokens: Record<string, string> = {}
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    tokens.admin = await h.tokenFor('admin', 'Admin@12345')
    tokens.acme = await h.tokenFor('acme', 'Acme@12345')
    tokens.acme01 = await h.tokenFor('acme01', 'Acme01@12345')
  })
  afterAll(() => h.close())

  const paths = (tree: MenuItem[]) => [...walkMenu(tree)].map((i) => i.path)
  const menu = async (who: string, permCode: string) => h.call('/user/getMenu', { permCode }, { token: tokens[who] })

  describe('top menu', () => {
    it('grants acme ordinary, international and video but not csp', async () => {
      const res = await h.call('/user/getTopMenu', {}, { token: tokens.acme })
      expect(res.data.map((m: { code: string }) => m.code)).toEqual(['userCenter', 'homeSms', 'internationalSms', 'videoSms', 'cspSms'])
      expect(res.data.map((m: { prodAccess: boolean }) => m.prodAccess)).toEqual([true, true, true, true, false])
    })

    it('grants the administrator every module', async () => {
      const res = await h.call('/user/getTopMenu', {}, { token: tokens.admin })
      expect(res.data.every((m: { prodAccess: boolean }) => m.prodAccess)).toBe(true)
    })
  })

  describe('side menu', () => {
    it('shows the customers screen to the administrator only and sub-accounts to owners only', async () => {
      const admin = paths((await menu('admin', 'userCenter')).data)
      const acme = paths((await menu('acme', 'userCenter')).data)
      const sub = paths((await menu('acme01', 'userCenter')).data)
      expect(admin).toContain('/account/customers')
      expect(acme).not.toContain('/account/customers')
      expect(acme).toContain('/account/sub-accounts')
      expect(sub).not.toContain('/account/sub-accounts')
      expect(sub).toContain('/info/index')
    })

    it('delivers a well-formed tree with both labels and prodAccess', async () => {
      const res = await menu('acme', 'homeSms')
      expect(res.status).toBe(200)
      for (const item of res.data) menuItemSchema.parse(item)
      const records = res.data.find((i: MenuItem) => i.path === '/home-sms/records')
      expect(records.children.map((c: MenuItem) => c.path)).toContain('/home-sms/mt-records')
      expect(records.children[0]).toMatchObject({ parentId: records.id, prodAccess: true, meta: { module: 'homeSms' } })
    })

    it('answers 403 with the not-activated message for a module acme has not been granted', async () => {
      const res = await h.call('/user/getMenu', { permCode: 'cspSms' }, { token: tokens.acme, lang: 'en' })
      expect(res).toMatchObject({ status: 403, code: 403, msg: 'This product is not yet activated; submit a request to activate it' })
      expect((await menu('admin', 'cspSms')).status).toBe(200)
    })

    it('refuses an unknown module code as a bad request', async () => {
      expect((await menu('acme', 'nope')).status).toBe(400)
    })
  })

  describe('accounts and countries', () => {
    it('lists selectable accounts per product and role', async () => {
      const ids = async (who: string, prodType: number) =>
        (await h.call('/user/getList', { prodType }, { token: tokens[who] })).data.map((a: { cus_id: string }) => a.cus_id)
      expect(await ids('acme', 0)).toEqual(['acme', 'acme01', 'acme02'])
      expect(await ids('acme', 1)).toEqual(['acme', 'acme01'])
      expect(await ids('acme01', 0)).toEqual(['acme01'])
      const admin = await ids('admin', 6)
      expect(admin).toContain('globex')
      expect(admin).not.toContain('acme')
    })

    it('lists countries with calling codes and prices', async () => {
      const res = await h.call('/user/getBusCtyList', {}, { token: tokens.acme })
      expect(res.data.length).toBeGreaterThanOrEqual(20)
      expect(res.data.find((c: { iso: string }) => c.iso === 'GB')).toMatchObject({ calling_code: '44', price: 0.29 })
    })

    it('stores an uploaded error log', async () => {
      const logs = [{ message: 'boom', stack: 'Error: boom', url: '/sms-cloud/wel/index', time: '2024-01-01 10:00:00' }]
      const res = await h.call('/errorLog/upload', { logs }, { token: tokens.acme01, lang: 'en' })
      expect(res).toMatchObject({ status: 200, msg: 'Error log uploaded' })
      const { rows } = await h.db.query<{ cus_id: string; url: string }>(`select cus_id, url from error_log where message = 'boom'`)
      expect(rows).toEqual([{ cus_id: 'acme01', url: '/sms-cloud/wel/index' }])
    })
  })
})
