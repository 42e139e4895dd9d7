import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MT_STATUS_FAILURE, MT_STATUS_REVIEW, MT_STATUS_SUCCESS, MT_STATUS_TIMEOUT, MT_STATUS_WAITING } from '../../../src/domain/lists/records'
import { P2P_SEND_PATH } from '../../../src/domain/send'
import type { Db } from '../../db'
import { simulateTick } from '../../send/carrier-sim'
import { runDueBatches } from '../../send/scheduler'
import { setup, type Harness } from '../../test/harness'
import { countOf, postForm, sendForm } from '../../test/send-kit'
import { statusCondition } from './common'

/*
 * The per-content rollup (mt_content_daily), and the content search of the sent records read from it
 * (content-rollup.ts): the rollup must equal a grouped count of the records after every kind of write, and every
 * search must find exactly what a plain query of the records finds, in totals and pages. One database per backend.
 */

const COUNTS = `count(*)::int as receive_count,
  (count(*) filter (where mt_status <> 100))::int as sent_count,
  (count(*) filter (where mt_status = 0 and report_result = 0))::int as success_count,
  (count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)))::int as failure_count,
  (count(*) filter (where mt_status in (500, 600)))::int as unknown_count`

/** Rows of the rollup that differ from the records grouped (either way), as text: [] when equal. */
async function rollupDiff(db: Db): Promise<string[]> {
  const grouped = `select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
    coalesce(batch_id, '') as batch_id, coalesce(content, '') as content, ${COUNTS} from mt_record group by 1, 2, 3, 4, 5, 6`
  const rollup = `select cus_id, prod_type, day, country, batch_id, content, receive_count, sent_count, success_count, failure_count, unknown_count
    from mt_content_daily where receive_count <> 0 or sent_count <> 0 or success_count <> 0 or failure_count <> 0 or unknown_count <> 0`
  const { rows } = await db.query<{ side: string; r: string }>(
    `(select 'records' as side, g::text as r from ((${grouped}) except all (${rollup})) g)
     union all (select 'rollup', d::text from ((${rollup}) except all (${grouped})) d) order by 1, 2 limit 10`)
  const keys = await countOf(db, `select count(*)::int as n from mt_content_daily where content_key <> md5(content)::uuid`)
  return [...rows.map((r) => `${r.side}: ${r.r}`), ...(keys ? [`${keys} rows keyed by another content`] : [])]
}

/** mt_daily against the records (the trigger feeds it from the content groups). */
async function dailyDiff(db: Db): Promise<number> {
  const grouped = `select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country, ${COUNTS}
    from mt_record r group by 1, 2, 3, 4`
  const daily = `select cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count from mt_daily where receive_count <> 0`
  return countOf(db, `select count(*)::int as n from (((${grouped}) except all (${daily})) union all ((${daily}) except all (${grouped}))) x`)
}

const DAY = 86_400_000
/** The wall-clock date (Asia/Shanghai) `daysAgo` days back, as yyyy-MM-dd. */
const dateAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY + 8 * 3600_000).toISOString().slice(0, 10)

/** Contents with wildcards, escapes, CJK and Latin; one record in ten gets no batch. */
const CONTENTS = [
  '【艾克米】您的验证码为 4711，5分钟内有效', 'Your Code is 50% off', 'file a_b.txt', 'path C:\\temp\\x', '验证', '码',
  'save 500 now', 'ends with %', 'Order 77 shipped', '【环球】发货通知',
]
const WORDS = ['验证码', '码', '验证', '50%', '%', '_', 'a_b', '\\', 'C:\\t', 'Co', 'x', 'e', '没有的词', '每批一条', '发货']

