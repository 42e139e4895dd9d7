import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import type { Db } from '../db'
import { applyReplies, type Reply } from '../opt-outs/store'
import { simulateTick } from '../send/carrier-sim'
import { runDueBatches } from '../send/scheduler'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, postForm, sendForm } from '../test/send-kit'
import { signatureHeaders } from '../test/signed-kit'
import { appSecretOf } from '../users/app-secret'

/** The price per message of an account's product. */
const priceOf = async (db: Db, cusId: string, prodType = 0) =>
  Number((await db.query<{ p: number }>('select price::float8 as p from customer_product where cus_id = $1 and prod_type = $2', [cusId, prodType])).rows[0].p)

/** A reply stored as the carrier simulator stores one: the record and what it does to the list, in one transaction. */
const reply = (db: Db, cusId: string, mobile: string, content: string) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<Reply>(
      `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, deliver_time)
       values ($1, 0, '10690', $2, $3, now()) returning sn, cus_id, mobile, content, deliver_time`, [cusId, mobile, content])
    await applyReplies(tx, rows)
    return Number(rows[0].sn)
  })

const entryOf = async (db: Db, ent: string, mobile: string) =>
  (await db.query<{ source: number; mo_sn: string | null; active: boolean; removed_reason: string; note: string; added_by: string }>(
    `select source::int as source, mo_sn::text, removed_at is null as active, removed_reason, note, added_by from opt_out
     where ent_id = $1 and mobile = $2`, [ent, mobile])).rows[0] ?? null

const mobilesOfBatch = async (db: Db, batchId: string) =>
  (await db.query<{ mobile: string }>('select mobile from mt_record where batch_id = $1 order by mobile', [batchId])).rows.map((r) => r.mobile)

