import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformDay } from '../../../src/domain/date-time'
import { MT_COUNTERS } from '../../../src/domain/lists/mt-counters'
import { countersOf } from '../../../src/domain/lists/mt-counters'
import { RECORD_MONEY, recordCounts } from '../../lists/status-sums'
import { setup, type Harness } from '../../test/harness'

/*
 * One figure, one number: a known history (written straight into the records, the rollups and batch counters
 * following through the schema's triggers and the batch rows made from the records, as a send makes them) and the
 * clock pinned (Deps.now), then every screen that shows a figure for a window and an account scope is asked for it:
 * the home, the product overviews, the statistics by day and month, by country, the batch statistics and the
 * records' totals. Each must give the number counted here from the history itself. Two pinned days: the middle of a
 * month a minute before midnight (its "last month" in the previous year), and the first of a month just after
 * midnight (its "yesterday" in the previous month).
 */

type Counts = { receive: number; sent: number; success: number; failure: number; unknown: number }
interface Rec { cus: string; prod: number; at: Date; country: string | null; status: number; result: number | null; price: number }

const SHANGHAI = 8 * 3600_000
/** A wall-clock time of the platform's zone as an instant. */
const wall = (s: string) => new Date(Date.parse(`${s.replace(' ', 'T')}Z`) - SHANGHAI)
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10)
const monthStart = (day: string) => `${day.slice(0, 7)}-01`
const prevMonthStart = (day: string) => monthStart(addDays(monthStart(day), -1))
const monthEnd = (day: string) => addDays(monthStart(addDays(monthStart(day), 32)), -1)

const ACCOUNTS = ['acme', 'acme01', 'acme02', 'globex', 'globex01'] as const
const SCOPES: Record<string, readonly string[]> = {
  admin: ACCOUNTS, acme: ['acme', 'acme01', 'acme02'], acme01: ['acme01'], globex: ['globex', 'globex01'],
}
// mt_status, report_result: delivered, failed by report, failed at submission, waiting for the report, timed out, held for review
const OUTCOMES: [number, number | null][] = [[0, 0], [0, 2], [3, null], [500, null], [600, null], [100, null]]
const COUNTRIES = ['US', 'JP', 'GB', null]

/** The history around `now`: records at the edges of today, yesterday, this month, last month and the month before. */
function history(now: Date): Rec[] {
  const today = platformDay(now)
  const instants = [
    wall(`${today} 00:00:00`), new Date(now.getTime() - 20_000),
    wall(`${addDays(today, -1)} 23:59:59.999`), wall(`${addDays(today, -1)} 00:00:00`),
    wall(`${monthStart(today)} 00:00:00`), wall(`${addDays(monthStart(today), -1)} 23:59:59.999`),
    wall(`${prevMonthStart(today)} 00:00:00`), wall(`${addDays(prevMonthStart(today), -1)} 23:59:59.999`),
  ].filter((t) => t.getTime() <= now.getTime())
  const recs: Rec[] = []
  let k = 0
  instants.forEach((at, i) => ACCOUNTS.forEach((cus, a) => [0, 1].forEach((prod) => {
    // A different mix per instant, account and product, so no two windows or scopes add up alike by chance.
    const n = 1 + ((i * 7 + a * 3 + prod * 5) % 6)
    for (let j = 0; j < n; j++) {
      const [status, result] = OUTCOMES[(k++ + i + a) % OUTCOMES.length]
      recs.push({ cus, prod, at, country: prod === 1 ? COUNTRIES[(j + a) % COUNTRIES.length] : null, status, result, price: 0.05 * (1 + (j % 2)) })
    }
  })))
  return recs
}

const count = (recs: Rec[]): Counts => {
  const c: Counts = { receive: 0, sent: 0, success: 0, failure: 0, unknown: 0 }
  for (const r of recs) for (const k of countersOf({ mt_status: r.status, report_result: r.result })) if (k in c) c[k as keyof Counts]++
  return c
}

