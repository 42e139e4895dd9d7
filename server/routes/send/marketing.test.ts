import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { platformDayStart } from '../../../src/domain/marketing'
import { runDueBatches } from '../../send/scheduler'
import { serverMessage } from '../../../src/domain/messages'
import { OPEN_API_PATHS } from '../../../src/domain/signed-api'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../../test/send-kit'
import { signedPost } from '../../test/signed-kit'
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
    // Marketing sends go at once inside the hours only: the clock is pinned to 10:00 of the platform day.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(platformDayStart(new Date()).getTime() + 10 * 3_600_000)
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    // Fresh numbers for every send: the daily cap of marketing messages a number (3) is not what these tests are about.
    let next = 0
    const group = (token: string, payload: Record<string, unknown>, n = 3) =>
      postForm(h.app, '/user/groupSend', token, sendForm(payload, 'numbers', mobilesOf('137', n, (next += n) - n)))
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
      const signer = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
      const body = { idempotency_key: randomUUID(), content: '【艾克米】限时秒杀，今晚八点', mobiles: mobilesOf('137', 2), marketing: true }
      expect(await signedPost(h.app, signer, OPEN_API_PATHS.send, body)).toEqual({ status: 400, msg: serverMessage('marketingOptOut', 'zh-CN') })
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

/*
 * Marketing hours and the daily cap (src/domain/marketing.ts, server/send/marketing.ts). The clock is pinned to the
 * platform day the test runs on (only `Date`: timers run as usual), so the window and the day do not depend on when
 * the suite runs.
 */
