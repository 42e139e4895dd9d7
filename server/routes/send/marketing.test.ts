import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessage } from '../../../src/domain/messages'
import { OPEN_API_PATHS } from '../../../src/domain/signed-api'
import { setup, type Harness } from '../../test/harness'
import { countOf, mobilesOf, postForm, sendForm } from '../../test/send-kit'
import { signatureHeaders } from '../../test/signed-kit'
import { appSecretOf } from '../../users/app-secret'

const OPT_OUT_EN = serverMessage('marketingOptOut', 'en')

describe('routes/send/marketing', () => {
  describe('template types and the refusal instruction of marketing sends', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      tok.acme = await h.tokenFor('acme', 'Acme@12345')
      tok.acme02 = await h.tokenFor('acme02', 'Acme02@12345')
      tok.globex = await h.tokenFor('globex', 'Globex@12345')
    })
    afterAll(() => h.close())

    const group = (token: string, payload: Record<string, unknown>, n = 3) =>
      postForm(h.app, '/user/groupSend', token, sendForm(payload, 'numbers', mobilesOf('137', n)))
    const batches = () => countOf(h.db, 'select count(*)::int as n from sms_batch')
    const marked = async (batchId: string) =>
      (await h.db.query<{ marketing: boolean }>('select marketing from sms_batch where batch_id = $1', [batchId])).rows[0].marketing
    /** An approved template of `cusId`, stored as a review would leave it. */
    const approved = (cusId: string, text: string, type: string) => h.db.query(
      `insert into content_template (cus_id, template_content, sms_type, check_status, check_time, create_time) values ($1, $2, $3, 2, now(), now())`,
      [cusId, text, type])

    it('refuses free text marked as marketing without a refusal instruction, naming the field, storing nothing', async () => {
      const before = await batches()
      const res = await group(tok.acme, { content: '【艾克米】双十二全场五折，欢迎选购', marketing: true })
      expect(res).toMatchObject({ status: 400, msg: OPT_OUT_EN, data: { fields: { content: 'marketingOptOut' } } })
      expect(await batches()).toBe(before)
    })

    it('accepts marketing with a refusal instruction in any accepted form and marks its batch; unmarked text is a notification', async () => {
      for (const content of ['【艾克米】双十二全场五折，回T退订', '【艾克米】新品上市 拒收请回复R', '【艾克米】Big sale today. Reply STOP to opt out', '【艾克米】周末特惠，回复ＴＤ退订']) {
        const res = await group(tok.acme, { content, marketing: true })
        expect(res, content).toMatchObject({ status: 200, data: { sms_type: 'marketing' } })
        expect(await marked(res.data.batch_id)).toBe(true)
      }
      const notice = await group(tok.acme, { content: '【艾克米】您的快递已到驿站' })
      expect(notice).toMatchObject({ status: 200, data: { sms_type: 'notice' } })
      expect(await marked(notice.data.batch_id)).toBe(false)
    })

    it('takes a send whose text is an approved marketing template of the enterprise as marketing, unmarked, from a sub-account too', async () => {
      await approved('acme', '【艾克米】会员日大促，满百减二十', 'marketing')
      // acme's marketing template of a text globex may send (its own signature).
      await approved('acme', '【环球】会员日大促，满百减二十', 'marketing')
      expect(await group(tok.acme02, { content: '【艾克米】会员日大促，满百减二十' })).toMatchObject({ status: 400, msg: OPT_OUT_EN })
      // Another enterprise's template says nothing about globex's text.
      expect(await group(tok.globex, { content: '【环球】会员日大促，满百减二十' })).toMatchObject({ status: 200, data: { sms_type: 'notice' } })
    })

    it('exempts an approved verification-code template from the marketing rules even when marked', async () => {
      await approved('acme', '【艾克米】您的验证码为{p1}，5分钟内有效', 'code')
      const res = await postForm(h.app, '/user/taokeGroupSend', tok.acme,
        sendForm({ template: '【艾克米】您的验证码为{p1}，5分钟内有效', marketing: true }, 'rows', [`13700000001\t1234`]))
      expect(res).toMatchObject({ status: 200, data: { sms_type: 'code' } })
    })

    it('refuses a point-to-point marketing template without the instruction, naming the template field', async () => {
      const res = await postForm(h.app, '/user/taokeGroupSend', tok.acme, sendForm({ template: '【艾克米】{p1}您好，新品八折', marketing: true }, 'rows', ['13700000002\t张三']))
      expect(res).toMatchObject({ status: 400, data: { fields: { template: 'marketingOptOut' } } })
    })

    it('refuses a marketing link send without the instruction', async () => {
      const res = await postForm(h.app, '/shortChainTool/smsLinkGroupSend', tok.acme,
        sendForm({ content: '【艾克米】秋季上新 {link}', long_url: 'https://example.com/sale', marketing: true }, 'numbers', mobilesOf('137', 2)))
      expect(res).toMatchObject({ status: 400, msg: OPT_OUT_EN })
    })

    it('refuses a marketing send of the signed API without the instruction, in the caller’s language', async () => {
      const path = OPEN_API_PATHS.send
      const body = JSON.stringify({ idempotency_key: randomUUID(), content: '【艾克米】限时秒杀，今晚八点', mobiles: mobilesOf('137', 2), marketing: true })
      const signer = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
      const res = await h.app.request(`/api${path}`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN', ...signatureHeaders(signer, path, body) },
      })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { msg: string }).msg).toBe(serverMessage('marketingOptOut', 'zh-CN'))
    })

    it('refuses a marketing template without the instruction at submission, and lists and filters templates by type', async () => {
      const refused = await h.call('/contentTemplate/contentTemplateAdd', { template_content: '【艾克米】年终盛典，全场包邮', sms_type: 'marketing' }, { token: tok.acme, lang: 'en' })
      expect(refused).toMatchObject({ code: 400, msg: OPT_OUT_EN, data: { fields: { template_content: 'marketingOptOut' } } })
      const ok = await h.call('/contentTemplate/contentTemplateAdd', { template_content: '【艾克米】年终盛典，全场包邮，回T退订', sms_type: 'marketing' }, { token: tok.acme })
      expect(ok.code).toBe(200)
      // Without a type a template is a notification; an unknown type is refused.
      expect((await h.call('/user/templateAdd', { template_content: '【艾克米】您的包裹已签收' }, { token: tok.acme })).code).toBe(200)
      expect((await h.call('/user/templateAdd', { template_content: '【艾克米】x', sms_type: 'promo' }, { token: tok.acme })).code).toBe(400)
      const list = async (q: Record<string, unknown>) =>
        (await h.call('/contentTemplate/list', { pageNumber: 1, pageSize: 100, ...q }, { token: tok.acme })).data.records as { template_content: string; sms_type: string }[]
      expect(await list({ keyword: '年终盛典' })).toEqual([expect.objectContaining({ sms_type: 'marketing' })])
      expect(await list({ keyword: '包裹已签收' })).toEqual([expect.objectContaining({ sms_type: 'notice' })])
      const marketing = await list({ sms_type: 'marketing' })
      expect(marketing.length).toBeGreaterThan(0)
      expect(marketing.every((t) => t.sms_type === 'marketing')).toBe(true)
      expect((await h.call('/contentTemplate/list', { pageNumber: 1, pageSize: 10, sms_type: 'promo' }, { token: tok.acme })).code).toBe(400)
    })
  })
})
