import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureContent } from '../../../src/domain/billing'
import { platformDay } from '../../../src/domain/date-time'
import { mobilesOf, postForm, sendForm } from '../../test/send-kit'
import { setup, type Harness } from '../../test/harness'

/*
 * Billed messages and spend in the statistics: the database measures a record's messages as src/domain/billing.ts
 * does, and every row of the day, month, year, country and batch statistics carries the messages and the prices of
 * its own records (a built history written straight into the records, the rollups and batch money following through
 * the triggers), the totals row the sum of the rows.
 */

const SHANGHAI = 8 * 3600_000
const wall = (s: string) => new Date(Date.parse(`${s.replace(' ', 'T')}Z`) - SHANGHAI)

const TEXTS = [
  '', 'a', 'x'.repeat(160), 'x'.repeat(161), '【艾克米】您好', '中'.repeat(70), '中'.repeat(71), `${'😀'.repeat(70)}`, `${'😀'.repeat(71)}`,
  'é'.repeat(140), `${'a'.repeat(159)}中`, 'x'.repeat(480), 'x'.repeat(481),
]

interface Rec { cus: string; prod: number; at: Date; country: string | null; content: string; price: number; batch: string }

/** Records over three years, two accounts of one enterprise and another, two products, countries for international. */
function history(): Rec[] {
  const days = ['2024-12-31 23:59:59', '2025-01-01 00:00:00', '2025-06-15 12:00:00', '2026-02-28 08:00:00', '2026-03-01 00:00:01']
  const recs: Rec[] = []
  let k = 0
  days.forEach((day, d) => ['acme', 'acme01', 'globex'].forEach((cus, a) => [0, 1].forEach((prod) => {
    for (let j = 0; j < 3 + ((d + a + prod) % 4); j++) {
      const content = TEXTS[k % TEXTS.length]
      recs.push({
        cus, prod, at: wall(day), country: prod === 1 ? ['US', 'JP', 'GB'][(j + d) % 3] : null, content,
        price: Number((measureContent(content).messages * (0.04 + 0.0125 * (k % 3))).toFixed(4)), batch: `BM${d}${cus}${prod}${j % 2}`,
      })
      k++
    }
  })))
  return recs
}

const money = (recs: Rec[]) => ({
  messages: recs.reduce((s, r) => s + measureContent(r.content).messages, 0),
  spend: Math.round(recs.reduce((s, r) => s + r.price, 0) * 10000) / 10000,
})
const groupBy = <K>(recs: Rec[], key: (r: Rec) => K) => {
  const m = new Map<K, Rec[]>()
  for (const r of recs) m.set(key(r), [...(m.get(key(r)) ?? []), r])
  return m
}
const round4 = (n: number) => Math.round(n * 10000) / 10000
type MoneyRow = { messages: number; spend: number }
const sumRows = (rows: MoneyRow[]) => ({ messages: rows.reduce((s, r) => s + r.messages, 0), spend: round4(rows.reduce((s, r) => s + r.spend, 0)) })
const moneyOf = (r: MoneyRow) => ({ messages: r.messages, spend: round4(r.spend) })

