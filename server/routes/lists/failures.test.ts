import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformDay } from '../../../src/domain/date-time'
import { countersOf } from '../../../src/domain/lists/mt-counters'
import { operatorOf } from '../../../src/domain/operators'
import { alertFailures } from '../../failures/alert'
import { setup, type Harness } from '../../test/harness'

/*
 * Failure analysis across batches: the failure rollup groups a known history's failed records by code × operator as
 * counted here from the records themselves (counts, shares, rates of the operator's sent), per day for the trend, in
 * the caller's scope, following reports as they arrive; and the failure alert tells each batch above its enterprise's
 * threshold once, and never one below its least number of records.
 */

const SHANGHAI = 8 * 3600_000
const wall = (s: string) => new Date(Date.parse(`${s.replace(' ', 'T')}Z`) - SHANGHAI)

interface Rec { cus: string; prod: number; mobile: string; at: Date; status: number; result: number | null; desc: string }
const PREFIXES = ['1380', '1300', '1330', '1349', '1920', '1700', '1410']
// delivered, failed with a code, failed with another, failed at submission without one, waiting, timed out, in review
const OUTCOMES: [number, number | null, string][] = [[0, 0, 'DELIVRD'], [0, 2, 'UNDELIV'], [0, 5, 'MK:0001'], [3, null, ''], [500, null, ''], [600, null, 'TIMEOUT'], [100, null, '']]

function history(): Rec[] {
  const recs: Rec[] = []
  let k = 0
  for (const day of ['2026-02-27 23:59:59', '2026-02-28 00:00:00', '2026-03-01 09:00:00']) {
    for (const [a, cus] of ['acme', 'acme01', 'globex'].entries()) {
      for (const prod of [0, 1]) {
        for (let j = 0; j < 6 + a + prod * 3; j++) {
          const [status, result, desc] = OUTCOMES[(k * 3 + a) % OUTCOMES.length]
          const prefix = PREFIXES[(k + j) % PREFIXES.length]
          recs.push({ cus, prod, mobile: prod === 1 ? `1${prefix}5550${String(k).padStart(3, '0')}` : `${prefix}${String(k).padStart(7, '0')}`, at: wall(day), status, result, desc })
          k++
        }
      }
    }
  }
  return recs
}

const failed = (r: Rec) => countersOf({ mt_status: r.status, report_result: r.result }).includes('failure')
const sent = (r: Rec) => countersOf({ mt_status: r.status, report_result: r.result }).includes('sent')
const operator = (r: Rec) => (r.prod === 1 ? 'other' : operatorOf(r.mobile))
const code = (r: Rec) => r.desc || `#${r.status}`
const pct = (n: number, of: number) => Math.round((n * 10000) / of) / 100

