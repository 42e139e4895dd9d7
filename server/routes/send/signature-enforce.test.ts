import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessage } from '../../../src/domain/messages'
import { OPEN_API_PATHS } from '../../../src/domain/signed-api'
import { SIGNATURE_STATUS } from '../../../src/domain/signatures'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../../test/send-kit'
import { signedPost } from '../../test/signed-kit'
import { appSecretOf } from '../../users/app-secret'

const MISSING_EN = serverMessage('signatureMissing', 'en')
const notApproved = (name: string) => serverMessage('signatureNotApproved', 'en', { name })

/*
 * Every domestic send starts with an approved signature of the sending account's enterprise (src/domain/signatures.ts):
 * the server refuses anything else, naming the signature it found, before anything is stored or billed.
 */
describe('routes/send/signature-enforce', () => {
  describe('the signature of every domestic send', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      Object.assign(tok, await h.tokensFor('acme', 'acme01', 'globex'))
    })
    afterAll(() => h.close())

    const group = (token: string, content: string, extra: Record<string, unknown> = {}) =>
      postForm(h.app, '/user/groupSend', token, sendForm({ content, ...extra }, 'numbers', mobilesOf('137', 3)))
    const batches = () => countOf(h.db, 'select count(*)::int as n from sms_batch')
    const timedBatches = () => countOf(h.db, 'select count(*)::int as n from time_batch')
    /** A signature of `cusId` in `status`, as a review would leave it. */
    const signature = (cusId: string, name: string, status: number) => h.db.query(
      `insert into signature (cus_id, name, source, status, remark, result_desc, check_time, create_time) values ($1, $2, 'company', $3, '', '', now(), now())`,
      [cusId, name, status])

    it('refuses a text with no signature, or with one the enterprise does not hold approved, storing and billing nothing', async () => {
      await signature('acme', '艾克米旗舰', SIGNATURE_STATUS.pending)
      await signature('acme', '艾克米旧名', SIGNATURE_STATUS.withdrawn)
      await signature('acme', '艾克米商店', SIGNATURE_STATUS.refused)
      const [before, balance] = [await batches(), await balanceOf(h.db, 'acme')]
      expect(await group(tok.acme, '双十二活动，全场五折，回T退订')).toMatchObject({ status: 400, msg: MISSING_EN, data: { fields: { content: 'signatureMissing' } } })
      // A signature is its 【name】 at the very start: one further on does not count.
      expect(await group(tok.acme, '您好【艾克米】')).toMatchObject({ status: 400, msg: MISSING_EN })
      for (const name of ['艾克米旗舰', '艾克米旧名', '艾克米商店', '环球', '云短信']) {
        expect(await group(tok.acme, `【${name}】您的快递已到驿站`), name).toMatchObject({ status: 400, msg: notApproved(name) })
      }
      // A timed send is refused as it is submitted, not when it is due.
      expect(await group(tok.acme, '【环球】明早九点发', { timing_time: '2099-01-01T08:00:00+08:00' })).toMatchObject({ status: 400, msg: notApproved('环球') })
      expect([await batches(), await balanceOf(h.db, 'acme')]).toEqual([before, balance])
    })

    it('sends with an approved signature of the enterprise, a sub-account with its enterprise\'s, each enterprise with its own', async () => {
      expect(await group(tok.acme, '【艾克米】您的快递已到驿站')).toMatchObject({ status: 200 })
      expect(await group(tok.acme01, '【艾克米】您的快递已到驿站')).toMatchObject({ status: 200 })
      expect(await group(tok.globex, '【环球】您的快递已到驿站')).toMatchObject({ status: 200 })
      expect(await group(tok.globex, '【艾克米】您的快递已到驿站')).toMatchObject({ status: 400, msg: notApproved('艾克米') })
    })

    it('refuses a send the moment its signature is withdrawn', async () => {
      await signature('acme', '艾克米会员', SIGNATURE_STATUS.approved)
      expect(await group(tok.acme, '【艾克米会员】积分到账')).toMatchObject({ status: 200 })
      const { rows } = await h.db.query<{ id: number }>(`select id from signature where cus_id = 'acme' and name = '艾克米会员'`)
      expect((await h.call('/signature/withdraw', { id: rows[0].id }, { token: tok.acme })).status).toBe(200)
      expect(await group(tok.acme01, '【艾克米会员】积分到账')).toMatchObject({ status: 400, msg: notApproved('艾克米会员') })
    })

    it('checks the point-to-point template, the link send and the signed API the same way', async () => {
      const p2p = await postForm(h.app, '/user/taokeGroupSend', tok.acme, sendForm({ template: '{p1}您好，包裹已到' }, 'rows', ['13700000002\t张三']))
      expect(p2p).toMatchObject({ status: 400, msg: MISSING_EN, data: { fields: { template: 'signatureMissing' } } })
      const link = await postForm(h.app, '/shortChainTool/smsLinkGroupSend', tok.acme,
        sendForm({ content: '【环球】秋季上新 {link}', long_url: 'https://example.com/sale' }, 'numbers', mobilesOf('137', 2)))
      expect(link).toMatchObject({ status: 400, msg: notApproved('环球') })

      const signer = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
      const body = { idempotency_key: randomUUID(), content: '限时秒杀，今晚八点，回T退订', mobiles: mobilesOf('137', 2) }
      expect(await signedPost(h.app, signer, OPEN_API_PATHS.send, body)).toEqual({ status: 400, msg: serverMessage('signatureMissing', 'zh-CN') })
    })

    it('checks a 5G send\'s fallback SMS, a domestic text of its own, and nothing of a 5G send without one', async () => {
      const { rows } = await h.db.query<{ template_id: number; chatbot_id: string }>(
        `select template_id, chatbot_id from csp_template where cus_id = 'globex' and template_name = '新品上市'`)
      const csp = (extra: Record<string, unknown>) => postForm(h.app, '/cspTemplate/cspSmsGroupSend', tok.globex,
        sendForm({ chatbot_id: rows[0].chatbot_id, template_id: rows[0].template_id, idempotency_key: randomUUID(), ...extra }, 'numbers', mobilesOf('137', 2)))
      expect(await csp({ low_type: [1], sms_text: '新品上市，回TD退订' })).toMatchObject({ status: 400, msg: MISSING_EN, data: { fields: { sms_text: 'signatureMissing' } } })
      expect(await csp({ low_type: [1], sms_text: '【艾克米】新品上市，回TD退订' })).toMatchObject({ status: 400, msg: notApproved('艾克米') })
      expect(await csp({ low_type: [1], sms_text: '【环球】新品上市，回TD退订' })).toMatchObject({ status: 200 })
      expect(await csp({ low_type: [] })).toMatchObject({ status: 200 })
    })

    it('refuses a content template without an approved signature when it is submitted', async () => {
      const missing = await h.call('/contentTemplate/contentTemplateAdd', { template_content: '您的包裹已签收' }, { token: tok.acme, lang: 'en' })
      expect(missing).toMatchObject({ code: 400, msg: MISSING_EN, data: { fields: { template_content: 'signatureMissing' } } })
      const other = await h.call('/user/templateAdd', { template_content: '【环球】您的包裹已签收' }, { token: tok.acme, lang: 'en' })
      expect(other).toMatchObject({ code: 400, msg: notApproved('环球') })
      expect((await h.call('/user/templateAdd', { template_content: '【艾克米】您的包裹已签收' }, { token: tok.acme01 })).code).toBe(200)
    })

    it('keeps the rules when a timed batch\'s text is edited: an approved signature, and a marketing one\'s refusal instruction', async () => {
      const before = await timedBatches()
      const timed = await group(tok.acme, '【艾克米】周末特惠，回T退订', { timing_time: '2099-01-01T08:00:00+08:00', marketing: true })
      expect(timed).toMatchObject({ status: 200, data: { timed: true } })
      expect(await timedBatches()).toBe(before + 1)
      const tb = timed.data.batch_id as string
      const edit = (content: string) => h.call('/pageTimeBatch/edit', { time_batch: tb, content }, { token: tok.acme, lang: 'en' })
      expect(await edit('周末特惠，回T退订')).toMatchObject({ code: 400, msg: MISSING_EN })
      expect(await edit('【环球】周末特惠，回T退订')).toMatchObject({ code: 400, msg: notApproved('环球') })
      expect(await edit('【艾克米】周末特惠')).toMatchObject({ code: 400, msg: serverMessage('marketingOptOut', 'en') })
      expect((await edit('【艾克米】周末特惠，全场八折，回T退订')).code).toBe(200)
      const { rows } = await h.db.query<{ content: string }>('select content from time_batch where time_batch = $1', [tb])
      expect(rows[0].content).toBe('【艾克米】周末特惠，全场八折，回T退订')
    })
  })
})