describe('routes/send/marketing hours and cap', () => {
  let h: Harness
  const tok: Record<string, string> = {}
  const day = platformDayStart(new Date()).getTime()
  /** The instant of `hh:mm` on the platform day the test runs on, `days` later. */
  const at = (hhmm: string, days = 0) => new Date(day + days * 86_400_000 + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000)
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    tok.acme = await h.tokenFor('acme', 'Acme@12345')
    tok.acme01 = await h.tokenFor('acme01', 'Acme01@12345')
  })
  afterAll(() => h.close())
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const send = (token: string, mobiles: string[], payload: Record<string, unknown> = {}) =>
    postForm(h.app, '/user/groupSend', token, sendForm({ content: '【艾克米】周末特惠，回T退订', marketing: true, ...payload }, 'numbers', mobiles))

  it('turns a marketing send asked outside the hours into a timed batch for the window\'s next start, and says so', async () => {
    vi.setSystemTime(at('22:00'))
    const late = await send(tok.acme, mobilesOf('131', 2))
    expect(late).toMatchObject({ status: 200, data: { timed: true, quiet_hours: true, sms_type: 'marketing', numbers: 2 } })
    expect(late.data.send_time).toBe(at('08:00', 1).toISOString())
    const { rows } = await h.db.query<{ timing_time: Date; marketing: boolean }>('select timing_time, marketing from time_batch where time_batch = $1', [late.data.batch_id])
    expect(rows[0]).toEqual({ timing_time: at('08:00', 1), marketing: true })
    // Before the window opens: today's start.
    vi.setSystemTime(at('06:30'))
    expect((await send(tok.acme, mobilesOf('131', 2, 10))).data).toMatchObject({ timed: true, quiet_hours: true, send_time: at('08:00').toISOString() })
    // A timed marketing send asked for 21:30 moves too; a notification at 22:00 goes at once.
    vi.setSystemTime(at('12:00'))
    const timed = await send(tok.acme, mobilesOf('131', 2, 20), { timing_time: at('21:30').toISOString() })
    expect(timed.data).toMatchObject({ timed: true, quiet_hours: true, send_time: at('08:00', 1).toISOString() })
    vi.setSystemTime(at('22:00'))
    const notice = await postForm(h.app, '/user/groupSend', tok.acme, sendForm({ content: '【艾克米】您的快递已到驿站' }, 'numbers', mobilesOf('131', 2, 30)))
    expect(notice).toMatchObject({ status: 200, data: { timed: false, quiet_hours: false, sms_type: 'notice' } })
  })

  it('inside the hours sends at once; a number that had the day\'s cap is removed, counted and not billed', async () => {
    vi.setSystemTime(at('10:00'))
    const [a, b, c] = mobilesOf('132', 3)
    for (let i = 0; i < 3; i++) expect((await send(i === 1 ? tok.acme01 : tok.acme, [a, b])).data, String(i)).toMatchObject({ timed: false, quiet_hours: false, over_cap: 0 })
    const balance = await balanceOf(h.db, 'acme')
    // The enterprise's cap counts all its accounts' marketing: a and b had 3 today (default cap).
    const fourth = await send(tok.acme, [a, b, c])
    expect(fourth).toMatchObject({ status: 200, data: { numbers: 1, over_cap: 2, messages: 1 } })
    expect(await balanceOf(h.db, 'acme')).toBeCloseTo(balance - fourth.data.cost, 3)
    const { rows } = await h.db.query<{ over_cap: number; mobiles: string[] }>(
      `select b.over_cap, array_agg(m.mobile) as mobiles from sms_batch b join mt_record m on m.batch_id = b.batch_id where b.batch_id = $1 group by b.over_cap`,
      [fourth.data.batch_id])
    expect(rows[0]).toEqual({ over_cap: 2, mobiles: [c] })
    // Nobody left: refused, nothing stored or billed.
    const before = await balanceOf(h.db, 'acme')
    expect(await send(tok.acme, [a, b])).toMatchObject({ status: 400, msg: serverMessage('marketingAllCapped', 'en', { count: 2, cap: 3, opted: 0 }) })
    expect(await balanceOf(h.db, 'acme')).toBe(before)
    // A notification is not capped; the next platform day starts again.
    expect((await postForm(h.app, '/user/groupSend', tok.acme, sendForm({ content: '【艾克米】您的快递已到驿站' }, 'numbers', [a]))).data).toMatchObject({ numbers: 1 })
    vi.setSystemTime(at('10:00', 1))
    expect((await send(tok.acme, [a, b])).data).toMatchObject({ numbers: 2, over_cap: 0 })
  })

  it('names before the confirmation the numbers the cap will remove, apart from the opted out, as the send then removes them', async () => {
    vi.setSystemTime(at('11:00', 3))
    const [a, b, c] = mobilesOf('135', 3)
    for (let i = 0; i < 3; i++) expect((await send(tok.acme01, [a, b])).status).toBe(200)
    await h.db.query(`insert into opt_out (ent_id, mobile, source, added_by) values ('acme', $1, 2, 'acme')`, [b])
    const check = (payload: Record<string, unknown>, token = tok.acme) =>
      postForm(h.app, '/optOut/check', token, sendForm({ content: '【艾克米】周末特惠，回T退订', marketing: true, ...payload }, 'numbers', [a, b, c]))
    expect((await check({})).data).toMatchObject({ opted_out: 1, mobiles: [b], over_cap: 1, over_cap_mobiles: [a], messages: 0 })
    // A sub-account's check counts the enterprise's marketing of every account, as its send does.
    expect((await check({}, tok.acme01)).data).toMatchObject({ over_cap: 1 })
    // A notification is not capped; a marketing send asked for later, or outside the hours, is capped when it goes.
    expect((await check({ marketing: false, content: '【艾克米】您的快递已到驿站' })).data).toMatchObject({ opted_out: 1, over_cap: 0 })
    expect((await check({ timing_time: at('15:00', 3).toISOString() })).data).toMatchObject({ over_cap: 0 })
    vi.setSystemTime(at('21:30', 3))
    expect((await check({})).data).toMatchObject({ over_cap: 0 })
    vi.setSystemTime(at('11:30', 3))
    // A marketing text without its refusal instruction is refused by the check as by the send.
    expect(await check({ content: '【艾克米】周末特惠' })).toMatchObject({ status: 400, msg: OPT_OUT_EN })
    expect((await send(tok.acme, [a, b, c])).data).toMatchObject({ numbers: 1, opted_out: 1, over_cap: 1 })
    await h.db.query(`delete from opt_out where ent_id = 'acme' and mobile = $1`, [b])
  })

  it('follows an enterprise\'s narrower hours and cap, within the platform\'s', async () => {
    await h.db.query(`insert into marketing_setting (cus_id, window_start, window_end, daily_cap) values ('acme', 540, 1320, 1)`)
    vi.setSystemTime(at('08:30'))
    expect((await send(tok.acme01, mobilesOf('133', 1))).data).toMatchObject({ timed: true, quiet_hours: true, send_time: at('09:00').toISOString() })
    // 21:30 is inside the enterprise's 22:00 but outside the platform's 21:00.
    vi.setSystemTime(at('21:30'))
    expect((await send(tok.acme01, mobilesOf('133', 1, 1))).data).toMatchObject({ timed: true, send_time: at('09:00', 1).toISOString() })
    vi.setSystemTime(at('11:00', 2))
    expect((await send(tok.acme01, mobilesOf('133', 1, 2))).data).toMatchObject({ timed: false, numbers: 1 })
    expect(await send(tok.acme, mobilesOf('133', 1, 2))).toMatchObject({ status: 400 })
    await h.db.query(`delete from marketing_setting where cus_id = 'acme'`)
  })

  it('caps a timed marketing batch when the scheduler sends it, by the numbers\' messages of that day', async () => {
    vi.setSystemTime(at('10:00', 5))
    const [a, b] = mobilesOf('134', 2)
    const timed = await send(tok.acme, [a, b], { timing_time: at('15:00', 5).toISOString() })
    expect(timed.data).toMatchObject({ timed: true, quiet_hours: false })
    for (let i = 0; i < 3; i++) await send(tok.acme, [a])
    vi.setSystemTime(at('15:00', 5))
    // Every batch due by then, the demo data's too.
    while ((await runDueBatches(h.db, { now: at('15:00', 5), limit: 100 })).length);
    const details = await h.db.query<{ mobile: string; send_status: number }>(
      'select mobile, send_status::int as send_status from time_mt_message where time_batch = $1 order by mobile', [timed.data.batch_id])
    expect(details.rows).toEqual([{ mobile: a, send_status: 6 }, { mobile: b, send_status: 1 }])
    const sent = await h.db.query<{ over_cap: number; marketing: boolean; n: number }>(
      `select b.over_cap, b.marketing, count(m.*)::int as n from sms_batch b join mt_record m on m.batch_id = b.batch_id
       where b.create_time = $1 and m.mobile = any($2::text[]) group by b.batch_id`, [at('15:00', 5), [a, b]])
    expect(sent.rows).toEqual([{ over_cap: 1, marketing: true, n: 1 }])
  })
})
