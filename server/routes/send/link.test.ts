import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db'
import { runDueBatches } from '../../send/scheduler'
import { refillTimedLinks } from '../../send/short-links'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf, sendForm } from '../../test/send-kit'

const numbersOf = (n: number, from = 0) => mobilesOf('137', n, from)
const LONG_URL = 'https://shop.example.com/promo/double11?from=sms'
// Real user agents: Chrome on Windows, Safari on iPhone.
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
// app.request's origin: the short links of these tests start with it.
const SHORT = /http:\/\/localhost\/s\/([0-9A-Za-z]{8})/

const form = (payload: Record<string, unknown>, numbers: string[]) => sendForm({ long_url: LONG_URL, ...payload }, 'numbers', numbers)

const recordsOf = async (db: Db, batchId: string) =>
  (await db.query<{ sn: number; mobile: string; content: string; long_link: string }>(
    'select sn, mobile, content, long_link from mt_record where batch_id = $1 order by sn', [batchId])).rows

describe('routes/send/link', () => {
  describe('link send and short links', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      tok.acme = await h.tokenFor('acme', 'Acme@12345')
      tok.acme02 = await h.tokenFor('acme02', 'Acme02@12345')
      tok.globex = await h.tokenFor('globex', 'Globex@12345')
    })
    afterAll(() => h.close())

    async function send(payload: Record<string, unknown>, numbers: string[], token = tok.acme) {
      const res = await h.app.request('/api/shortChainTool/smsLinkGroupSend', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: form(payload, numbers),
      })
      return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
    }
    const visit = (code: string, ua: string, lang = 'zh-CN') => h.app.request(`/s/${code}`, { headers: { 'user-agent': ua, 'accept-language': lang } })

    it('gives every recipient its own short link and bills each message with the link in it', async () => {
      const info = await h.call('/shortChainTool/smsLinkInfo', {}, { token: tok.acme })
      expect(info.data).toEqual({ base: 'http://localhost', short_url_length: 'http://localhost/s/'.length + 8, price: 0.045 })
      const before = await balanceOf(h.db, 'acme')
      // 65 characters with the signature are one message; with the 27-character link they are two.
      const content = `【艾克米】${'a'.repeat(60)} {link}`
      const res = await send({ content }, numbersOf(50))
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 50, messages: 100, timed: false, status: 500 })
      expect(res.data.cost).toBeCloseTo(100 * 0.045, 3)
      expect(await balanceOf(h.db, 'acme')).toBeCloseTo(before - 100 * 0.045, 3)
      const records = await recordsOf(h.db, res.data.batch_id)
      expect(records).toHaveLength(50)
      const codes = records.map((r) => {
        expect(r.content).toMatch(new RegExp(`^【艾克米】a{60} ${SHORT.source}$`))
        expect(r.long_link).toBe(LONG_URL)
        return SHORT.exec(r.content)![1]
      })
      expect(new Set(codes).size).toBe(50)
      const links = (await h.db.query<{ code: string; mobile: string; cus_id: string; long_url: string }>(
        'select code, mobile, cus_id, long_url from short_link where batch_id = $1', [res.data.batch_id])).rows
      expect(links).toHaveLength(50)
      const byCode = new Map(links.map((l) => [l.code, l]))
      for (const [i, r] of records.entries()) expect(byCode.get(codes[i])).toMatchObject({ mobile: r.mobile, cus_id: 'acme', long_url: LONG_URL })
    })

    it('puts the link where {link} stands, or after the content when there is no marker', async () => {
      const marked = await send({ content: '【艾克米】点击{link}领取' }, numbersOf(1, 100))
      expect((await recordsOf(h.db, marked.data.batch_id))[0].content).toMatch(new RegExp(`^【艾克米】点击${SHORT.source}领取$`))
      const plain = await send({ content: '【艾克米】Hello' }, numbersOf(1, 101))
      expect((await recordsOf(h.db, plain.data.batch_id))[0].content).toMatch(new RegExp(`^【艾克米】Hello ${SHORT.source}$`))
    })

    it('refuses a long URL that is not http(s) or is too long', async () => {
      expect((await send({ content: '【艾克米】x', long_url: 'ftp://example.com/a' }, numbersOf(1))).status).toBe(400)
      expect((await send({ content: '【艾克米】x', long_url: 'javascript:alert(1)' }, numbersOf(1))).status).toBe(400)
      expect((await send({ content: '【艾克米】x', long_url: `https://example.com/${'a'.repeat(2000)}` }, numbersOf(1))).status).toBe(400)
    })

    it('redirects with 302, logs every click and marks the record with the first click’s system and browser', async () => {
      const res = await send({ content: '【艾克米】Sale {link}' }, numbersOf(3, 200))
      const [first] = await recordsOf(h.db, res.data.batch_id)
      const code = SHORT.exec(first.content)![1]

      const click = await visit(code, CHROME_WINDOWS)
      expect(click.status).toBe(302)
      expect(click.headers.get('location')).toBe(LONG_URL)
      const again = await visit(code, SAFARI_IPHONE)
      expect(again.status).toBe(302)

      const rec = (await h.db.query<{ click_time: Date | null; osystem: string; browser: string }>(
        'select click_time, osystem, browser from mt_record where sn = $1', [first.sn])).rows[0]
      expect(rec).toMatchObject({ osystem: 'Windows', browser: 'Chrome' })
      expect(rec.click_time).not.toBeNull()
      const log = (await h.db.query<{ os: string; browser: string }>('select os, browser from short_link_click where code = $1 order by id', [code])).rows
      expect(log).toEqual([{ os: 'Windows', browser: 'Chrome' }, { os: 'iOS', browser: 'Safari' }])
      expect(await countOf(h.db, 'select click_count::int as n from short_link where code = $1', [code])).toBe(2)

      const list = await h.call('/shortChainTool/list', { pageNumber: 1, pageSize: 20, mobile: first.mobile, click_status: 1 }, { token: tok.acme })
      expect(list.status).toBe(200)
      expect(list.data.records).toHaveLength(1)
      expect(list.data.records[0]).toMatchObject({ decodeMobile: first.mobile, mtLonglink: LONG_URL, clicked: true, osystem: 'Windows', browser: 'Chrome' })
      const unclicked = await h.call('/shortChainTool/list', { pageNumber: 1, pageSize: 20, mobile: numbersOf(1, 201)[0], click_status: 0 }, { token: tok.acme })
      expect(unclicked.data.records).toHaveLength(1)
      expect(unclicked.data.records[0]).toMatchObject({ clicked: false, click_time: null })
    })

    it('a link-preview fetcher is redirected and logged as a bot but is no click; the person who clicks later is', async () => {
      const res = await send({ content: '【艾克米】Preview {link}' }, numbersOf(1, 210))
      const [rec] = await recordsOf(h.db, res.data.batch_id)
      const code = SHORT.exec(rec.content)![1]
      for (const ua of ['facebookexternalhit/1.1', 'TelegramBot (like TwitterBot)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)']) {
        const preview = await visit(code, ua)
        expect(preview.status).toBe(302)
        expect(preview.headers.get('location')).toBe(LONG_URL)
      }
      const clickOf = async () => (await h.db.query<{ click_time: Date | null }>('select click_time from mt_record where sn = $1', [rec.sn])).rows[0].click_time
      expect(await clickOf()).toBeNull()
      expect(await countOf(h.db, 'select click_count::int as n from short_link where code = $1', [code])).toBe(0)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link_click where code = $1 and bot', [code])).toBe(3)

      await visit(code, SAFARI_IPHONE)
      expect(await clickOf()).not.toBeNull()
      expect(await countOf(h.db, 'select click_count::int as n from short_link where code = $1', [code])).toBe(1)
      const list = await h.call('/shortChainTool/list', { pageNumber: 1, pageSize: 20, mobile: rec.mobile, click_status: 1 }, { token: tok.acme })
      expect(list.data.records[0]).toMatchObject({ clicked: true, osystem: 'iOS', browser: 'Safari' })
    })

    it('answers an unknown or malformed code with a 404 page in the visitor’s language', async () => {
      const zh = await visit('Zz9Zz9Zz', CHROME_WINDOWS)
      expect(zh.status).toBe(404)
      expect(await zh.text()).toContain('该链接不存在或已失效')
      const en = await visit('Zz9Zz9Zz', CHROME_WINDOWS, 'en-US,en;q=0.9')
      expect(await en.text()).toContain('This link does not exist')
      expect((await visit('short', '')).status).toBe(404)
      expect((await visit('abc$^!12', '')).status).toBe(404)
      // A broken percent-encoding is refused before any route (server/http/malformed-path.ts).
      expect((await visit('abc$%^12', '')).status).toBe(400)
    })

    it('a retry with the same idempotency key returns the first reply without new links or billing', async () => {
      const key = randomUUID()
      const first = await send({ content: '【艾克米】Once {link}', idempotency_key: key }, numbersOf(5, 300))
      const before = await balanceOf(h.db, 'acme')
      const links = await countOf(h.db, 'select count(*)::int as n from short_link')
      const retry = await send({ content: '【艾克米】Once {link}', idempotency_key: key }, numbersOf(5, 300))
      expect(retry.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'acme')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link')).toBe(links)
    })

    it('refuses a send the balance cannot cover and stores no link, record or debit', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const links = await countOf(h.db, 'select count(*)::int as n from short_link')
      const records = await countOf(h.db, "select count(*)::int as n from mt_record where cus_id = 'acme02'")
      const res = await send({ content: `【艾克米】${'x'.repeat(150)} {link}` }, numbersOf(20_000, 400), tok.acme02)
      expect(res).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link')).toBe(links)
      expect(await countOf(h.db, "select count(*)::int as n from mt_record where cus_id = 'acme02'")).toBe(records)
    })

    it('a timed send makes its links at once; a click after the batch went out marks the sent record', async () => {
      const timing = new Date(Date.now() + 30 * 60_000).toISOString()
      const res = await send({ content: '【艾克米】Later {link}', timing_time: timing }, numbersOf(2, 500))
      expect(res.data).toMatchObject({ timed: true, numbers: 2, messages: 2 })
      const details = (await h.db.query<{ mobile: string; content: string; long_link: string }>(
        'select mobile, content, long_link from time_mt_message where time_batch = $1 order by sn', [res.data.batch_id])).rows
      expect(details.map((d) => d.long_link)).toEqual([LONG_URL, LONG_URL])
      const code = SHORT.exec(details[0].content)![1]
      expect(await countOf(h.db, 'select count(*)::int as n from short_link where batch_id = $1', [res.data.batch_id])).toBe(2)

      expect((await visit(code, SAFARI_IPHONE)).status).toBe(302) // before the send: redirects, no record yet
      await runDueBatches(h.db, { now: new Date(Date.now() + 31 * 60_000) })
      const rec = (await h.db.query<{ sn: number; content: string; long_link: string; click_time: Date | null }>(
        'select sn, content, long_link, click_time from mt_record where mobile = $1 and cus_id = $2', [details[0].mobile, 'acme'])).rows
      expect(rec).toHaveLength(1)
      expect(rec[0]).toMatchObject({ content: details[0].content, long_link: LONG_URL, click_time: null })
      expect((await visit(code, SAFARI_IPHONE)).status).toBe(302)
      const marked = (await h.db.query<{ osystem: string; browser: string }>('select osystem, browser from mt_record where sn = $1', [rec[0].sn])).rows[0]
      expect(marked).toEqual({ osystem: 'iOS', browser: 'Safari' })
    })

    it('an edited timed link batch gives every detail the new content with its own link again', async () => {
      const timing = new Date(Date.now() + 60 * 60_000).toISOString()
      const res = await send({ content: '【艾克米】点击{link}领取', timing_time: timing }, numbersOf(3, 600))
      const detailsOf = async () => (await h.db.query<{ mobile: string; content: string }>(
        'select mobile, content from time_mt_message where time_batch = $1 order by sn', [res.data.batch_id])).rows
      const before = await detailsOf()
      // Through the timed batch list's edit, as the console does it.
      const edit = await h.app.request('/api/pageTimeBatch/edit', {
        method: 'POST', headers: { authorization: `Bearer ${tok.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify({ time_batch: res.data.batch_id, content: '【艾克米】新内容 {link} 再见' }),
      })
      expect(((await edit.json()) as { code: number }).code).toBe(200)
      const after = await detailsOf()
      after.forEach((d, i) => expect(d.content).toBe(`【艾克米】新内容 http://localhost/s/${SHORT.exec(before[i].content)![1]} 再见`))
      expect(await h.db.transaction((tx) => refillTimedLinks(tx, res.data.batch_id, 'No marker'))).toBe(3)
      expect((await detailsOf())[0].content).toBe(`No marker http://localhost/s/${SHORT.exec(before[0].content)![1]}`)
    })

    it('a HEAD request redirects without counting a click', async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: LONG_URL }, { token: tok.acme })
      const head = await h.app.request(`/s/${made.data.code}`, { method: 'HEAD', headers: { 'user-agent': CHROME_WINDOWS } })
      expect(head.status).toBe(302)
      expect(head.headers.get('location')).toBe(LONG_URL)
      expect(await countOf(h.db, 'select click_count::int as n from short_link where code = $1', [made.data.code])).toBe(0)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link_click where code = $1', [made.data.code])).toBe(0)
    })

    it('longToShort makes a link that redirects; shortToLong finds it for its own account only', async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: LONG_URL }, { token: tok.acme })
      expect(made.status).toBe(200)
      expect(made.data.short_url).toMatch(new RegExp(`^${SHORT.source}$`))
      const code = made.data.code as string
      expect((await visit(code, CHROME_WINDOWS)).headers.get('location')).toBe(LONG_URL)
      const back = await h.call('/shortChainTool/shortToLong', { short_url: made.data.short_url }, { token: tok.acme })
      expect(back.data).toMatchObject({ code, long_url: LONG_URL, click_count: 1 })
      expect((await h.call('/shortChainTool/shortToLong', { short_url: code }, { token: tok.acme })).data.code).toBe(code)
      expect((await h.call('/shortChainTool/shortToLong', { short_url: made.data.short_url }, { token: tok.globex })).status).toBe(404)
      expect((await h.call('/shortChainTool/longToShort', { long_url: 'mailto:a@b.c' }, { token: tok.acme })).status).toBe(400)
    })
  })
})