describe('failure analysis across batches', () => {
  let h: Harness
  let tok: Record<string, string>
  const recs = history()
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    tok = await h.tokensFor('admin', 'acme', 'globex')
    await h.db.exec('delete from mt_record; delete from sms_batch')
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, report_result_desc, receive_time)
       select t.cus, t.prod, t.mobile, 'failures', t.st, t.rr, t.rd, t.at
       from unnest($1::text[], $2::smallint[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[]) as t(cus, prod, mobile, st, rr, rd, at)`,
      [recs.map((r) => r.cus), recs.map((r) => r.prod), recs.map((r) => r.mobile), recs.map((r) => r.status), recs.map((r) => r.result),
        recs.map((r) => r.desc), recs.map((r) => r.at.toISOString())])
  })
  afterAll(() => h.close())

  const call = async (who: string, path: string, body: Record<string, unknown>) => {
    const res = await h.call(path, body, { token: tok[who] })
    expect(res.status, `${path} ${res.msg}`).toBe(200)
    return res.data
  }
  const WINDOW = { start_time: '2026-02-01', end_time: '2026-03-01' }

  it('reads a number\'s operator in the database as src/domain/operators.ts does, for every prefix', async () => {
    const prefixes = Array.from({ length: 1000 }, (_, i) => String(1000 + i))
    const { rows } = await h.db.query<{ op: string }>('select prefix_operator(p) as op from unnest($1::text[]) with ordinality as x(p, i) order by i', [prefixes])
    expect(rows.map((r) => r.op)).toEqual(prefixes.map((p) => operatorOf(`${p}0000000`)))
  })

  it('groups the failures by code × operator with counts, shares of every failure and rates of the operator\'s sent, in the caller\'s scope', async () => {
    for (const [who, accounts] of [['admin', ['acme', 'acme01', 'globex']], ['acme', ['acme', 'acme01']], ['globex', ['globex']]] as const) {
      for (const prod of [0, 1]) {
        const mine = recs.filter((r) => (accounts as readonly string[]).includes(r.cus) && r.prod === prod)
        const data = await call(who, '/dataGathering/failureList', { ...WINDOW, prod_type: prod, pageSize: 100 })
        const all = mine.filter(failed).length
        const groups = new Map<string, Rec[]>()
        for (const r of mine.filter(failed)) groups.set(`${code(r)}|${operator(r)}`, [...(groups.get(`${code(r)}|${operator(r)}`) ?? []), r])
        expect(data.records.length, `${who} ${prod}`).toBe(groups.size)
        for (const row of data.records) {
          const g = groups.get(`${row.code}|${row.operator}`)!
          const opSent = mine.filter((r) => sent(r) && operator(r) === row.operator).length
          expect(row, `${who} ${prod} ${row.code} ${row.operator}`).toEqual({
            code: row.code, operator: row.operator, failure_count: g.length, share: pct(g.length, all), sent_count: opSent, rate: pct(g.length, opSent),
          })
        }
        expect(data.totals.failure_count).toBe(all)
        expect(data.records.map((r: { failure_count: number }) => r.failure_count)).toEqual([...data.records.map((r: { failure_count: number }) => r.failure_count)].sort((a, b) => b - a))
      }
    }
    // Another tenant's account named in the search finds nothing of it.
    const foreign = await call('globex', '/dataGathering/failureList', { ...WINDOW, prod_type: 0, cus_id: 'acme', pageSize: 100 })
    expect([foreign.total, foreign.totals.failure_count]).toEqual([0, 0])
    expect((await call('globex', '/dataGathering/failureTrend', { ...WINDOW, prod_type: 0, cus_id: 'acme' })).failure.every((n: number) => n === 0)).toBe(true)
    // The operator filter keeps that operator's rows, its shares now of its own failures.
    const unicom = await call('acme', '/dataGathering/failureList', { ...WINDOW, prod_type: 0, operator: 'unicom', pageSize: 100 })
    expect(unicom.records.length).toBeGreaterThan(0)
    expect(unicom.records.every((r: { operator: string }) => r.operator === 'unicom')).toBe(true)
    expect(unicom.totals.share).toBeCloseTo(100, 1)
  })

  it('gives the failure rate\'s trend per day, every day of the window, and follows a report as it arrives', async () => {
    const trend = await call('acme', '/dataGathering/failureTrend', { prod_type: 0, start_time: '2026-02-26', end_time: '2026-03-01' })
    expect(trend.axis).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'])
    const mine = recs.filter((r) => r.cus !== 'globex' && r.prod === 0)
    trend.axis.forEach((day: string, i: number) => {
      const of = mine.filter((r) => platformDay(r.at) === day)
      expect([trend.sent[i], trend.failure[i]], day).toEqual([of.filter(sent).length, of.filter(failed).length])
    })
    // A waiting record's failure report moves it from not failed to its code, its day's rate with it.
    const before = await call('acme', '/dataGathering/failureList', { ...WINDOW, prod_type: 0, pageSize: 100 })
    await h.db.exec(`update mt_record set mt_status = 0, report_result = 9, report_result_desc = 'BLACK'
      where sn = (select min(sn) from mt_record where cus_id = 'acme' and prod_type = 0 and mt_status = 500)`)
    const after = await call('acme', '/dataGathering/failureList', { ...WINDOW, prod_type: 0, pageSize: 100 })
    expect(after.totals.failure_count).toBe(before.totals.failure_count + 1)
    expect(after.records.filter((r: { code: string }) => r.code === 'BLACK').reduce((s: number, r: { failure_count: number }) => s + r.failure_count, 0)).toBe(1)
  })

  describe('the failure alert', () => {
    const batch = async (id: string, cus: string, receive: number, sentCount: number, failure: number) => h.db.query(
      `insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count, failure_count)
       values ($1, $2, 0, 1, 'alert', now(), $3, $4, $5)`, [id, cus, receive, sentCount, failure])
    const notices = async (cus: string) => (await h.db.query<{ body: string }>(
      `select params->>'batchId' as body from notice where cus_id = $1 and kind = 'failureRate' order by id`, [cus])).rows.map((r) => r.body)

    it('tells each batch above the threshold once, its sub-account\'s to the enterprise too, never one below 1,000 records', async () => {
      await h.db.exec(`update customer set push_url = 'http://127.0.0.1:9/push' where cus_id = 'acme01'`)
      await batch('BA-over', 'acme', 1000, 1000, 201)
      await batch('BA-sub', 'acme01', 5000, 4000, 1000)
      await batch('BA-small', 'acme', 999, 999, 900)
      await batch('BA-under', 'acme', 2000, 2000, 400)
      await batch('BA-other', 'globex', 1200, 1000, 500)
      expect(await alertFailures(h.db)).toBe(3)
      expect(await notices('acme')).toEqual(['BA-over', 'BA-sub'])
      expect(await notices('acme01')).toEqual(['BA-sub'])
      expect(await notices('globex')).toEqual(['BA-other'])
      // The account with a push address gets the event too, once.
      const pushed = (await h.db.query<{ item: Record<string, unknown> }>(`select item from push_outbox where item->>'type' = 'failure_alert'`)).rows.map((r) => r.item)
      expect(pushed).toEqual([expect.objectContaining({ id: 'failure-alert-BA-sub', type: 'failure_alert', batch_id: 'BA-sub', sent: 4000, failed: 1000, threshold: 20 })])
      // Once: a second run (or another process) finds nothing more, even as the batch's failures grow.
      await h.db.exec(`update sms_batch set failure_count = 900 where batch_id = 'BA-over'`)
      expect(await alertFailures(h.db)).toBe(0)
      expect(await notices('acme')).toEqual(['BA-over', 'BA-sub'])
      expect(await h.db.query(`select 1 from push_outbox where item->>'type' = 'failure_alert'`)).toMatchObject({ rows: [{}] })
      const read = await call('acme', '/notice/list', { pageSize: 10 })
      expect(read.records.find((n: { kind: string }) => n.kind === 'failureRate').body).toContain('BA-sub')
    })

    it('follows the enterprise\'s own threshold and least number of records, and stays quiet when it is off', async () => {
      expect((await call('acme', '/failureAlert/get', {}))).toEqual({ enabled: true, threshold: 20, min_records: 1000 })
      expect((await h.call('/failureAlert/set', { enabled: true, threshold: 15, min_records: 500 }, { token: await h.tokenFor('acme01', 'Acme01@12345') })).status).toBe(403)
      expect((await call('acme', '/failureAlert/set', { enabled: true, threshold: 15, min_records: 2000 }))).toEqual({ enabled: true, threshold: 15, min_records: 2000 })
      await batch('BA-mid', 'acme01', 1500, 1500, 400)
      expect(await alertFailures(h.db)).toBe(1)
      // BA-under (2,000 records, 20 % failed) is now above 15 %; BA-mid (1,500) is below the enterprise's 2,000 records.
      expect(await notices('acme')).toEqual(['BA-over', 'BA-sub', 'BA-under'])
      await call('acme', '/failureAlert/set', { enabled: false, threshold: 15, min_records: 1000 })
      expect(await alertFailures(h.db)).toBe(0)
      expect(await notices('acme01')).toEqual(['BA-sub'])
    })
  })
})
