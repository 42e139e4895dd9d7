import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTER_STATUSES, countersOf, DAILY_COUNTERS, FILTER_STATUS, MT_COUNTERS } from '../../src/domain/lists/mt-counters'
import { mtSendStatus } from '../../src/domain/lists/records'
import { setup, type Harness } from '../test/harness'
import { counterCondition, counterSums, recordCounts, statusFilterCondition, statusFilterCount } from './status-sums'

/*
 * The counters of src/domain/lists/mt-counters.ts as the server renders them, held against the schema's triggers
 * (sms_batch after reports, mt_daily after inserts and reports) and against the domain's reading of each record.
 */

describe('lists/status-sums', () => {
  it('renders each counter as the schema triggers write it', () => {
    expect(MT_COUNTERS.map((c) => counterCondition(c, 'm'))).toEqual([
      null,
      'm.mt_status <> 100',
      'm.mt_status = 0 and m.report_result = 0',
      'm.mt_status not in (100, 500, 600) and not (m.mt_status = 0 and m.report_result is not distinct from 0)',
      'm.mt_status in (500, 600)',
      'm.mt_status = 600',
    ])
    expect(counterSums(['receive', 'sent'], { alias: 'd', only: 'd.day = 1', name: (c) => `t_${c}` }))
      .toBe('coalesce(sum(d.receive_count) filter (where d.day = 1), 0)::int as t_receive, coalesce(sum(d.sent_count) filter (where d.day = 1), 0)::int as t_sent')
  })

  it('counts a status filter from the counters a rollup keeps, or not at all', () => {
    expect([0, 700, 100, 500, 600, undefined, 3].map((s) => statusFilterCount(s, 'b', MT_COUNTERS))).toEqual([
      'b.success_count', 'b.failure_count', 'b.receive_count - b.sent_count', 'b.unknown_count - b.timeout_count', 'b.timeout_count',
      'b.receive_count', null,
    ])
    expect([0, 700, 100, 500, 600].map((s) => statusFilterCount(s, 'd', DAILY_COUNTERS)))
      .toEqual(['d.success_count', 'd.failure_count', 'd.receive_count - d.sent_count', null, null])
  })

  describe('against the database', () => {
    let h: Harness
    const BATCH = 'BSUMS1'
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      // Thirty records of one batch, all in review, then reported: every send status, a success code without a
      // result, and failure codes other than 0.
      await h.db.query(`insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count)
        values ($1, 'acme', 0, 1, 'x', now(), 30)`, [BATCH])
      await h.db.query(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time, batch_id)
        select 'acme', 0, '1380000' || lpad(i::text, 4, '0'), 'x', 100, now(), $1 from generate_series(1, 30) i`, [BATCH])
      await h.db.query(`update mt_record set
          mt_status = (array[0, 0, 0, 3, 500, 600, 100, 0, 9, 600])[1 + sn::int % 10],
          report_result = (array[0, 0, 5, 7, null, null, null, null, 1, null])[1 + sn::int % 10]::int
        where batch_id = $1`, [BATCH])
    })
    afterAll(() => h.close())

    const records = () => h.db.query<{ mt_status: number; report_result: number | null }>(
      'select mt_status, report_result from mt_record where batch_id = $1', [BATCH])
    const byDomain = async () => {
      const out = Object.fromEntries(MT_COUNTERS.map((c) => [`${c}_count`, 0])) as Record<string, number>
      for (const r of (await records()).rows) for (const c of countersOf(r)) out[`${c}_count`] += 1
      return out
    }

    it('counts the records as the domain reads them, and as the batch trigger keeps sms_batch', async () => {
      const counted = (await h.db.query(`select ${recordCounts(MT_COUNTERS)} from mt_record where batch_id = $1`, [BATCH])).rows[0]
      const batch = (await h.db.query(`select ${MT_COUNTERS.map((c) => `${c}_count`).join(', ')} from sms_batch where batch_id = $1`, [BATCH])).rows[0]
      const domain = await byDomain()
      expect(counted).toEqual(domain)
      expect(batch).toEqual(domain)
      // Every status is there, so no counter is trivially right.
      for (const c of MT_COUNTERS) expect(domain[`${c}_count`], c).toBeGreaterThan(0)
    })

    it('sums as the rollup trigger keeps mt_daily', async () => {
      const day = `(receive_time at time zone 'Asia/Shanghai')::date`
      const counted = (await h.db.query(`select ${recordCounts(DAILY_COUNTERS)} from mt_record
        where cus_id = 'acme' and ${day} = (now() at time zone 'Asia/Shanghai')::date`)).rows[0]
      const summed = (await h.db.query(`select ${counterSums(DAILY_COUNTERS, { alias: 'd' })} from mt_daily d
        where d.cus_id = 'acme' and d.day = (now() at time zone 'Asia/Shanghai')::date`)).rows[0]
      expect(summed).toEqual(counted)
    })

    it('finds with each status filter what its counters total and what the domain calls that status', async () => {
      const rows = (await records()).rows
      for (const [value, key] of Object.entries(FILTER_STATUS)) {
        const status = Number(value)
        const found = (await h.db.query<{ n: number }>(
          `select count(*)::int as n from mt_record m where m.batch_id = $1 and ${statusFilterCondition(status)}`, [BATCH])).rows[0].n
        const total = (await h.db.query<{ n: number }>(
          `select (${statusFilterCount(status, 'b', MT_COUNTERS)})::int as n from sms_batch b where b.batch_id = $1`, [BATCH])).rows[0].n
        expect(found, key).toBe(rows.filter((r) => mtSendStatus(r) === key).length)
        expect(total, key).toBe(found)
      }
    })

    it('holds each counter to the statuses the domain names for it', async () => {
      const rows = (await records()).rows
      for (const c of MT_COUNTERS) {
        const only = counterCondition(c, 'm')
        const n = (await h.db.query<{ n: number }>(
          `select count(*)::int as n from mt_record m where m.batch_id = $1${only ? ` and ${only}` : ''}`, [BATCH])).rows[0].n
        expect(n, c).toBe(rows.filter((r) => COUNTER_STATUSES[c].includes(mtSendStatus(r)!)).length)
      }
    })
  })
})