describe('billed messages and spend in the statistics', () => {
  let h: Harness
  let tok: Record<string, string>
  const recs = history()
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    tok = await h.tokensFor('admin', 'acme')
    await h.db.exec('delete from mt_record; delete from sms_batch')
    // The batch rows first, as a send stores them: the records' insert adds their money to their batch.
    const batches = [...groupBy(recs, (r) => r.batch)].map(([id, rs]) => [id, rs[0].cus, rs[0].prod, rs[0].at.toISOString()])
    await h.db.query(
      `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count)
       select t.id, t.cus, t.prod, 1, 'money', t.at, 0 from unnest($1::text[], $2::text[], $3::smallint[], $4::timestamptz[]) as t(id, cus, prod, at)`,
      [batches.map((b) => b[0]), batches.map((b) => b[1]), batches.map((b) => b[2]), batches.map((b) => b[3])])
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, country_code, price, mt_status, report_result, receive_time, batch_id)
       select t.cus, t.prod, '13800138000', t.content, t.cc, t.price, 0, 0, t.at, t.batch
       from unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::numeric[], $6::timestamptz[], $7::text[]) as t(cus, prod, content, cc, price, at, batch)`,
      [recs.map((r) => r.cus), recs.map((r) => r.prod), recs.map((r) => r.content), recs.map((r) => r.country), recs.map((r) => r.price),
        recs.map((r) => r.at.toISOString()), recs.map((r) => r.batch)])
  })
  afterAll(() => h.close())

  const call = async (who: string, path: string, body: Record<string, unknown>) => {
    const res = await h.call(path, body, { token: tok[who] })
    expect(res.status, `${path} ${res.msg}`).toBe(200)
    return res.data
  }

  it('measures a record\'s messages in the database as the billing rules do', async () => {
    const { rows } = await h.db.query<{ n: number }>('select sms_messages(t) as n from unnest($1::text[]) with ordinality as x(t, i) order by i', [TEXTS])
    expect(rows.map((r) => r.n)).toEqual(TEXTS.map((t) => measureContent(t).messages))
  })

  for (const [dimension, len] of [[0, 10], [1, 7], [2, 4]] as const) {
    it(`gives each ${['day', 'month', 'year'][dimension]}'s row its records' messages and spend, the totals the rows' sum`, async () => {
      for (const prod of [0, 1]) {
        const data = await call('admin', '/dataGathering/list', { dimension, prod_type: prod, start_time: '2024-01-01', end_time: '2026-12-31', pageSize: 100 })
        const mine = recs.filter((r) => r.prod === prod)
        const expected = groupBy(mine, (r) => `${platformDay(r.at).slice(0, len)}|${r.cus}`)
        expect(data.records).toHaveLength(expected.size)
        for (const row of data.records) expect(moneyOf(row), `${row.gathering_time} ${row.cus_id}`).toEqual(money(expected.get(`${row.gathering_time}|${row.cus_id}`)!))
        expect(moneyOf(data.totals)).toEqual(sumRows(data.records))
        expect(moneyOf(data.totals)).toEqual(money(mine))
      }
    })
  }

  it('gives each country its records\' money, and an enterprise only its own accounts\'', async () => {
    const data = await call('acme', '/dataGathering/countryList', { prod_type: 1, start_time: '2024-01-01', end_time: '2026-12-31', pageSize: 50 })
    const mine = recs.filter((r) => r.prod === 1 && r.cus !== 'globex')
    const expected = groupBy(mine, (r) => r.country)
    expect(data.records).toHaveLength(expected.size)
    for (const row of data.records) expect(moneyOf(row), row.country).toEqual(money(expected.get(row.country)!))
    expect(moneyOf(data.totals)).toEqual(sumRows(data.records))
    expect(moneyOf(data.totals)).toEqual(money(mine))
  })

  it('gives each batch its records\' money, the totals the rows\' sum, and follows a price change', async () => {
    const range = { prod_type: 0, start_time: '2024-01-01', end_time: '2026-12-31', pageSize: 100 }
    const data = await call('admin', '/dataGathering/batchList', range)
    const mine = recs.filter((r) => r.prod === 0)
    const expected = groupBy(mine, (r) => r.batch)
    expect(data.records).toHaveLength(expected.size)
    for (const row of data.records) expect(moneyOf(row), row.batch_id).toEqual(money(expected.get(row.batch_id)!))
    expect(moneyOf(data.totals)).toEqual(sumRows(data.records))
    // A refund of one batch's records (their price to 0) takes their spend off the batch and off its days.
    const batch = data.records[0].batch_id as string
    await h.db.query('update mt_record set price = 0 where batch_id = $1', [batch])
    const after = await call('admin', '/dataGathering/batchList', { ...range, batch_id: batch })
    expect(moneyOf(after.records[0])).toEqual({ messages: money(expected.get(batch)!).messages, spend: 0 })
    const days = await call('admin', '/dataGathering/list', { ...range, dimension: 2 })
    expect(days.totals.spend).toBeCloseTo(money(mine).spend - money(expected.get(batch)!).spend, 4)
  })

  it('draws the window\'s every period with the figures its rows sum, the period under way named as such', async () => {
    const now = wall('2026-03-01 12:00:00')
    h.deps.now = () => now
    try {
      const range = { prod_type: 0, start_time: '2024-12-15', end_time: '2026-05-31' }
      const trend = await call('acme', '/dataGathering/trend', { ...range, dimension: 1 })
      // December 2024 to this month: a window past today ends today.
      expect(trend.axis[0]).toBe('2024-12')
      expect(trend.axis.at(-1)).toBe('2026-03')
      expect(trend.axis).toHaveLength(16)
      expect(trend.partial).toBe('2026-03')
      const rows = (await call('acme', '/dataGathering/list', { ...range, dimension: 1, pageSize: 100 })).records as Record<string, number | string>[]
      trend.axis.forEach((month: string, i: number) => {
        const of = rows.filter((r) => r.gathering_time === month)
        const sum = (f: string) => of.reduce((s, r) => s + Number(r[f]), 0)
        expect([trend.receive[i], trend.sent[i], trend.success[i], trend.messages[i]], month).toEqual([sum('receive_count'), sum('sent_count'), sum('success_count'), sum('messages')])
        expect(trend.spend[i], month).toBeCloseTo(sum('spend'), 4)
      })
      expect(trend.receive.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0)
      // Days of a closed window: none under way; one of the last 30 days (no window) ends today, partial.
      const days = await call('acme', '/dataGathering/trend', { prod_type: 0, dimension: 0, start_time: '2025-01-01', end_time: '2025-01-03' })
      expect([days.axis, days.partial]).toEqual([['2025-01-01', '2025-01-02', '2025-01-03'], null])
      const recent = await call('acme', '/dataGathering/trend', { prod_type: 0, dimension: 0 })
      expect([recent.axis.length, recent.axis.at(-1), recent.partial]).toEqual([30, '2026-03-01', '2026-03-01'])
      // A sub-account sees its own records only.
      const own = await h.call('/dataGathering/trend', { ...range, dimension: 2 }, { token: await h.tokenFor('acme01', 'Acme01@12345') })
      const acme01 = recs.filter((r) => r.cus === 'acme01' && r.prod === 0 && platformDay(r.at) >= '2024-12-15')
      expect(own.data.receive.reduce((a: number, b: number) => a + b, 0)).toBe(acme01.length)
    } finally {
      h.deps.now = () => new Date()
    }
  })

  it('draws the batch statistics\' chart from the batches its rows list, per day of their creation, under the same filters', async () => {
    const now = wall('2026-03-01 12:00:00')
    h.deps.now = () => now
    const range = { prod_type: 0, start_time: '2024-12-30', end_time: '2025-01-02' }
    const trendOf = async (who: string, extra: Record<string, unknown> = {}) => call(who, '/dataGathering/batchTrend', { ...range, ...extra })
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
    try {
      const trend = await trendOf('acme')
      expect([trend.axis, trend.partial]).toEqual([['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02'], null])
      const rows = (await call('acme', '/dataGathering/batchList', { ...range, pageSize: 100 })).records as Record<string, number | string>[]
      const dayOf = (r: Record<string, number | string>) => platformDay(new Date(String(r.create_time)))
      // 23:59:59 and 00:00:00 in Shanghai fall on their own days, whatever the database's zone.
      expect(new Set(rows.map(dayOf))).toEqual(new Set(['2024-12-31', '2025-01-01']))
      trend.axis.forEach((day: string, i: number) => {
        const of = rows.filter((r) => dayOf(r) === day)
        const sum = (f: string) => of.reduce((a, r) => a + Number(r[f]), 0)
        expect([trend.receive[i], trend.sent[i], trend.messages[i]], day).toEqual([sum('receive_count'), sum('sent_count'), sum('messages')])
        expect(trend.spend[i], day).toBeCloseTo(sum('spend'), 4)
      })
      expect(total(trend.messages)).toBeGreaterThan(0)
      // One batch: its figures on its day only.
      const one = rows[0]
      const byId = await trendOf('acme', { batch_id: one.batch_id })
      expect(byId.messages).toEqual(trend.axis.map((d: string) => (d === dayOf(one) ? Number(one.messages) : 0)))
      // A batch type: only the batches of that type.
      await h.db.query('update sms_batch set batch_type = 2 where batch_id = $1', [one.batch_id])
      expect(total((await trendOf('acme', { batch_type: 2 })).messages)).toBe(Number(one.messages))
      expect(total((await trendOf('acme', { batch_type: 1 })).messages)).toBe(total(trend.messages) - Number(one.messages))
      // Another enterprise's batch, named by id: nothing of it.
      const theirs = recs.find((r) => r.cus === 'globex' && r.prod === 0 && platformDay(r.at) === '2025-01-01')!.batch
      expect(total((await trendOf('acme', { batch_id: theirs })).messages)).toBe(0)
      expect(total((await trendOf('admin', { batch_id: theirs })).messages)).toBeGreaterThan(0)
    } finally {
      h.deps.now = () => new Date()
      await h.db.query("update sms_batch set batch_type = 1 where content = 'money'")
    }
  })

  it('a send puts its billed messages and its cost on its batch and its day', async () => {
    const before = await call('acme', '/dataGathering/list', { dimension: 0, prod_type: 0, pageSize: 1 })
    const content = `【艾克米】${'长'.repeat(80)}`
    const res = await postForm(h.app, '/user/groupSend', tok.acme, sendForm({ content }, 'numbers', mobilesOf('139', 25)))
    expect(res.status, res.msg).toBe(200)
    const batch = (await call('acme', '/dataGathering/batchList', { prod_type: 0, batch_id: res.data.batch_id })).records[0]
    expect(batch.messages).toBe(25 * measureContent(content).messages)
    expect(batch.spend).toBeCloseTo(Number(res.data.cost), 4)
    const today = await call('acme', '/dataGathering/list', { dimension: 0, prod_type: 0, pageSize: 1 })
    expect(today.totals.messages - before.totals.messages).toBe(batch.messages)
    expect(today.totals.spend - before.totals.spend).toBeCloseTo(batch.spend, 4)
  })
})