describe('routes/opt-outs', () => {
  let h: Harness
  let t: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    t = await h.tokensFor('admin', 'acme', 'acme01', 'acme02', 'globex')
    await h.db.query("update customer set balance = 100000 where cus_id in ('acme', 'acme01', 'acme02', 'globex')")
  })
  afterAll(() => h.close())
  afterEach(() => vi.restoreAllMocks())

  const send = (path: string, token: string, payload: Record<string, unknown>, numbers: string[] | string, part: 'numbers' | 'rows' = 'numbers') =>
    postForm(h.app, path, token, sendForm(payload, part, numbers))
  // Domestic texts start with the sender's approved signature (the demo's 【艾克米】 and 【环球】).
  const withSignature = (token: string, text: string) => `${token === t.globex ? '【环球】' : '【艾克米】'}${text}`
  const group = (token: string, numbers: string[], payload: Record<string, unknown> = {}) =>
    send('/user/groupSend', token, { ...payload, content: withSignature(token, String(payload.content ?? 'hello')) }, numbers)

  describe('replies', () => {
    it('a reply of "td" or "ＴＤ" to any account of an enterprise puts the number on its list; the next send skips it and does not bill it', async () => {
      const sn1 = await reply(h.db, 'acme01', '13710000001', 'td')
      await reply(h.db, 'acme02', '13710000002', 'ＴＤ')
      await reply(h.db, 'acme02', '13710000003', '好的')
      expect(await entryOf(h.db, 'acme', '13710000001')).toMatchObject({ source: 1, mo_sn: String(sn1), active: true, added_by: 'acme01' })
      expect(await entryOf(h.db, 'acme', '13710000002')).toMatchObject({ source: 1, active: true })
      expect(await entryOf(h.db, 'acme', '13710000003')).toBe(null)
      // Another enterprise's list is untouched.
      expect(await entryOf(h.db, 'globex', '13710000001')).toBe(null)

      const price = await priceOf(h.db, 'acme02')
      const before = await balanceOf(h.db, 'acme02')
      const res = await group(t.acme02, ['13710000001', '13710000002', '13710000003', '13710000004'])
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 2, opted_out: 2, messages: 2 })
      expect(res.data.cost).toBeCloseTo(2 * price, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 2 * price, 3)
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['13710000003', '13710000004'])
      expect(await countOf(h.db, 'select opted_out as n from sms_batch where batch_id = $1', [res.data.batch_id])).toBe(2)
      // The parent and the other sub-account share the list; another enterprise sends to the same numbers.
      expect((await group(t.acme, ['13710000001', '13710000005'])).data).toMatchObject({ numbers: 1, opted_out: 1 })
      expect((await group(t.globex, ['13710000001', '13710000002'])).data).toMatchObject({ numbers: 2, opted_out: 0 })
    })

    it('shows a number that opted out as such in the reply and sent records and in the contact list', async () => {
      const wide = { start_time: '2000-01-01', mobile: '13710000001' }
      const replies = await h.call('/moRecord/list', { ...wide, prod_type: 0 }, { token: t.acme01 })
      expect(replies.data.records.map((r: { decodeContent: string; opted_out: boolean }) => [r.decodeContent, r.opted_out])).toEqual([['td', true]])
      const sent = await h.call('/mtRecord/list', { start_time: '2000-01-01', pageSize: 100 }, { token: t.acme })
      const marks = new Map(sent.data.records.map((r: { decodeMobile: string; opted_out: boolean }) => [r.decodeMobile, r.opted_out]))
      expect([marks.get('13710000003'), marks.get('13710000004')]).toEqual([false, false])
      const { rows } = await h.db.query<{ group_id: number }>("select group_id from ab_group where cus_id = 'acme02' order by group_id limit 1")
      await h.db.query(`insert into ab_contact (cus_id, group_id, name, mobile) values ('acme02', $1, 'Refuser', '13710000002'), ('acme02', $1, 'Keeper', '13710000004')`, [rows[0].group_id])
      const contacts = await h.call('/addressBook/list', { mobile: '1371000000' }, { token: t.acme02 })
      expect(contacts.data.records.map((r: { name: string; opted_out: boolean }) => [r.name, r.opted_out]).sort()).toEqual([['Keeper', false], ['Refuser', true]])
      // Globex's records of the same number are globex's: not opted out from globex.
      const other = await h.call('/mtRecord/list', { start_time: '2000-01-01', mobile: '13710000001' }, { token: t.globex })
      expect(other.data.records.map((r: { opted_out: boolean }) => r.opted_out)).toEqual([false])
    })

    it('refuses a send whose every number opted out, storing and billing nothing', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const batches = await countOf(h.db, 'select count(*)::int as n from sms_batch')
      const res = await group(t.acme02, ['13710000001', '13710000002'])
      expect(res).toMatchObject({ status: 400, msg: 'All 2 numbers have opted out; nothing was sent or billed' })
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await countOf(h.db, 'select count(*)::int as n from sms_batch')).toBe(batches)
    })

    it('a reply of an opt-back-in keyword takes the number off, keeping the reply as the reason; the next send reaches it', async () => {
      await reply(h.db, 'acme02', '13710000011', '退订')
      expect((await entryOf(h.db, 'acme', '13710000011'))?.active).toBe(true)
      await reply(h.db, 'acme', '13710000011', ' start ')
      expect(await entryOf(h.db, 'acme', '13710000011')).toMatchObject({ active: false, removed_reason: 'start' })
      expect((await group(t.acme02, ['13710000011'])).data).toMatchObject({ numbers: 1, opted_out: 0 })
      // Opting out again puts it back, with the new reply as its source.
      const sn = await reply(h.db, 'acme01', '13710000011', 'STOP')
      expect(await entryOf(h.db, 'acme', '13710000011')).toMatchObject({ active: true, mo_sn: String(sn), removed_reason: '' })
    })

    it('the carrier simulator\'s tick turns its opt-out replies into entries in the same transaction', async () => {
      const numbers = Array.from({ length: 40 }, (_, i) => `1372000${String(i).padStart(4, '0')}`)
      const sent = await group(t.acme02, numbers)
      expect(sent.status).toBe(200)
      // Every delivered record replies (the simulator's draw is below its one in twenty).
      vi.spyOn(Math, 'random').mockReturnValue(0)
      const tick = await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(tick.replies).toBeGreaterThan(2)
      const { rows } = await h.db.query<{ sn: string; mobile: string }>(
        "select sn::text, mobile from mo_record where cus_id = 'acme02' and mobile = any($1) and content = 'TD'", [numbers])
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) expect(await entryOf(h.db, 'acme', r.mobile)).toMatchObject({ source: 1, mo_sn: r.sn, active: true })
      const others = await countOf(h.db, "select count(*)::int as n from opt_out o join mo_record m on m.sn = o.mo_sn where m.mobile = any($1) and m.content <> 'TD'", [numbers])
      expect(others).toBe(0)
    })

    it('an answer page\'s answer of an opt-out keyword is a refusal too', async () => {
      const res = await group(t.acme02, ['13710000021'], { content: '请回复 {interact}' })
      expect(res.status).toBe(200)
      const { rows } = await h.db.query<{ code: string }>('select code from interact_message where batch_id = $1', [res.data.batch_id])
      expect((await h.call('/interact/messageInteractSend', { code: rows[0].code, content: 'Ｔ' })).status).toBe(200)
      expect(await entryOf(h.db, 'acme', '13710000021')).toMatchObject({ source: 1, active: true })
    })
  })

  describe('every send kind is scrubbed', () => {
    const OUT = '13730000001'
    beforeAll(async () => {
      await reply(h.db, 'acme01', OUT, 'TD')
      await reply(h.db, 'globex', OUT, 'TD')
    })

    it('point-to-point: the opted-out row is not stored, and its own messages are not billed', async () => {
      const price = await priceOf(h.db, 'acme02')
      // The opted-out row fills to 2 messages, the kept one to 1.
      const res = await send('/user/taokeGroupSend', t.acme02, { template: '【艾克米】{p1}' }, [`${OUT}\t${'长'.repeat(80)}`, '13730000002\tshort'], 'rows')
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1, messages: 1 })
      expect(res.data.cost).toBeCloseTo(price, 3)
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['13730000002'])
    })

    it('link: no short link is made for the opted-out number', async () => {
      const res = await send('/shortChainTool/smsLinkGroupSend', t.acme02, { content: '【艾克米】点击{link}', long_url: 'https://shop.example.com/a' }, [OUT, '13730000003'])
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1 })
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['13730000003'])
      const links = (await h.db.query<{ mobile: string }>('select mobile from short_link where batch_id = $1', [res.data.batch_id])).rows
      expect(links).toEqual([{ mobile: '13730000003' }])
    })

    it('interactive: no answer page is made for the opted-out number', async () => {
      const res = await group(t.acme02, [OUT, '13730000004'], { content: '答复 {interact}' })
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1 })
      const pages = (await h.db.query<{ mobile: string }>('select mobile from interact_message where batch_id = $1', [res.data.batch_id])).rows
      expect(pages).toEqual([{ mobile: '13730000004' }])
    })

    it('video', async () => {
      const { rows } = await h.db.query<{ id: number }>("select cus_template_id as id from video_template where cus_id = 'acme01' and status = 2 order by 1 limit 1")
      const price = await priceOf(h.db, 'acme01', 2)
      const res = await send('/videoTemplate/videoSmsGroupSend', t.acme01, { cus_template_id: rows[0].id }, [OUT, '13730000005'])
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1, messages: 1 })
      expect(res.data.cost).toBeCloseTo(price, 3)
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['13730000005'])
    })

    it('5G with its SMS fallback', async () => {
      const { rows } = await h.db.query<{ template_id: number; chatbot_id: string }>(
        "select template_id, chatbot_id from csp_template where cus_id = 'globex' and template_name = '新品上市' limit 1")
      const res = await send('/cspTemplate/cspSmsGroupSend', t.globex, { ...rows[0], low_type: [1], sms_text: '【环球】新品上市，回TD退订' }, [OUT, '13730000006'])
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1 })
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['13730000006'])
    })

    it('international: a number put on the list with its calling code', async () => {
      expect((await h.call('/optOut/add', { mobile: '+44 7911 000001', note: 'by phone' }, { token: t.globex })).status).toBe(200)
      const res = await send('/user/intlGroupSend', t.globex, { cus_id: 'globex', content: 'hello' }, ['+447911000001', '+447911000002'])
      expect(res.data).toMatchObject({ numbers: 1, opted_out: 1 })
      expect(await mobilesOfBatch(h.db, res.data.batch_id)).toEqual(['447911000002'])
      // Its confirmation's check reads the numbers as the international send does, and says per calling code what goes.
      const check = await send('/optOut/check', t.globex, { cus_id: 'globex', international: true, content: 'hello' },
        ['+447911000001', '+447911000002', '+8613730000099', '13730000098'])
      expect(check).toMatchObject({ status: 200, data: { opted_out: 1, mobiles: ['447911000001'], over_cap: 0, calling_codes: { 44: 1 } } })
      // Read as a domestic list, the same file holds no number on the list.
      expect((await send('/optOut/check', t.globex, { cus_id: 'globex', content: 'hello' }, ['+447911000001'])).data.opted_out).toBe(0)
    })

    it('the signed API, and its call that puts numbers on the list (source: API)', async () => {
      const signer = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
      const signed = async (path: string, body: unknown) => {
        const text = JSON.stringify(body)
        const res = await h.app.request(`/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...signatureHeaders(signer, path, text) }, body: text })
        return { status: res.status, ...((await res.json()) as { data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
      }
      const sent = await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】hi', mobiles: [OUT, '13730000007'] })
      expect(sent).toMatchObject({ status: 200, data: { numbers: 1, opted_out: 1 } })
      const added = await signed(OPEN_API_PATHS.optOut, { mobiles: ['13730000008', '+86 137 3000 0008', OUT], note: 'web form' })
      expect(added).toMatchObject({ status: 200, data: { added: 1, on_list: 1 } })
      expect(await entryOf(h.db, 'acme', '13730000008')).toMatchObject({ source: 4, note: 'web form', added_by: 'acme02', active: true })
      const p2p = await signed(OPEN_API_PATHS.p2p, { idempotency_key: randomUUID(), template: '【艾克米】{p1}', rows: [['13730000008', 'a'], ['13730000009', 'b']] })
      expect(p2p).toMatchObject({ status: 200, data: { numbers: 1, opted_out: 1 } })
    })

    it('a timed batch is scrubbed when scheduled and again when it is sent, billing only what goes', async () => {
      const price = await priceOf(h.db, 'acme02')
      const timing = new Date(Date.now() + 11 * 60_000).toISOString()
      const res = await group(t.acme02, [OUT, '13730000011', '13730000012', '13730000013'], { timing_time: timing })
      expect(res.data).toMatchObject({ timed: true, numbers: 3, opted_out: 1 })
      // 13730000011 refuses while the batch waits.
      await reply(h.db, 'acme02', '13730000011', 'n')
      const before = await balanceOf(h.db, 'acme02')
      expect(await runDueBatches(h.db, { now: new Date(Date.now() + 12 * 60_000) })).toContain(res.data.batch_id)
      const details = (await h.db.query<{ mobile: string; s: number }>('select mobile, send_status::int as s from time_mt_message where time_batch = $1 order by mobile', [res.data.batch_id])).rows
      expect(details).toEqual([{ mobile: '13730000011', s: 5 }, { mobile: '13730000012', s: 1 }, { mobile: '13730000013', s: 1 }])
      expect(await countOf(h.db, 'select opted_out as n from time_batch where time_batch = $1', [res.data.batch_id])).toBe(2)
      const batch = (await h.db.query<{ batch_id: string; opted_out: number }>(
        "select batch_id, opted_out from sms_batch where cus_id = 'acme02' order by create_time desc limit 1")).rows[0]
      expect(batch.opted_out).toBe(2)
      expect(await mobilesOfBatch(h.db, batch.batch_id)).toEqual(['13730000012', '13730000013'])
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 2 * price, 3)
    })

    it('checks a send\'s numbers before its confirmation: how many will be left out, and a point-to-point file\'s messages', async () => {
      const numbers = await send('/optOut/check', t.acme02, {}, [OUT, '13730000021', 'bad', OUT])
      expect(numbers).toMatchObject({ status: 200, data: { opted_out: 1, mobiles: [OUT], messages: 0 } })
      const rows = await send('/optOut/check', t.acme02, { template: '【艾克米】{p1}' }, [`${OUT}\t${'长'.repeat(80)}`, '13730000021\tx'], 'rows')
      expect(rows.data).toMatchObject({ opted_out: 1, messages: 2 })
      // For a sub-account the parent pays for: its own enterprise's list.
      expect((await send('/optOut/check', t.acme, { cus_id: 'acme02' }, [OUT])).data.opted_out).toBe(1)
      expect((await send('/optOut/check', t.acme, { cus_id: 'globex' }, [OUT])).status).toBe(403)
    })
  })

  describe('the list', () => {
    it('adds a number by hand with a note; a sub-account adds to its enterprise\'s list but cannot take numbers off', async () => {
      const added = await h.call('/optOut/add', { mobile: '+86 137-4000-0001', note: 'asked by phone' }, { token: t.acme01, lang: 'en' })
      expect(added).toMatchObject({ status: 200, msg: '13740000001 added to the opt-out list' })
      expect(await entryOf(h.db, 'acme', '13740000001')).toMatchObject({ source: 2, note: 'asked by phone', added_by: 'acme01', active: true })
      const bad = await h.call('/optOut/add', { mobile: '12345', note: '<b>' }, { token: t.acme })
      expect(bad.status).toBe(400)
      expect(bad.data.fields).toEqual({ mobile: 'mobileFormat', note: 'plainTextOnly' })
      expect((await h.call('/optOut/remove', { mobiles: ['13740000001'], reason: 'mistake' }, { token: t.acme01 })).status).toBe(403)
    })

    it('lists and searches the enterprise\'s entries; removal needs a reason, keeps it, and the entry shows as removed', async () => {
      const list = await h.call('/optOut/list', { mobile: '1374000', pageSize: 50 }, { token: t.acme02 })
      expect(list.data.records).toEqual([expect.objectContaining({ ent_id: 'acme', mobile: '13740000001', source: 2, status: 1, note: 'asked by phone' })])
      expect((await h.call('/optOut/remove', { mobiles: ['13740000001'], reason: '' }, { token: t.acme })).data.fields).toEqual({ reason: 'required' })
      const removed = await h.call('/optOut/remove', { mobiles: ['13740000001'], reason: 'customer called back' }, { token: t.acme, lang: 'en' })
      expect(removed).toMatchObject({ status: 200, data: { removed: 1 }, msg: '1 numbers taken off the opt-out list' })
      const after = await h.call('/optOut/list', { mobile: '1374000', status: 0 }, { token: t.acme })
      expect(after.data.records[0]).toMatchObject({ status: 0, removed_reason: 'customer called back', removed_by: 'acme' })
      expect((await h.call('/optOut/remove', { mobiles: ['13740000001'], reason: 'again' }, { token: t.acme })).status).toBe(404)
    })

    it('imports numbers: checked rows previewed, added once in one transaction, repeats and numbers on the list counted', async () => {
      await h.call('/optOut/add', { mobile: '13750000001' }, { token: t.acme })
      const rows = ['2\t13750000001\tnote a', '3\t+86 137 5000 0002', '4\t13750000002\trepeat', '5\t13750000003\tb'].join('\n')
      const up = await postForm(h.app, '/file/uploadOptOut', t.acme01, sendForm({}, 'rows', rows))
      expect(up).toMatchObject({ status: 200, data: { rows: 4, add: 2, on_list: 1, in_file: 1 } })
      const commit = await h.call('/optOut/importCommit', { upload_id: up.data.upload_id }, { token: t.acme01, lang: 'en' })
      expect(commit).toMatchObject({ status: 200, data: { added: 2, duplicates: 2 } })
      expect(await h.call('/optOut/importCommit', { upload_id: up.data.upload_id }, { token: t.acme01 })).toMatchObject({ data: commit.data })
      expect(await entryOf(h.db, 'acme', '13750000003')).toMatchObject({ source: 3, note: 'b', added_by: 'acme01' })
      expect(await entryOf(h.db, 'acme', '13750000001')).toMatchObject({ source: 2 })
      const refused = await postForm(h.app, '/file/uploadOptOut', t.acme, sendForm({}, 'rows', '2\t13750000009\n3\t123'))
      expect(refused).toMatchObject({ status: 400, msg: 'Line 3 is wrong (mobile: mobileFormat); no number was imported' })
    })

    it('downloads the list with the source and status in words', async () => {
      const res = await h.app.request('/api/optOut/download', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.acme}`, 'accept-language': 'en' },
        body: JSON.stringify({ mobile: '1375000000', format: 'csv' }),
      })
      const text = await res.text()
      expect(text).toContain('Account,Mobile,Source')
      expect(text).toMatch(/acme,13750000003,Import,,b,acme01,[^,]+,Opted out/)
    })
  })

  describe('settings', () => {
    it('answers the defaults, saves the enterprise\'s own keywords (replies then follow them), and refuses bad lists field by field', async () => {
      expect((await h.call('/optOut/settings', {}, { token: t.acme01 })).data).toEqual({
        out_keywords: ['T', 'TD', '退订', 'N', 'R', 'STOP', 'UNSUBSCRIBE', '取消'], in_keywords: ['订阅', 'START'], exempt_verification: false,
      })
      const bad = await h.call('/optOut/saveSettings', { out_keywords: ['TD', 'ｔｄ', '<i>'], in_keywords: ['START', 'x'.repeat(21)], exempt_verification: false }, { token: t.globex })
      expect(bad.status).toBe(400)
      expect(bad.data.fields).toEqual({ out_keywords: 'plainTextOnly', in_keywords: 'tooLong' })
      expect((await h.call('/optOut/saveSettings', { out_keywords: ['TD', 'ｔｄ'], in_keywords: ['START'], exempt_verification: false }, { token: t.globex })).data.fields)
        .toEqual({ out_keywords: 'keywordDuplicate' })
      const settings = { out_keywords: ['不要了'], in_keywords: ['恢复'], exempt_verification: true }
      expect((await h.call('/optOut/saveSettings', settings, { token: t.acme01 })).status).toBe(403)
      expect((await h.call('/optOut/saveSettings', settings, { token: t.globex })).status).toBe(200)
      expect((await h.call('/optOut/settings', {}, { token: t.globex })).data).toEqual(settings)
      expect((await h.call('/optOut/settings', {}, { token: t.acme })).data.out_keywords).toContain('TD')
      await reply(h.db, 'globex', '13760000001', 'TD')
      await reply(h.db, 'globex', '13760000002', '不要了')
      expect(await entryOf(h.db, 'globex', '13760000001')).toBe(null)
      expect(await entryOf(h.db, 'globex', '13760000002')).toMatchObject({ active: true })
      // The exemption is for verification-code templates: a send without one is scrubbed as before, a code reaches the number.
      expect((await group(t.globex, ['13760000002', '13760000003'])).data).toMatchObject({ numbers: 1, opted_out: 1 })
      await h.db.query(`insert into content_template (cus_id, template_content, check_status, sms_type, create_time)
        values ('globex', '【环球】您的验证码为 123456', 2, 'code', now())`)
      expect((await group(t.globex, ['13760000002', '13760000003'], { content: '您的验证码为 123456' })).data).toMatchObject({ numbers: 2, opted_out: 0 })
      // The confirmation's check says the same of that text, and of another text what the scrub leaves out.
      expect((await send('/optOut/check', t.globex, { content: '【环球】您的验证码为 123456' }, ['13760000002'])).data).toMatchObject({ opted_out: 0 })
      expect((await send('/optOut/check', t.globex, { content: '【环球】您好' }, ['13760000002'])).data).toMatchObject({ opted_out: 1 })
      await h.call('/optOut/saveSettings', { ...settings, exempt_verification: false }, { token: t.globex })
      expect((await group(t.globex, ['13760000002', '13760000003'], { content: '您的验证码为 123456' })).data).toMatchObject({ numbers: 1, opted_out: 1 })
      expect((await send('/optOut/check', t.globex, { content: '【环球】您的验证码为 123456' }, ['13760000002'])).data).toMatchObject({ opted_out: 1 })
    })
  })

  describe('isolation', () => {
    it('an enterprise neither sees, removes, imports into, checks against nor reads the settings of another\'s list', async () => {
      await h.call('/optOut/add', { mobile: '13770000001' }, { token: t.acme })
      const seen = await h.call('/optOut/list', { mobile: '13770000001' }, { token: t.globex })
      expect(seen.data.records).toEqual([])
      const all = await h.call('/optOut/list', { pageSize: 500 }, { token: t.globex })
      expect(new Set(all.data.records.map((r: { ent_id: string }) => r.ent_id))).toEqual(new Set(['globex']))
      expect((await h.call('/optOut/remove', { mobiles: ['13770000001'], reason: 'x' }, { token: t.globex })).status).toBe(404)
      expect((await entryOf(h.db, 'acme', '13770000001'))?.active).toBe(true)
      const up = await postForm(h.app, '/file/uploadOptOut', t.acme, sendForm({}, 'rows', '2\t13770000002'))
      expect((await h.call('/optOut/importCommit', { upload_id: up.data.upload_id }, { token: t.globex })).status).toBe(404)
      expect((await h.call('/optOut/importCommit', { upload_id: up.data.upload_id }, { token: t.acme02 })).status).toBe(404)
      expect(await entryOf(h.db, 'acme', '13770000002')).toBe(null)
      expect((await send('/optOut/check', t.globex, {}, ['13770000001'])).data.opted_out).toBe(0)
      // The administrator sees every enterprise's entries and may narrow them to one.
      const admin = await h.call('/optOut/list', { cus_id: 'acme', mobile: '13770000001' }, { token: t.admin })
      expect(admin.data.records).toEqual([expect.objectContaining({ ent_id: 'acme' })])
    })
  })
})
