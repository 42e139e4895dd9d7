import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONLINE_CHECK_LIMIT } from '../../../src/domain/number-check-online'
import { chinaDay, stateOf } from '../../number-check/online'
import { setup, type Harness } from '../../test/harness'
import { balanceOf } from '../../test/send-kit'

const mobilesFrom = (start: number, n: number) => Array.from({ length: n }, (_, i) => `139${String(start + i).padStart(8, '0')}`)

describe('stateOf (the reference checking service)', () => {
  it('answers the same for a number within a day, with the shares a real service reports', () => {
    const day = '2026-03-01'
    const mobiles = mobilesFrom(0, 20_000)
    const counts: Record<string, number> = {}
    for (const m of mobiles) counts[stateOf(m, day)] = (counts[stateOf(m, day)] ?? 0) + 1
    expect(mobiles.every((m) => stateOf(m, day) === stateOf(m, day))).toBe(true)
    // 85 / 5 / 3 / 3 / 3 / 1 %, within a sampling margin
    expect(counts.real / 20_000).toBeGreaterThan(0.83)
    expect(counts.real / 20_000).toBeLessThan(0.87)
    for (const s of ['dead', 'down', 'not', 'silence', 'danger']) expect(counts[s]).toBeGreaterThan(50)
    expect(counts.dead).toBeGreaterThan(counts.danger)
    // Another day gives some numbers another answer.
    expect(mobiles.some((m) => stateOf(m, day) !== stateOf(m, '2026-03-02'))).toBe(true)
  })
})