describe('routes/records/content-rollup', () => {
  let h: Harness
  let tok: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 1500 })
    tok = await h.tokensFor('admin', 'acme', 'acme01', 'globex')
    // 1,200 records over the last ~31 days (one every 37 minutes) across accounts, statuses and batches of ten,
    // and one day with 40 single-record batches (more batches in a day than are read one by one).
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time, batch_id, country_code)
       select (array['acme', 'acme01', 'acme02', 'globex', 'initech'])[1 + i % 5], case when i % 11 = 0 then 1 else 0 end,
         '1380000' || lpad(i::text, 4, '0'), ($1::text[])[1 + i % array_length($1::text[], 1)],
         (array[0, 0, 100, 500, 600, 0])[1 + i % 6], case when i % 6 = 0 then 0 when i % 6 = 1 then 7 end,
         now() - make_interval(mins => 37 * i), case when i % 10 <> 3 then 'CRB' || (i / 10) end, case when i % 11 = 0 then 'US' end
       from generate_series(1, 1200) i`, [CONTENTS])
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time, batch_id)
       select 'acme01', 0, '1370000' || lpad(i::text, 4, '0'), '每批一条 #' || i, 0, 0, ($1::date + time '09:00' + make_interval(mins => i)) at time zone 'Asia/Shanghai', 'CRX' || i
       from generate_series(1, 40) i`, [dateAgo(4)])
  })
  afterAll(() => h.close())

  describe('the per-content rollup (mt_content_daily)', () => {
    it('equals the records grouped after the seed and inserts, and mt_daily still equals its records', async () => {
      expect(await rollupDiff(h.db)).toEqual([])
      expect(await dailyDiff(h.db)).toBe(0)
    })

    it('stays equal after status reports (one statement over many records, and the carrier simulator)', async () => {
      await h.db.query(`update mt_record set mt_status = 0, report_result = case when sn % 4 = 0 then 3 else 0 end where mt_status in (500, 600) and sn % 3 = 0`)
      await simulateTick(h.db, { minAgeSeconds: 0 })
      expect(await rollupDiff(h.db)).toEqual([])
      expect(await dailyDiff(h.db)).toBe(0)
    })

    it('stays equal after deletes, and keeps no row whose records are all gone', async () => {
      await h.db.query(`delete from mt_record where batch_id like 'CRB1%' or (batch_id is null and sn % 2 = 0)`)
      expect(await rollupDiff(h.db)).toEqual([])
      expect(await countOf(h.db, 'select count(*)::int as n from mt_content_daily where receive_count = 0')).toBe(0)
      expect(await dailyDiff(h.db)).toBe(0)
    })

    it('counts a timed point-to-point batch when the scheduler copies it into the records, a row per filled content', async () => {
      const due = new Date(Date.now() + 11 * 60_000)
      const rows = ['13900000051\t甲一', '13900000052\t乙二', '13900000053\t甲一'].join('\n')
      const res = await postForm(h.app, P2P_SEND_PATH, tok.acme01, sendForm({ template: '【艾克米】定时 {p1} 到货', timing_time: due.toISOString() }, 'rows', rows))
      expect(res.status).toBe(200)
      await runDueBatches(h.db, { now: new Date(due.getTime() + 60_000) })
      expect(await countOf(h.db, "select count(*)::int as n from mt_content_daily where content like '【艾克米】定时 %'")).toBe(2)
      expect(await rollupDiff(h.db)).toEqual([])
    })
  })

  describe('content search from the rollup', () => {
    const scopes: Record<string, string> = {
      admin: 'true',
      acme: "m.cus_id in (select cus_id from customer where cus_id = 'acme' or parent_id = 'acme')",
      acme01: "m.cus_id = 'acme01'",
      globex: "m.cus_id in (select cus_id from customer where cus_id = 'globex' or parent_id = 'globex')",
    }
    const windowSql = (q: Record<string, unknown>) => {
      const tz = (v: string) => `('${v}'::timestamp at time zone 'Asia/Shanghai')`
      const c: string[] = []
      if (q.start_time) c.push(`m.receive_time >= ${tz(q.start_time as string)}`)
      if (q.end_time) {
        const e = q.end_time as string
        c.push(e.length === 10 ? `m.receive_time < (('${e}'::date + 1)::timestamp at time zone 'Asia/Shanghai')` : `m.receive_time <= ${tz(e)}`)
      }
      if (!c.length) c.push(`m.receive_time >= now() - interval '7 days'`)
      return c.join(' and ')
    }
    /** The plain query's answer: strpos (the filter's definition before any index), every record tested. */
    const plain = async (user: string, q: Record<string, unknown>, order: string, prodType = 0) => (await h.db.query<{ sn: string }>(
      `select m.sn::text from mt_record m where ${scopes[user]} and m.prod_type = ${prodType} and ${windowSql(q)}
         and strpos(m.content, $1) > 0 ${q.status !== undefined ? `and ${statusCondition(q.status as number)}` : ''}
         ${q.cus_id ? `and m.cus_id = '${q.cus_id as string}'` : ''} ${q.country ? `and m.country_code = upper('${q.country as string}')` : ''}
       order by ${order}`, [q.content])).rows.map((r) => r.sn)

    const listed = async (user: string, body: Record<string, unknown>, path = '/mtRecord/list') => {
      const res = await h.call(path, body, { token: tok[user] })
      expect(res.code, JSON.stringify(body)).toBe(200)
      return { total: res.data.total as number, sns: (res.data.records as { sn: number | string }[]).map((r) => String(r.sn)) }
    }

    /** Pages 1, 2, a deep one and one past the end, in the order asked, against the plain query. */
    const matches = async (user: string, q: Record<string, unknown>, orderBy?: string, order?: 'asc' | 'desc') => {
      const sql = orderBy === 'decodeMobile' ? `m.mobile ${order}, m.sn ${order}` : `m.receive_time ${order ?? 'desc'}, m.sn ${order ?? 'desc'}`
      const want = await plain(user, q, sql)
      const size = 7
      const last = Math.max(1, Math.ceil(want.length / size))
      for (const page of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
        const got = await listed(user, { ...q, orderBy, order, pageNumber: page, pageSize: size })
        const label = JSON.stringify({ user, q, orderBy, order, page })
        expect(got.total, label).toBe(want.length)
        expect(got.sns, label).toEqual(want.slice((page - 1) * size, page * size))
      }
      return want.length
    }

    const WIDE = { start_time: '2000-01-01' }
    const windows: [string, Record<string, unknown>][] = [
      ['all days', WIDE],
      ['the default window (its first day a part day)', {}],
      ['part days at both edges', { start_time: `${dateAgo(12)} 13:30`, end_time: `${dateAgo(2)} 08:15:00` }],
      ['whole days', { start_time: dateAgo(20), end_time: dateAgo(3) }],
      ['within one day', { start_time: `${dateAgo(4)} 09:10`, end_time: `${dateAgo(4)} 09:30:00` }],
    ]

    // (WORDS: with %, _ and \, CJK and Latin, of 1-2 characters and more, found nowhere)
    it.each(windows)('finds exactly what the records hold, every word, in %s', async (_, win) => {
      let found = 0
      for (const word of WORDS) found += await matches('admin', { ...win, content: word })
      expect(found).toBeGreaterThan(0)
    })

    it('scopes a customer to itself and its sub-accounts, a sub-account to itself, and admin filters by account', async () => {
      for (const user of ['acme', 'acme01', 'globex']) {
        for (const word of ['码', 'e', '发货', '每批一条']) await matches(user, { ...WIDE, content: word })
      }
      // A customer naming another tenant's account gets its own records only (cus_id is the administrators' filter).
      expect(await listed('acme', { ...WIDE, content: '发货', cus_id: 'globex' })).toEqual(await listed('acme', { ...WIDE, content: '发货' }))
      await matches('admin', { ...WIDE, content: '码', cus_id: 'acme01' })
    })

    it('answers every status filter exactly (from the rollup: success, failure, review; counted: waiting, time-out)', async () => {
      for (const status of [MT_STATUS_SUCCESS, MT_STATUS_FAILURE, MT_STATUS_REVIEW, MT_STATUS_WAITING, MT_STATUS_TIMEOUT]) {
        for (const word of ['码', 'e', '50%']) await matches('admin', { ...WIDE, content: word, status })
        await matches('admin', { start_time: `${dateAgo(12)} 13:30`, end_time: `${dateAgo(2)} 08:15:00`, content: '码', status })
      }
    })

    it('pages in both time directions and in another order', async () => {
      for (const word of ['码', 'e', '每批一条', 'x']) {
        await matches('admin', { ...WIDE, content: word }, 'receive_time', 'asc')
        await matches('admin', { ...WIDE, content: word }, 'receive_time', 'desc')
        await matches('admin', { ...WIDE, content: word }, 'decodeMobile', 'asc')
      }
    })

    it('finds international records by country', async () => {
      for (const word of ['码', 'e']) {
        const q = { ...WIDE, content: word, prod_type: 1, country: 'us' }
        const want = await plain('admin', q, 'm.receive_time desc, m.sn desc', 1)
        const got = await listed('admin', { ...q, pageSize: 500 }, '/newMtRecord/list')
        expect(got.total).toBe(want.length)
        expect(got.sns).toEqual(want.slice(0, 500))
      }
    })

    it('gives a download the total the records hold (X-Total-Count from the rollup)', async () => {
      for (const word of ['码', '50%', '没有的词']) {
        const q = { ...WIDE, content: word }
        const res = await h.app.request('/api/mtRecord/download', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.acme}` }, body: JSON.stringify({ ...q, format: 'csv' }),
        })
        expect(res.status).toBe(200)
        expect(Number(res.headers.get('x-total-count')), word).toBe((await plain('acme', q, 'm.sn')).length)
        await res.arrayBuffer()
      }
    })

    it('takes its total from the rollup, not from counting the records', async () => {
      const q = { ...WIDE, content: '每批一条' }
      const before = (await listed('admin', q)).total
      await h.db.query(`update mt_content_daily set receive_count = receive_count + 1000 where content = '每批一条 #1'`)
      try {
        expect((await listed('admin', q)).total).toBe(before + 1000)
      } finally {
        await h.db.query(`update mt_content_daily set receive_count = receive_count - 1000 where content = '每批一条 #1'`)
      }
    })
  })

  it('a truncate empties the rollup with the records', async () => {
    await h.db.exec('truncate mt_record cascade')
    expect(await countOf(h.db, 'select count(*)::int as n from mt_content_daily')).toBe(0)
  })
})
