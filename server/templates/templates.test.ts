import { randomUUID } from 'node:crypto'
import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPLATE_LIMITS as L } from '../../src/domain/templates-write'
import { setup, type Harness } from '../test/harness'
import { countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { reviewDue } from './review'

const later = () => new Date(Date.now() + 30 * 60_000).toISOString()
const text = (over: Record<string, unknown> = {}) => ({
  template_name: `Notice ${randomUUID().slice(0, 8)}`, chatbot_id: 'chatbot_globex_1', autograph: 'Globex', content_type: 'text',
  text_5g: 'Your order has shipped', ...over,
})

describe('templates/templates', () => {
  describe('template calls', () => {
    let h: Harness
    let t: Record<string, string>
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      t = await h.tokensFor('admin', 'acme', 'acme01', 'globex', 'initech')
    })
    afterAll(() => h.close())

    const en = (path: string, body: unknown, token: string) => h.call(path, body, { token, lang: 'en' })
    const cspStatus = async (id: number) =>
      (await h.db.query<{ s: number; d: string; g: string | null }>('select template_status::int as s, result_desc as d, gate_template_id as g from csp_template where template_id = $1', [id])).rows[0]
    const addCsp = async (over: Record<string, unknown> = {}, token = t.globex) => {
      const res = await en('/cspTemplate/add', text(over), token)
      expect(res.status, res.msg).toBe(200)
      return res.data.id as number
    }

    describe('content templates', () => {
      it('the template screen and the send pages\' "save as template" share one rule: a text pending or approved once per account', async () => {
        const body = { template_content: `【艾克米】Meeting at {p1} ${randomUUID()}`, keyword: 'meeting' }
        const first = await en('/contentTemplate/contentTemplateAdd', body, t.acme)
        expect(first).toMatchObject({ status: 200, data: { status: 0, check_status: 0 } })
        expect((await en('/user/templateAdd', body, t.acme)).status).toBe(409)
        // Once per account: a sub-account of the enterprise (the same signature) may submit the same text.
        expect((await en('/contentTemplate/contentTemplateAdd', body, t.acme01)).status).toBe(200)
        const row = await h.db.query<{ keyword: string }>('select keyword from content_template where id = $1', [first.data.id])
        expect(row.rows[0].keyword).toBe('meeting')
      })

      it('deletes the caller\'s own; another tenant\'s id answers 404 and stays', async () => {
        const id = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】Bye ${randomUUID()}` }, t.acme)).data.id as number
        expect((await en('/contentTemplate/contentTemplateDelete', { id }, t.globex)).status).toBe(404)
        expect((await en('/contentTemplate/contentTemplateDelete', { id }, t.acme01)).status).toBe(404)
        expect(await countOf(h.db, 'select count(*)::int as n from content_template where id = $1', [id])).toBe(1)
        expect((await en('/contentTemplate/contentTemplateDelete', { id }, t.acme)).status).toBe(200)
        expect(await countOf(h.db, 'select count(*)::int as n from content_template where id = $1', [id])).toBe(0)
      })

      it('an enterprise deletes its sub-account\'s template (the list shows it); the sub-account cannot delete the parent\'s', async () => {
        const sub = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】Sub ${randomUUID()}` }, t.acme01)).data.id as number
        const parent = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】Parent ${randomUUID()}` }, t.acme)).data.id as number
        expect((await en('/contentTemplate/contentTemplateDelete', { id: parent }, t.acme01)).status).toBe(404)
        expect((await en('/contentTemplate/contentTemplateDelete', { id: sub }, t.acme)).status).toBe(200)
      })
    })

    describe('5G (csp) templates', () => {
      it('adds a text template pending (status 0) with its fallbacks, readable by its tenant only', async () => {
        const id = await addCsp({ low_type: [1, 3], sms_text: 'Shipped', aim_text: 'Read more' })
        const d = await en('/cspTemplate/getCspTemplate', { template_id: id }, t.globex)
        expect(d.data).toMatchObject({ template_id: id, template_status: 0, low_type: '1,3', smsTextContent: 'Shipped', aimTextContent: 'Read more', text5g: 'Your order has shipped', gate_template_id: null })
        expect((await en('/cspTemplate/getCspTemplate', { template_id: id }, t.acme)).status).toBe(404)
        expect((await en('/cspTemplate/getCspTemplate', { template_id: id }, t.admin)).status).toBe(200)
      })

      it('refuses broken carrier limits with the limit worded and the field named, storing nothing', async () => {
        const before = await countOf(h.db, 'select count(*)::int as n from csp_template')
        const card = { material_id: 1, title: 'T', text: 'x', buttons: [] as unknown[] }
        const many = await en('/cspTemplate/add', text({ content_type: 'card', cards: Array(L.cardsMax + 1).fill(card) }), t.globex)
        expect(many).toMatchObject({ status: 400, msg: `A message has 1 to ${L.cardsMax} cards`, data: { fields: { cards: 'cspCardCount' } } })
        const buttons = Array(L.buttonsPerCard + 1).fill({ kind: 'reply', name: 'OK' })
        const five = await en('/cspTemplate/add', text({ content_type: 'card', cards: [{ ...card, buttons }] }), t.globex)
        expect(five).toMatchObject({ status: 400, msg: `A card has at most ${L.buttonsPerCard} buttons` })
        const zh = await h.call('/cspTemplate/add', text({ content_type: 'card', cards: [] }), { token: t.globex })
        expect(zh.msg).toContain('卡片数量')
        expect((await en('/cspTemplate/add', text({ autograph: 'G' }), t.globex)).data.fields).toEqual({ autograph: 'cspAutographLength' })
        expect(await countOf(h.db, 'select count(*)::int as n from csp_template')).toBe(before)
      })

      it('refuses another tenant\'s chatbot, an account without 5G, and a video fallback that is not the account\'s approved one', async () => {
        expect((await en('/cspTemplate/add', text({ chatbot_id: 'chatbot_globex_1' }), t.acme)).status).toBe(403)
        const foreignBot = await en('/cspTemplate/add', text({ cus_id: 'globex', chatbot_id: 'nope' }), t.globex)
        expect(foreignBot.data.fields).toEqual({ chatbot_id: 'cspChatbotMismatch' })
        const acmeVideo = (await h.db.query<{ id: number }>("select cus_template_id as id from video_template where cus_id = 'acme' and status = 2 limit 1")).rows[0].id
        const video = await en('/cspTemplate/add', text({ low_type: [2], video_template_id: acmeVideo }), t.globex)
        expect(video).toMatchObject({ status: 400, data: { fields: { video_template_id: 'videoTemplateNotApproved' } } })
      })

      it('another tenant\'s template is neither deletable nor downloadable; the owner downloads a ZIP with template.json', async () => {
        const id = await addCsp()
        expect((await en('/cspTemplate/templateDel', { template_id: id }, t.acme)).status).toBe(404)
        const foreign = await h.app.request('/api/cspTemplate/downloadTemplate', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.acme}` }, body: JSON.stringify({ template_id: id }),
        })
        expect(foreign.status).toBe(404)
        const res = await h.app.request('/api/cspTemplate/downloadTemplate', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.globex}` }, body: JSON.stringify({ template_id: id }),
        })
        expect(res.headers.get('content-type')).toBe('application/zip')
        expect(res.headers.get('content-disposition')).toContain(`csp-template-${id}.zip`)
        const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
        expect(JSON.parse(strFromU8(files['template.json']))).toMatchObject({ template_id: id, text5g: 'Your order has shipped' })
        expect(await countOf(h.db, 'select count(*)::int as n from csp_template where template_id = $1', [id])).toBe(1)
      })

      it('a template a timed batch not yet sent uses cannot be deleted (409 naming the batch); once intercepted it can', async () => {
        const id = await addCsp()
        await h.call('/cspTemplate/review', { id, approve: true }, { token: t.admin })
        const sent = await postForm(h.app, '/cspTemplate/cspSmsGroupSend', t.globex, sendForm(
          { chatbot_id: 'chatbot_globex_1', template_id: id, idempotency_key: randomUUID(), timing_time: later() }, 'numbers', mobilesOf('137', 3).join('\n')))
        expect(sent.status, sent.msg).toBe(200)
        const batch = sent.data.batch_id as string
        const refused = await en('/cspTemplate/templateDel', { template_id: id }, t.globex)
        expect(refused.status).toBe(409)
        expect(refused.msg).toContain(batch)
        await h.db.query('update time_batch set send_status = 3 where time_batch = $1', [batch])
        expect((await en('/cspTemplate/templateDel', { template_id: id }, t.globex)).status).toBe(200)
      })
    })

    describe('video templates', () => {
      const acmeVideo = async (status: number) =>
        (await h.db.query<{ id: number }>("select cus_template_id as id from video_template where cus_id = 'acme' and status = $1 order by cus_template_id limit 1", [status])).rows[0].id

      it('detail by id for its tenant; deleting marks it deleted (status 4), a second delete is 404', async () => {
        const id = await acmeVideo(3)
        expect((await en('/videoTemplate/getVideoTemplate', { cus_template_id: id }, t.globex)).status).toBe(404)
        expect((await en('/videoTemplate/getVideoTemplate', { cus_template_id: id }, t.acme)).data).toMatchObject({ cus_template_id: id, status: 3 })
        expect((await en('/videoTemplate/templateDel', { cus_template_id: id }, t.initech)).status).toBe(404)
        expect((await en('/videoTemplate/templateDel', { cus_template_id: id }, t.acme)).status).toBe(200)
        expect((await en('/videoTemplate/getVideoTemplate', { cus_template_id: id }, t.acme)).data.status).toBe(4)
        expect((await en('/videoTemplate/templateDel', { cus_template_id: id }, t.acme)).status).toBe(404)
      })

      it('a video template a timed video batch uses cannot be deleted', async () => {
        const id = await acmeVideo(2)
        const sent = await postForm(h.app, '/videoTemplate/videoSmsGroupSend', t.acme, sendForm(
          { cus_template_id: id, idempotency_key: randomUUID(), timing_time: later() }, 'numbers', mobilesOf('137', 2, 500).join('\n')))
        expect(sent.status, sent.msg).toBe(200)
        const refused = await en('/videoTemplate/templateDel', { cus_template_id: id }, t.acme)
        expect(refused).toMatchObject({ status: 409 })
        expect(refused.msg).toContain(sent.data.batch_id)
      })

      it('refuses a frame list out of range before looking at materials', async () => {
        const res = await en('/videoTemplate/add', { title: 'Launch', template_sign: 'Acme', frames: [] }, t.acme)
        expect(res).toMatchObject({ status: 400, msg: `A video template has ${L.framesMin} to ${L.framesMax} frames`, data: { fields: { frames: 'videoFrameCount' } } })
      })
    })

    describe('review', () => {
      it('a customer cannot review (403), even its own template; an administrator approves once, the second is 409', async () => {
        const id = await addCsp()
        expect((await en('/cspTemplate/review', { id, approve: true }, t.globex)).status).toBe(403)
        expect((await cspStatus(id)).s).toBe(0)
        expect((await en('/cspTemplate/review', { id, approve: false }, t.admin)).data.fields).toEqual({ reason: 'required' })
        expect((await en('/cspTemplate/review', { id, approve: true }, t.admin)).status).toBe(200)
        expect(await cspStatus(id)).toMatchObject({ s: 4, g: expect.stringMatching(/^CSP\d+$/) })
        expect((await en('/cspTemplate/review', { id, approve: false, reason: 'late' }, t.admin)).status).toBe(409)
        expect((await en('/cspTemplate/review', { id: 2_000_000_000, approve: true }, t.admin)).status).toBe(404)
      })

      it('approval puts a notice on the owner\'s bell that opens the template, and gives the carrier id its detail call', async () => {
        const id = await addCsp()
        await en('/cspTemplate/review', { id, approve: true }, t.admin)
        const bell = await en('/notice/list', { pageNumber: 1, pageSize: 5 }, t.globex)
        expect(bell.data.records[0]).toMatchObject({ kind: 'templateReview', title: 'Template approved', link: `/csp-sms/templates?id=${id}` })
        const opened = await en('/cspTemplate/list', { id }, t.globex)
        expect(opened.data.records.map((r: { template_id: number }) => r.template_id)).toEqual([id])
        const gate = (await cspStatus(id)).g!
        expect((await en('/cspTemplate/getCspTemplateByGateTemplateId', { gate_template_id: gate }, t.globex)).data.template_id).toBe(id)
        expect((await en('/cspTemplate/getCspTemplateByGateTemplateId', { gate_template_id: gate }, t.acme)).status).toBe(404)
      })

      it('a rejection stores the reason in result_desc and tells the owner', async () => {
        const id = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】Promo ${randomUUID()}` }, t.acme)).data.id as number
        expect((await en('/contentTemplate/review', { id, approve: false, reason: 'Add an opt-out' }, t.admin)).status).toBe(200)
        const row = (await h.db.query<{ s: number; d: string }>('select check_status::int as s, result_desc as d from content_template where id = $1', [id])).rows[0]
        expect(row).toEqual({ s: 3, d: 'Add an opt-out' })
        const bell = await en('/notice/list', { pageNumber: 1, pageSize: 5 }, t.acme)
        expect(bell.data.records[0].body).toContain('Add an opt-out')
      })

      it('the worker approves clean templates, rejects sensitive words with the reason in both languages, and never decides one twice', async () => {
        const clean = await addCsp()
        const bad = await addCsp({ text_5g: 'Casino night: win big' })
        const content = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】代开发票 ${randomUUID()}` }, t.acme)).data.id as number
        const young = await addCsp()
        // Due: created at least 90 s before "now + 60 s". The two made an hour ago are; `young`, made just now, is not.
        const future = new Date(Date.now() + 60_000)
        await h.db.query('update csp_template set create_time = now() - interval \'1 hour\' where template_id = any($1::int[])', [[clean, bad]])
        await h.db.query('update content_template set create_time = now() - interval \'1 hour\' where id = $1', [content])
        const notices = () => countOf(h.db, "select count(*)::int as n from notice where kind = 'templateReview'")
        const before = await notices()
        const race = () => reviewDue(h.db, { delayMs: 90_000, now: future, limit: 10_000 })
        const [a, b] = await Promise.all([race(), race()])
        // Each decision adds one notice: as many notices as decisions, and none for a template twice.
        expect(await notices()).toBe(before + a + b)
        expect(await countOf(h.db, "select count(*)::int as n from (select link from notice where kind = 'templateReview' group by cus_id, link having count(*) > 1) x")).toBe(0)
        expect((await cspStatus(clean)).s).toBe(4)
        const rejected = await cspStatus(bad)
        expect(rejected.s).toBe(5)
        expect(rejected.d).toContain('casino')
        expect(rejected.d).toContain('敏感词')
        expect((await h.db.query<{ s: number }>('select check_status::int as s from content_template where id = $1', [content])).rows[0].s).toBe(3)
        // Not due yet, but the carrier has taken it: in review (spec section 4: csp 1 to 3), still undecided.
        expect((await cspStatus(young)).s).toBe(1)
        for (const id of [clean, bad]) {
          expect(await countOf(h.db, "select count(*)::int as n from notice where link = $1", [`/csp-sms/templates?id=${id}`])).toBe(1)
        }
      })

      it('the carrier takes a new 5G or video template into review at the next pass and decides it after the delay; content has no such step', async () => {
        const csp = await addCsp()
        const content = (await en('/contentTemplate/contentTemplateAdd', { template_content: `【艾克米】Hello ${randomUUID()}` }, t.acme)).data.id as number
        const video = (await h.db.query<{ id: number }>(
          `insert into video_template (cus_id, title, template_sign, size, status, create_time, update_time)
           values ('acme', 'Review step', 'Acme', 1024, 5, now(), now()) returning cus_template_id as id`)).rows[0].id
        const videoStatus = async () => (await h.db.query<{ s: number }>('select status::int as s from video_template where cus_template_id = $1', [video])).rows[0].s
        const contentStatus = async () => (await h.db.query<{ s: number }>('select check_status::int as s from content_template where id = $1', [content])).rows[0].s

        await reviewDue(h.db, { delayMs: 3_600_000 })
        expect((await cspStatus(csp)).s).toBe(1)
        expect(await videoStatus()).toBe(1)
        expect(await contentStatus()).toBe(0)
        const list = await en('/cspTemplate/list', { id: csp, template_status: 1 }, t.globex)
        expect(list.data.records.map((r: { template_id: number }) => r.template_id)).toEqual([csp])

        // An administrator may still decide one in review; the worker decides the rest once due.
        expect((await en('/videoTemplate/review', { id: video, approve: false, reason: 'Blurred' }, t.admin)).status).toBe(200)
        await reviewDue(h.db, { delayMs: 0, now: new Date(Date.now() + 1000), limit: 10_000 })
        expect((await cspStatus(csp)).s).toBe(4)
        expect(await videoStatus()).toBe(3)
        expect(await contentStatus()).toBe(2)
      })
    })

    describe('only approved templates are sendable', () => {
      it('a pending template is refused by the send; approved, the same send goes through', async () => {
        const id = await addCsp()
        const send = () => postForm(h.app, '/cspTemplate/cspSmsGroupSend', t.globex, sendForm(
          { chatbot_id: 'chatbot_globex_1', template_id: id, idempotency_key: randomUUID() }, 'numbers', mobilesOf('137', 2, 900).join('\n')))
        expect((await send()).status).toBe(400)
        const list = await en('/cspTemplate/list', { template_status: 4, pageSize: 500 }, t.globex)
        expect(list.data.records.some((r: { template_id: number }) => r.template_id === id)).toBe(false)
        await en('/cspTemplate/review', { id, approve: true }, t.admin)
        expect((await send()).status).toBe(200)
      })
    })
  })
})
