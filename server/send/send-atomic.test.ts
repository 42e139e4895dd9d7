import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Db } from '../db'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, failingAt, mobilesOf, postForm, sendForm, stoppedBefore } from '../test/send-kit'
import { runDueBatches } from './scheduler'

/*
 * Every kind of send is one transaction (commit.ts): a link send's short links, an interaction send's answer pages, a
 * timed send's details, a due batch's records and an edit of a scheduled batch's content are all there or none is.
 * Each case is stopped inside its transaction, just before its rows are written, and other users look at that
 * moment: they are answered and see nothing of it; or it fails there, as a full disk or a lost connection would.
 */

const N = 140
const LONG_URL = 'https://shop.example.com/promo?from=sms'
const CODE = /\/s\/([0-9A-Za-z]{8})/
const FAR = new Date('2100-01-01T00:00:00Z') // a scheduler run that finds every to-be-sent batch due

const RECORDS = /insert into mt_record/
const DETAILS = /insert into time_mt_message/
const REWRITE = /update time_mt_message/

describe('send/send-atomic', () => {
  let h: Harness
  let acme: string
  let globex: string
  beforeAll(async () => {
    h = await setup({ historyRows: 100 })
    ;({ acme02: acme, globex } = await h.tokensFor('acme02', 'globex'))
    await h.db.query("update customer set balance = 100000 where cus_id = 'acme02'")
    // Only this file's batches are due in the far future: the demo's to-be-sent batches are paused.
    await h.db.query('update time_batch set send_status = 2 where send_status = 0')
  })
  afterAll(() => h.close())

  const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
  const count = (sql: string, params: unknown[] = []) => countOf(h.db, sql, params)
  const today = () => count(
    `select coalesce(sum(receive_count), 0)::int as n from mt_daily where cus_id = 'acme02' and day = (now() at time zone 'Asia/Shanghai')::date`)
  const listed = async (path: string, token = acme) => (await h.call(path, { current: 1, size: 20 }, { token })).data.total as number
  const visit = async (code: string) => (await h.app.request(`/s/${code}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' } })).status
  const page = async (code: string) => (await h.call('/interact/messageInteractList', { code }, { lang: 'en' })).status
  /** What anyone else can see of acme02's sending right now, and whether another user is answered. */
  const outside = async () => ({
    records: await listed('/mtRecord/list'), batches: await listed('/dataGathering/batchList'), today: await today(),
    otherUser: (await h.call('/mtRecord/list', { current: 1, size: 20 }, { token: globex })).status,
  })
  const linkSend = (app: ReturnType<typeof createApp>, key: string, from: number, extra: Record<string, unknown> = {}) =>
    postForm(app, '/shortChainTool/smsLinkGroupSend', acme,
      sendForm({ content: '【艾克米】sale {link}', long_url: LONG_URL, idempotency_key: key, ...extra }, 'numbers', mobilesOf('137', N, from)))
  const interactSend = (app: ReturnType<typeof createApp>, key: string, from: number, extra: Record<string, unknown> = {}) =>
    postForm(app, '/user/groupSend', acme, sendForm({ content: '【艾克米】rate us {interact}', idempotency_key: key, ...extra }, 'numbers', mobilesOf('138', N, from)))
  const timing = () => new Date(Date.now() + 60 * 60_000).toISOString()

  it('a link send: other users are answered while it is stored and see none of it, then all of it with a link per recipient', async () => {
    const before = { outside: await outside(), balance: await balanceOf(h.db, 'acme02'), links: await count('select count(*)::int as n from short_link') }
    const seen: Record<string, unknown> = {}
    const res = await linkSend(appOn(stoppedBefore(h.db, RECORDS, async () => {
      seen.links = await count('select count(*)::int as n from short_link')
      seen.outside = await outside()
    })), randomUUID(), 0)
    expect(res.status, res.msg).toBe(200)
    expect(seen).toEqual({ links: before.links, outside: before.outside })

    const { rows } = await h.db.query<{ content: string; mobile: string }>('select content, mobile from mt_record where batch_id = $1', [res.data.batch_id])
    expect(rows).toHaveLength(N)
    const links = (await h.db.query<{ code: string; mobile: string }>('select code, mobile from short_link where batch_id = $1', [res.data.batch_id])).rows
    const byCode = new Map(links.map((l) => [l.code, l.mobile]))
    expect(rows.every((r) => byCode.get(CODE.exec(r.content)![1]) === r.mobile)).toBe(true)
    expect(await visit(links[0].code)).toBe(302)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - res.data.cost, 3)
    expect((await outside()).records).toBe(before.outside.records + N)
    expect(await today()).toBe(before.outside.today + N)
  })

  it('an interaction send: no answer page opens while it is stored, then every page does', async () => {
    const before = await outside()
    const seen: Record<string, unknown> = {}
    const res = await interactSend(appOn(stoppedBefore(h.db, RECORDS, async () => {
      seen.pages = await count("select count(*)::int as n from interact_send where content = '【艾克米】rate us {interact}'")
      seen.outside = await outside()
    })), randomUUID(), 0)
    expect(res.status, res.msg).toBe(200)
    expect(seen).toEqual({ pages: 0, outside: before })
    const codes = (await h.db.query<{ code: string }>('select code from interact_message where batch_id = $1', [res.data.batch_id])).rows
    expect(codes).toHaveLength(N)
    expect(await page(codes[N - 1].code)).toBe(200)
  })

  it('a send failing mid-way leaves nothing: no record, link, page or batch, no debit, and the key sends again', async () => {
    for (const send of [linkSend, interactSend]) {
      const key = randomUUID()
      const state = async () => ({
        balance: await balanceOf(h.db, 'acme02'), outside: await outside(),
        rows: await count(`select (select count(*) from mt_record) + (select count(*) from short_link) + (select count(*) from interact_message)
          + (select count(*) from interact_send) + (select count(*) from sms_batch) + (select count(*) from send_idempotency) as n`),
      })
      const before = await state()
      expect((await send(appOn(failingAt(h.db, RECORDS)), key, 1000)).status).toBe(500)
      expect(await state()).toEqual(before)
      const retry = await send(h.app, key, 1000)
      expect(retry.status, retry.msg).toBe(200)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - retry.data.cost, 3)
      expect(await count('select count(*)::int as n from mt_record where batch_id = $1', [retry.data.batch_id])).toBe(N)
    }
  })

  it('a retry sent while the first is being stored waits for it and gets its reply, billed once', async () => {
    const key = randomUUID()
    const balance = await balanceOf(h.db, 'acme02')
    let retry: Promise<Awaited<ReturnType<typeof linkSend>>> | undefined
    const first = await linkSend(appOn(stoppedBefore(h.db, RECORDS, async () => {
      retry = linkSend(h.app, key, 3000)
      // The retry is held on the key the first transaction claimed; it has not answered yet.
      const early = await Promise.race([retry.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 300, 'waiting'))])
      expect(early).toBe('waiting')
    })), key, 3000)
    expect(first.status, first.msg).toBe(200)
    expect((await retry!).data).toEqual(first.data)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(balance - first.data.cost, 3)
    expect(await count('select count(*)::int as n from mt_record where batch_id = $1', [first.data.batch_id])).toBe(N)
  })

  it('a timed send: nothing of it is listed or due while its details are written; a failure there leaves nothing and frees the key', async () => {
    const batches = async () => listed('/pageTimeBatch/list')
    const before = { batches: await batches(), links: await count('select count(*)::int as n from short_link') }
    const seen: Record<string, unknown> = {}
    const res = await linkSend(appOn(stoppedBefore(h.db, DETAILS, async () => {
      seen.batches = await batches()
      seen.due = await runDueBatches(h.db, { now: FAR })
    })), randomUUID(), 4000, { timing_time: timing() })
    expect(res.status, res.msg).toBe(200)
    expect(seen).toEqual({ batches: before.batches, due: [] })
    expect(await batches()).toBe(before.batches + 1)

    const key = randomUUID()
    const failed = await linkSend(appOn(failingAt(h.db, DETAILS)), key, 5000, { timing_time: timing() })
    expect(failed.status).toBe(500)
    expect({ batches: await batches(), links: await count('select count(*)::int as n from short_link') })
      .toEqual({ batches: before.batches + 1, links: before.links + N })
    const retry = await linkSend(h.app, key, 5000, { timing_time: timing() })
    expect(retry.status, retry.msg).toBe(200)
    // Each detail carries its own recipient's link.
    expect(await count(
      `select count(*)::int as n from time_mt_message d join short_link s on s.batch_id = d.time_batch and s.mobile = d.mobile
       where d.time_batch = $1 and d.content like '%/s/' || s.code`, [retry.data.batch_id])).toBe(N)
  })

  it('a due batch: its records are not listed and a second scheduler skips it while it is sent; a failure leaves it due', async () => {
    await h.db.query('update time_batch set send_status = 2 where send_status = 0')
    const res = await interactSend(h.app, randomUUID(), 6000, { timing_time: timing() })
    const id = res.data.batch_id as string
    const before = { balance: await balanceOf(h.db, 'acme02'), records: await listed('/mtRecord/list') }
    await expect(runDueBatches(failingAt(h.db, RECORDS), { now: FAR })).rejects.toThrow('disk full')
    expect({ balance: await balanceOf(h.db, 'acme02'), records: await listed('/mtRecord/list'),
      due: await count('select count(*)::int as n from time_mt_message where time_batch = $1 and send_status = 0', [id]) })
      .toEqual({ ...before, due: N })
    const seen: Record<string, unknown> = {}
    expect(await runDueBatches(stoppedBefore(h.db, RECORDS, async () => {
      seen.records = await listed('/mtRecord/list')
      seen.again = await runDueBatches(h.db, { now: FAR })
    }), { now: FAR })).toEqual([id])
    expect(seen).toEqual({ records: before.records, again: [] })
    expect(await listed('/mtRecord/list')).toBe(before.records + N)
    expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before.balance - res.data.cost, 3)
  })

  const edit = async (id: string, content: string, db = h.db) => {
    const r = await appOn(db).request('/api/pageTimeBatch/edit', {
      method: 'POST', headers: { authorization: `Bearer ${acme}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ time_batch: id, content }),
    })
    return r.status
  }
  const contentsOf = async (id: string) => (await h.db.query<{ content: string }>(
    'select content from time_mt_message where time_batch = $1 order by sn', [id])).rows.map((r) => r.content)
  const headerOf = async (id: string) => (await h.db.query<{ content: string }>('select content from time_batch where time_batch = $1', [id])).rows[0]?.content
  const schedule = (content: string, from: number) => postForm(h.app, '/user/groupSend', acme,
    sendForm({ content, timing_time: timing() }, 'numbers', mobilesOf('139', N, from)))

  it('an edit of a scheduled link batch failing mid-way changes nothing; done again, each detail keeps its own link', async () => {
    const res = await postForm(h.app, '/shortChainTool/smsLinkGroupSend', acme,
      sendForm({ content: '【艾克米】Old {link} text', long_url: LONG_URL, timing_time: timing() }, 'numbers', mobilesOf('139', N, 0)))
    const id = res.data.batch_id as string
    const old = { header: await headerOf(id), details: await contentsOf(id) }
    expect(new Set(old.details).size).toBe(N)
    expect(await edit(id, '【艾克米】New {link} text', failingAt(h.db, REWRITE))).toBe(500)
    expect({ header: await headerOf(id), details: await contentsOf(id) }).toEqual(old)
    expect(await edit(id, '【艾克米】New {link} text')).toBe(200)
    const edited = await contentsOf(id)
    edited.forEach((c, i) => expect(c).toBe(old.details[i].replace(/^【艾克米】Old (\S+) text$/, '【艾克米】New $1 text')))
  })

  it('an edit of an interactive batch keeps each answer page; a batch without pages cannot gain the marker', async () => {
    const id = (await schedule('【艾克米】Answer here {interact}', 1000)).data.batch_id as string
    expect(await edit(id, '【艾克米】New question {interact} thanks')).toBe(200)
    const rows = (await h.db.query<{ content: string; code: string }>(
      `select d.content, m.code from time_mt_message d join interact_message m on m.batch_id = d.time_batch and m.mobile = d.mobile
       where d.time_batch = $1 order by d.sn`, [id])).rows
    expect(rows).toHaveLength(N)
    for (const r of rows) expect(r.content).toMatch(new RegExp(`^【艾克米】New question \\S+${r.code} thanks$`))
    const plain = (await schedule('【艾克米】no pages', 2000)).data.batch_id as string
    expect(await edit(plain, '【艾克米】now {interact}')).toBe(400)
    expect(await contentsOf(plain)).toEqual(new Array(N).fill('【艾克米】no pages'))
  })
})
