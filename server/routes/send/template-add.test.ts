import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../../test/harness'

describe('routes/send/template-add', () => {
  describe('POST /user/templateAdd (save the send content as a template)', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      tok.acme = await h.tokenFor('acme', 'Acme@12345')
      tok.globex = await h.tokenFor('globex', 'Globex@12345')
      tok.acme01 = await h.tokenFor('acme01', 'Acme01@12345')
      tok.admin = await h.tokenFor('admin', 'Admin@12345')
    })
    afterAll(() => h.close())

    const add = (token: string, body: Record<string, unknown>, lang = 'zh-CN') => h.call('/user/templateAdd', body, { token, lang })
    const listed = async (token: string, keyword: string) =>
      (await h.call('/contentTemplate/list', { pageNumber: 1, pageSize: 50, keyword }, { token })).data.records as { cus_id: string; template_content: string; check_status: number }[]

    it('stores the text as a pending template of the account, listed for it and not for another account', async () => {
      const text = '【艾克米】尊敬的{p1}，您的订单{p2}已发货，回T退订'
      const res = await add(tok.acme, { template_content: `  ${text}  ` })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ check_status: 0 })
      expect(await listed(tok.acme, '订单{p2}已发货')).toEqual([expect.objectContaining({ cus_id: 'acme', template_content: text, check_status: 0 })])
      expect(await listed(tok.globex, '订单{p2}已发货')).toEqual([])
    })

    it('refuses the same text again while it is pending or approved, in the caller’s language; another account may', async () => {
      const text = '【艾克米】Your parcel is on its way. Reply T to stop'
      expect((await add(tok.acme, { template_content: text })).status).toBe(200)
      const again = await add(tok.acme, { template_content: text }, 'en')
      expect(again.status).toBe(409)
      expect(again.msg).toBe('A template with this content already exists (pending or approved)')
      // A sub-account of the enterprise is another account, with the same signature.
      expect((await add(tok.acme01, { template_content: text })).status).toBe(200)
      // Rejected: it may be submitted again.
      await h.db.query(`update content_template set check_status = 3 where cus_id = 'acme' and template_content = $1`, [text])
      expect((await add(tok.acme, { template_content: text })).status).toBe(200)
    })

    it('refuses empty or too long text and another customer’s account; an administrator saves for a customer', async () => {
      expect((await add(tok.acme, { template_content: '   ' })).status).toBe(400)
      expect((await add(tok.acme, { template_content: '【艾克米】' + 'x'.repeat(996) })).status).toBe(400)
      expect((await add(tok.acme, { template_content: '【环球】Not mine', cus_id: 'globex' })).status).toBe(403)
      const res = await add(tok.admin, { template_content: '【环球】Saved by the administrator for globex', cus_id: 'globex' })
      expect(res.status).toBe(200)
      expect(await listed(tok.globex, 'Saved by the administrator')).toHaveLength(1)
    })
  })
})