describe('routes/lists/number-check-online', () => {
  describe('POST /mobileStatus/onlineCheck', () => {
    let h: Harness
    let acme02: string
    let acme: string
    let globex: string
    let price: number
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      acme02 = await h.tokenFor('acme02', 'Acme02@12345')
      acme = await h.tokenFor('acme', 'Acme@12345')
      globex = await h.tokenFor('globex', 'Globex@12345')
      price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 7")).rows[0].p)
    })
    afterAll(() => h.close())
    const check = (token: string, body: Record<string, unknown>) => h.call('/mobileStatus/onlineCheck', { idempotency_key: randomUUID(), ...body }, { token })
    const statOf = async (cusId: string) => (await h.db.query<Record<string, number>>(
      `select request_count, success_count, real_count, dead_count, down_count, not_count, silence_count, danger_count
       from mobile_status_stat where cus_id = $1 and gather_time = $2::date`, [cusId, chinaDay()])).rows[0]

    it('checks each distinct number, bills it at the account check price and keeps the batch, its numbers and the day statistics', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const statBefore = await statOf('acme02')
      const mobiles = mobilesFrom(1000, 400)
      const res = await check(acme02, { mobiles: [...mobiles, mobiles[0]], batch_name: 'before the sale' })
      expect(res.status).toBe(200)
      const day = chinaDay()
      const expected = { real: 0, dead: 0, down: 0, not: 0, silence: 0, danger: 0 }
      for (const m of mobiles) expected[stateOf(m, day)]++
      expect(res.data).toMatchObject({ batch_name: 'before the sale', batch_count: 400, counts: expected, unit_price: price })
      expect(res.data.cost).toBeCloseTo(400 * price, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 400 * price, 3)
      expect(res.data.balance_after).toBeCloseTo(before - 400 * price, 3)

      const list = await h.call('/mobileStatus/list', { batch_name: 'before the sale' }, { token: acme02 })
      expect(list.data.records).toHaveLength(1)
      expect(list.data.records[0]).toMatchObject({ id: res.data.id, cus_id: 'acme02', batch_count: 400, real_count: expected.real, dead_count: expected.dead, danger_count: expected.danger })

      const numbers = await h.call('/mobileStatus/batchNumbers', { id: res.data.id }, { token: acme02 })
      expect(numbers.data.records).toHaveLength(400)
      expect(numbers.data.records[0]).toEqual({ mobile: mobiles[0], state: stateOf(mobiles[0], day) })
      const live = await h.call('/mobileStatus/batchNumbers', { id: res.data.id, state: 'real' }, { token: acme02 })
      expect(live.data.records.map((r: { mobile: string }) => r.mobile)).toEqual(mobiles.filter((m) => stateOf(m, day) === 'real'))

      const stat = await statOf('acme02')
      const base = statBefore ?? { request_count: 0, success_count: 0, real_count: 0, dead_count: 0, danger_count: 0 }
      expect(stat).toMatchObject({
        request_count: base.request_count + 400, success_count: base.success_count + 400,
        real_count: base.real_count + expected.real, dead_count: base.dead_count + expected.dead, danger_count: base.danger_count + expected.danger,
      })
      const statList = await h.call('/mobileStatus/mobileStatusStatistics', { start_time: day, end_time: day }, { token: acme02 })
      expect(statList.data.records[0]).toMatchObject({ gather_time: day, cus_id: 'acme02', request_count: stat.request_count })
    })

    it('tells the caller its price per checked number and its balance', async () => {
      const info = await h.call('/mobileStatus/checkInfo', {}, { token: acme02 })
      expect(info.data).toEqual({ price, balance: await balanceOf(h.db, 'acme02') })
    })

    it('a retry with the same key returns the first reply and bills nothing again', async () => {
      const key = randomUUID()
      const first = await check(acme02, { mobiles: mobilesFrom(5000, 50), idempotency_key: key })
      const after = await balanceOf(h.db, 'acme02')
      const again = await check(acme02, { mobiles: mobilesFrom(5000, 50), idempotency_key: key })
      expect(again.data).toEqual(first.data)
      expect(await balanceOf(h.db, 'acme02')).toBe(after)
      const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from mobile_status_batch where cus_id = 'acme02' and id = $1", [first.data.id])
      expect(rows[0].n).toBe(1)
    })

    it('refuses a key a send used rather than answering with its reply', async () => {
      const key = randomUUID()
      await h.db.query(`insert into send_idempotency (cus_id, idempotency_key, response) values ('acme02', $1, '{"batch_id":"B1"}')`, [key])
      expect((await check(acme02, { mobiles: mobilesFrom(0, 1), idempotency_key: key })).status).toBe(400)
    })

    it('charges nothing and stores nothing when the balance cannot cover the check', async () => {
      await h.db.query("update customer set balance = 0.01 where cus_id = 'acme02'")
      const batches = async () => (await h.db.query<{ n: number }>("select count(*)::int as n from mobile_status_batch where cus_id = 'acme02'")).rows[0].n
      const n = await batches()
      const stat = await statOf('acme02')
      const res = await check(acme02, { mobiles: mobilesFrom(9000, 100) })
      expect(res.status).toBe(400)
      expect(res.msg).toBe('余额不足')
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(0.01, 3)
      expect(await batches()).toBe(n)
      expect(await statOf('acme02')).toEqual(stat)
      await h.db.query("update customer set balance = 1000 where cus_id = 'acme02'")
    })

    it('refuses an account without the check product, bad numbers and lists past the limit', async () => {
      await h.db.query("delete from customer_product where cus_id = 'acme01' and prod_type = 7")
      const acme01 = await h.tokenFor('acme01', 'Acme01@12345')
      expect((await check(acme01, { mobiles: mobilesFrom(0, 3) })).status).toBe(403)
      expect((await check(acme02, { mobiles: ['1390000000'] })).status).toBe(400)
      expect((await check(acme02, { mobiles: [] })).status).toBe(400)
      expect((await check(acme02, { mobiles: mobilesFrom(0, ONLINE_CHECK_LIMIT + 1) })).status).toBe(400)
    })

    it('a parent checks for its sub-account (the sub-account pays); another tenant may not, nor read its batch', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const res = await check(acme, { cus_id: 'acme02', mobiles: mobilesFrom(7000, 10) })
      expect(res.status).toBe(200)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 10 * price, 3)
      expect((await check(globex, { cus_id: 'acme02', mobiles: mobilesFrom(7000, 10) })).status).toBe(403)
      expect((await h.call('/mobileStatus/batchNumbers', { id: res.data.id }, { token: globex })).status).toBe(404)
      expect((await h.call('/mobileStatus/batchNumbers', { id: res.data.id }, { token: acme })).status).toBe(200)
    })
  })
})
