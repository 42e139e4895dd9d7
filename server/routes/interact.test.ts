import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INTERACT_CODE_PATTERN, INTERACT_PATH, MAX_ANSWER_CHARS, MAX_ANSWERS } from '../../src/domain/interact'
import { RATE_RULES } from '../security/rate-limit'
import { setup, type Harness } from '../test/harness'
import { countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'

/** Sends `{interact}` content as `token` to `mobiles`; the page codes, in the order of the mobiles. */
async function sendInteractive(h: Harness, token: string, mobiles: string[], content = '【艾克米】How was your delivery? Answer here: {interact}') {
  const res = await postForm(h.app, '/user/groupSend', token, sendForm({ content }, 'numbers', mobiles))
  expect(res.status, res.msg).toBe(200)
  const { rows } = await h.db.query<{ code: string; mobile: string }>(
    'select code, mobile from interact_message where batch_id = $1', [res.data.batch_id])
  return { result: res.data, codes: mobiles.map((m) => rows.find((r) => r.mobile === m)!.code) }
}

const WIDE = { start_time: '2000-01-01', pageSize: 500 }

describe('routes/interact', () => {
  describe('interactive messages: send and public page', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      Object.assign(tok, await h.tokensFor('acme', 'acme01', 'globex'))
    })
    afterAll(() => h.close())

    const view = (code: string) => h.call('/interact/messageInteractList', { code }, { lang: 'en' })
    const answer = (code: string, content: string) => h.call('/interact/messageInteractSend', { code, content }, { lang: 'en' })

    it('gives every recipient its own page address in its message, billed as filled', async () => {
      const mobiles = mobilesOf('139', 2, 100)
      const { result, codes } = await sendInteractive(h, tok.acme01, mobiles)
      expect(codes.every((c) => INTERACT_CODE_PATTERN.test(c))).toBe(true)
      expect(codes[0]).not.toBe(codes[1])
      const { rows } = await h.db.query<{ mobile: string; content: string }>(
        'select mobile, content from mt_record where batch_id = $1 order by mobile', [result.batch_id])
      expect(rows.map((r) => r.content)).toEqual(codes.map((c) => `【艾克米】How was your delivery? Answer here: http://localhost${INTERACT_PATH}${c}`))
      // Chinese brackets make it a 70-character message: the content alone (~55) is one, filled (~95) two each.
      expect(result.messages).toBe(4)
    })

    it('shows the message and nothing of the sending account; unknown and expired pages are 404', async () => {
      const { codes } = await sendInteractive(h, tok.acme01, mobilesOf('139', 1, 200))
      const page = await view(codes[0])
      expect(page.status).toBe(200)
      expect(Object.keys(page.data).sort()).toEqual(['answers', 'answers_left', 'message', 'sent_at'])
      expect(page.data.message).toContain('How was your delivery?')
      expect(JSON.stringify(page.data)).not.toMatch(/acme01|13900000200/)
      expect(page.data.answers).toEqual([])
      expect(page.data.answers_left).toBe(MAX_ANSWERS)

      const unknown = await view('A'.repeat(22))
      expect(unknown.status).toBe(404)
      expect(unknown.msg).toBe('This page does not exist or has expired')
      expect((await view('not a code')).status).toBe(400)

      await h.db.query(`update interact_send set expires_at = now() - interval '1 second'
        where batch_id = (select batch_id from interact_message where code = $1)`, [codes[0]])
      expect((await view(codes[0])).status).toBe(404)
      expect((await answer(codes[0], 'late')).status).toBe(404)
    })

    it('stores an answer as an interaction record of the sending account with the whole conversation', async () => {
      const [mobile] = mobilesOf('139', 1, 300)
      const { codes } = await sendInteractive(h, tok.acme01, [mobile])
      const first = await answer(codes[0], '  Very good, thanks  ')
      expect(first.status).toBe(200)
      expect(first.msg).toBe('Your answer was sent')
      expect(first.data.answers.map((a: { content: string }) => a.content)).toEqual(['Very good, thanks'])
      expect((await answer(codes[0], 'One more thing')).data.answers_left).toBe(MAX_ANSWERS - 2)

      const { rows } = await h.db.query<{ cus_id: string; prod_type: number; mobile: string; whole_content: string }>(
        'select cus_id, prod_type::int as prod_type, mobile, whole_content from mo_record where interact_code = $1 order by sn', [codes[0]])
      expect(rows.map((r) => [r.cus_id, r.prod_type, r.mobile])).toEqual([['acme01', 0, mobile], ['acme01', 0, mobile]])
      expect(rows[1].whole_content).toMatch(/^【原短信】【艾克米】How was your delivery\? .* 【回复】Very good, thanks 【回复】One more thing$/)

      // The interaction records of the sender and its parent show it; another customer's do not.
      const seen = async (token: string) => {
        const res = await h.call('/interact/list', { ...WIDE, mobile }, { token })
        expect(res.status).toBe(200)
        return (res.data.records as { decodeContent: string }[]).map((r) => r.decodeContent).sort()
      }
      expect(await seen(tok.acme01)).toEqual(['One more thing', 'Very good, thanks'])
      expect(await seen(tok.acme)).toEqual(['One more thing', 'Very good, thanks'])
      expect(await seen(tok.globex)).toEqual([])
    })

    it('refuses an answer too long or empty, and stores nothing', async () => {
      const { codes } = await sendInteractive(h, tok.acme01, mobilesOf('139', 1, 400))
      const long = await answer(codes[0], 'x'.repeat(MAX_ANSWER_CHARS + 1))
      expect(long.status).toBe(400)
      expect((await answer(codes[0], '   ')).status).toBe(400)
      expect((await answer(codes[0], 'x'.repeat(MAX_ANSWER_CHARS))).status).toBe(200)
      expect(await countOf(h.db, 'select count(*)::int as n from mo_record where interact_code = $1', [codes[0]])).toBe(1)
    })

    it(`takes at most ${MAX_ANSWERS} answers on one page, even when they arrive together`, async () => {
      const { codes } = await sendInteractive(h, tok.acme01, mobilesOf('139', 1, 500))
      const answers = await Promise.all(Array.from({ length: MAX_ANSWERS + 3 }, (_, i) => answer(codes[0], `answer ${i}`)))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_ANSWERS)
      expect(answers.filter((a) => a.status === 409).every((a) => a.msg === `This page takes no more answers (at most ${MAX_ANSWERS})`)).toBe(true)
      expect(await countOf(h.db, 'select count(*)::int as n from mo_record where interact_code = $1', [codes[0]])).toBe(MAX_ANSWERS)
    })

    it('previews and counts the message with an example page address of the real length', async () => {
      const res = await postForm(h.app, '/user/groupPreview', tok.acme01,
        sendForm({ content: '【艾克米】How was your delivery? Answer here: {interact}' }, 'numbers', mobilesOf('139', 1, 800)))
      expect(res.status, res.msg).toBe(200)
      expect(res.data.messages[0].content).toBe(`【艾克米】How was your delivery? Answer here: http://localhost${INTERACT_PATH}${'x'.repeat(22)}`)
      expect(res.data.total_messages).toBe(2)
    })

    it('refuses to add {interact} to a timed batch sent without answer pages, leaving its details as they were', async () => {
      const timing = new Date(Date.now() + 3600_000).toISOString()
      const sent = await postForm(h.app, '/user/groupSend', tok.acme01, sendForm({ content: '【艾克米】Plain text', timing_time: timing }, 'numbers', mobilesOf('139', 2, 950)))
      expect(sent.status, sent.msg).toBe(200)
      const edit = await h.call('/pageTimeBatch/edit', { time_batch: sent.data.batch_id, content: '【艾克米】Now answer {interact}' }, { token: tok.acme01, lang: 'en' })
      expect(edit).toMatchObject({ status: 400, msg: 'This batch was sent without answer pages, so its content cannot gain {interact}' })
      const { rows } = await h.db.query<{ content: string }>('select content from time_mt_message where time_batch = $1', [sent.data.batch_id])
      expect(rows.map((r) => r.content)).toEqual(['【艾克米】Plain text', '【艾克米】Plain text'])
    })

    it('keeps each page address in a timed interactive batch whose content is edited, and shows the new text', async () => {
      const timing = new Date(Date.now() + 3600_000).toISOString()
      const mobiles = mobilesOf('139', 2, 900)
      const sent = await postForm(h.app, '/user/groupSend', tok.acme01,
        sendForm({ content: '【艾克米】Old question: {interact}', timing_time: timing }, 'numbers', mobiles))
      expect(sent.status, sent.msg).toBe(200)
      const batch = sent.data.batch_id as string
      const edit = await h.call('/pageTimeBatch/edit', { time_batch: batch, content: '【艾克米】New question, answer at {interact} please' }, { token: tok.acme01 })
      expect(edit.status, edit.msg).toBe(200)
      const { rows } = await h.db.query<{ content: string; code: string }>(
        `select d.content, m.code from time_mt_message d join interact_message m on m.batch_id = d.time_batch and m.mobile = d.mobile
         where d.time_batch = $1 order by d.mobile`, [batch])
      expect(rows).toHaveLength(2)
      for (const r of rows) expect(r.content).toBe(`【艾克米】New question, answer at http://localhost${INTERACT_PATH}${r.code} please`)
      expect((await view(rows[0].code)).data.message).toBe(rows[0].content)
    })

    it('refuses content whose filled message passes the length limit', async () => {
      const res = await postForm(h.app, '/user/groupSend', tok.acme01, sendForm({ content: `【艾克米】${'x'.repeat(470)} {interact}` }, 'numbers', mobilesOf('139', 1, 600)))
      expect(res.status).toBe(400)
      expect(res.msg).toMatch(/^With its interaction page link the message has \d+ characters, over the limit of 500$/)
    })
  })

  describe('interactive pages: rate limits (real limits)', () => {
    let h: Harness
    let token: string
    beforeAll(async () => {
      h = await setup({ historyRows: 0, rateLimitScale: 1, config: { trustProxy: true } })
      token = await h.tokenFor('acme01', 'Acme01@12345')
    })
    afterAll(() => h.close())

    const from = (ip: string) => ({ lang: 'en', headers: { 'x-forwarded-for': ip } })

    it('limits answers per page, then per client address; other addresses and pages are still served', async () => {
      const { codes } = await sendInteractive(h, token, mobilesOf('139', 8, 700))
      const perCode = RATE_RULES.interactAnswerCode.points
      const one = []
      for (let i = 0; i <= perCode; i++) one.push(await h.call('/interact/messageInteractSend', { code: codes[0], content: `a${i}` }, from('203.0.113.1')))
      expect(one.slice(0, -1).every((a) => a.status === 200)).toBe(true)
      expect(one.at(-1)!.status).toBe(429)
      expect(one.at(-1)!.msg).toMatch(/^Too many requests, try again in \d+ seconds$/)

      // The address has spent perCode + 1 of its allowance; spend the rest over other pages.
      const perAddress = RATE_RULES.interactAnswerAddress.points
      const rest = []
      for (let i = perCode + 1; i < perAddress; i++) {
        const code = codes[1 + Math.floor((i - perCode - 1) / perCode)]
        rest.push(await h.call('/interact/messageInteractSend', { code, content: `b${i}` }, from('203.0.113.1')))
      }
      expect(rest.every((a) => a.status === 200)).toBe(true)
      expect((await h.call('/interact/messageInteractSend', { code: codes[7], content: 'over' }, from('203.0.113.1'))).status).toBe(429)
      expect((await h.call('/interact/messageInteractSend', { code: codes[7], content: 'other address' }, from('203.0.113.2'))).status).toBe(200)
    })

    it('limits page reads per client address, unknown codes included', async () => {
      const points = RATE_RULES.interactViewAddress.points
      const reads = []
      for (let i = 0; i <= points; i++) reads.push(await h.call('/interact/messageInteractList', { code: `${'B'.repeat(18)}${String(i).padStart(4, '0')}` }, from('203.0.113.9')))
      expect(reads.slice(0, -1).every((r) => r.status === 404)).toBe(true)
      expect(reads.at(-1)!.status).toBe(429)
    })
  })
})