describe('every screen gives the same figure for the same window and scope', () => {
  let h: Harness
  let tok: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    tok = await h.tokensFor('admin', 'acme', 'acme01', 'globex')
  })
  afterAll(() => h.close())

  async function write(recs: Rec[]) {
    await h.db.exec('delete from mt_record; delete from sms_batch')
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, country_code, price, mt_status, report_result, receive_time, batch_id)
       select t.cus, t.prod, '1380013' || lpad(t.i::text, 4, '0'), 'figures', t.cc, t.price, t.st, t.rr, t.at,
         'BF' || t.cus || t.prod || to_char(t.at at time zone 'UTC', 'YYYYMMDDHH24MISSMS')
       from unnest($1::text[], $2::smallint[], $3::text[], $4::numeric[], $5::int[], $6::int[], $7::timestamptz[]) with ordinality
         as t(cus, prod, cc, price, st, rr, at, i)`,
      [recs.map((r) => r.cus), recs.map((r) => r.prod), recs.map((r) => r.country), recs.map((r) => r.price),
        recs.map((r) => r.status), recs.map((r) => r.result), recs.map((r) => r.at.toISOString())])
    // The batch rows as a send stores them: one per send, at its records' time, its counters those of its records.
    await h.db.exec(`insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count,
        success_count, failure_count, unknown_count, timeout_count, messages, spend)
      select batch_id, min(cus_id), min(prod_type), 1, 'figures', min(receive_time), ${recordCounts(MT_COUNTERS)}, ${RECORD_MONEY}
      from mt_record group by batch_id`)
  }

  const call = async (who: string, path: string, body: Record<string, unknown>) => {
    const res = await h.call(path, body, { token: tok[who] })
    expect(res.status, `${who} ${path} ${res.msg}`).toBe(200)
    return res.data
  }
  const pick = (t: Record<string, number>): Counts =>
    ({ receive: t.receive_count, sent: t.sent_count, success: t.success_count, failure: t.failure_count, unknown: t.unknown_count })

  for (const pinned of ['2026-01-15 23:59:30', '2026-03-01 00:00:30']) {
    it(`with the clock at ${pinned} (Asia/Shanghai)`, async () => {
      const now = wall(pinned)
      h.deps.now = () => now
      const recs = history(now)
      await write(recs)
      const today = platformDay(now)
      const windows: Record<string, [string, string]> = {
        today: [today, today], yesterday: [addDays(today, -1), addDays(today, -1)],
        thisMonth: [monthStart(today), today], lastMonth: [prevMonthStart(today), monthEnd(prevMonthStart(today))],
      }
      const inWindow = (r: Rec, [from, to]: [string, string]) => platformDay(r.at) >= from && platformDay(r.at) <= to
      let compared = 0
      for (const [who, accounts] of Object.entries(SCOPES)) {
        const mine = recs.filter((r) => accounts.includes(r.cus))
        const expected = (prod: number | null, win: [string, string], more: (r: Rec) => boolean = () => true) =>
          count(mine.filter((r) => (prod === null || r.prod === prod) && inWindow(r, win) && more(r)))

        // The home: today and this month, every product.
        const home = await call(who, '/home/summary', {})
        for (const [key, win] of [['today', windows.today], ['month', windows.thisMonth]] as const) {
          const e = expected(null, win)
          expect({ receive: home[key].received, sent: home[key].sent, success: home[key].success, failure: home[key].failure, unknown: home[key].unknown }, `${who} home ${key}`).toEqual(e)
          const spend = mine.filter((r) => inWindow(r, win)).reduce((s, r) => s + r.price, 0)
          expect(Number(home[key].spend), `${who} home ${key} spend`).toBeCloseTo(spend, 4)
        }

        // The overviews: the ordinary one's months and days, the international one's with today's outcomes.
        const normal = await call(who, '/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 })
        expect([normal.prevMonthAllCount, normal.curMonthAllCount, normal.yesterdayAllCount, normal.todayAllCount], `${who} ordinary overview`)
          .toEqual([expected(0, windows.lastMonth).receive, expected(0, windows.thisMonth).receive, expected(0, windows.yesterday).receive, expected(0, windows.today).receive])
        expect(normal.timeAxis.at(-1)).toBe(today)
        expect(normal.receiveCountAxis.at(-2), `${who} ordinary chart yesterday`).toBe(normal.yesterdayAllCount)
        const intl = await call(who, '/dataGathering/getSmsIndexInfo', { prod_type: 1 })
        const intlToday = expected(1, windows.today)
        expect([intl.monthAllCount, intl.yesterdayAllCount, intl.todayAllCount, intl.todaySuccessCount, intl.todayFailureCount, intl.todayUnknownCount], `${who} international overview`)
          .toEqual([expected(1, windows.thisMonth).receive, expected(1, windows.yesterday).receive, intlToday.receive, intlToday.success, intlToday.failure, intlToday.unknown])
        expect(intl.receiveCountAxis.at(-2), `${who} international chart yesterday`).toBe(intl.yesterdayAllCount)

        for (const [name, win] of Object.entries(windows)) {
          for (const prod of [0, 1]) {
            const e = expected(prod, win)
            const range = { prod_type: prod, start_time: win[0], end_time: win[1], pageSize: 5 }
            // Statistics by day, and by month for the month windows.
            const byDay = await call(who, '/dataGathering/list', { ...range, dimension: 0 })
            expect(pick(byDay.totals), `${who} ${name} prod ${prod} by day`).toEqual(e)
            if (name.endsWith('Month')) expect(pick((await call(who, '/dataGathering/list', { ...range, dimension: 1 })).totals), `${who} ${name} by month`).toEqual(e)
            // The batch statistics of the batches made in the window.
            const batches = await call(who, '/dataGathering/batchList', range)
            expect(pick(batches.totals), `${who} ${name} prod ${prod} batches`).toEqual(e)
            // Billed messages (one each: the text is short) and spend: the statistics' and the batches' are the records'.
            const paid = mine.filter((r) => r.prod === prod && inWindow(r, win))
            const spend = paid.reduce((s, r) => s + r.price, 0)
            for (const [screen, t] of [['by day', byDay.totals], ['batches', batches.totals]] as const) {
              expect(t.messages, `${who} ${name} prod ${prod} ${screen} messages`).toBe(paid.length)
              expect(t.spend, `${who} ${name} prod ${prod} ${screen} spend`).toBeCloseTo(spend, 4)
            }
            // The records' totals: all, delivered, failed.
            const records = (status?: number) =>
              call(who, prod === 0 ? '/mtRecord/list' : '/newMtRecord/list', { ...range, ...(status === undefined ? {} : { status }) })
            expect((await records()).total, `${who} ${name} prod ${prod} records`).toBe(e.receive)
            if (who === 'admin' || who === 'acme') {
              expect((await records(0)).total, `${who} ${name} delivered records`).toBe(e.success)
              expect((await records(700)).total, `${who} ${name} failed records`).toBe(e.failure)
            }
            compared++
          }
          // By country: the totals are the product's, each country's row its records'.
          const countries = await call(who, '/dataGathering/countryList', { prod_type: 1, start_time: win[0], end_time: win[1], pageSize: 50 })
          expect(pick(countries.totals), `${who} ${name} by country`).toEqual(expected(1, win))
          for (const c of COUNTRIES) {
            const row = countries.records.find((x: { country: string }) => x.country === (c ?? ''))
            const e = expected(1, win, (r) => r.country === c)
            expect(row ? pick(row) : null, `${who} ${name} ${c}`).toEqual(e.receive ? e : null)
          }
        }
      }
      expect(compared).toBe(Object.keys(SCOPES).length * 4 * 2)
    })
  }
})
