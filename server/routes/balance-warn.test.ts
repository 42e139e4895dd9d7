import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDueBatches } from '../send/scheduler'
import { balanceWarnJob } from '../warn/deliver'
import { setup, type Harness } from '../test/harness'
import { balanceOf, mobilesOf, postForm, sendForm } from '../test/send-kit'

const WARN = ['13912345678', '13712345678']

describe('routes/balance-warn', () => {
  let h: Harness
  let acme02: string
  let acme: string
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    acme02 = await h.tokenFor('acme02', 'Acme02@12345')
    acme = await h.tokenFor('acme', 'Acme@12345')
    // One yuan a message, so n numbers cost n.
    await h.db.query(`update customer_product set price = 1 where cus_id = 'acme02' and prod_type = 0`)
  })
  afterAll(() => h.close())

  let from = 0
  /** A same-content send of `n` one-message texts (n yuan). */
  const send = async (n: number) => {
    const res = await postForm(h.app, '/user/groupSend', acme02, sendForm({ content: '【艾克米】hi' }, 'numbers', mobilesOf('135', n, (from += n))))
    expect(res.status, res.msg).toBe(200)
    await h.runJob(balanceWarnJob)
    return res
  }
  const setBalance = (b: number) => h.db.query(`update customer set balance = $1 where cus_id = 'acme02'`, [b])
  const texts = () => h.carrier.outbox.filter((e) => WARN.includes(e.phone) && e.text.includes('acme02'))
  const notices = async () => (await h.call('/notice/list', {}, { token: acme02 })).data.total as number

  describe('/warn/modifyCusBneWarn and /warn/getCusBneWarnInfo', () => {
    it('answer threshold 0 and no mobiles before anything is set, with the balance', async () => {
      await setBalance(100)
      const res = await h.call('/warn/getCusBneWarnInfo', {}, { token: acme02 })
      expect(res.data).toEqual({ threshold: 0, mobiles: [], balance: 100, lastWarnedAt: null })
    })

    it('store the threshold and the mobiles (a repeated one once) for the caller\'s own account only', async () => {
      const res = await h.call('/warn/modifyCusBneWarn', { threshold: 50, mobiles: [...WARN, WARN[0]] }, { token: acme02, lang: 'en' })
      expect(res).toMatchObject({ status: 200, msg: 'Balance warning saved' })
      expect((await h.call('/warn/getCusBneWarnInfo', {}, { token: acme02 })).data).toMatchObject({ threshold: 50, mobiles: WARN })
      // The parent's own setting is separate: acme reads its own (none), never its sub-account's.
      expect((await h.call('/warn/getCusBneWarnInfo', {}, { token: acme })).data).toMatchObject({ threshold: 0, mobiles: [] })
    })

    it('refuse a negative or unreadable threshold, more than five mobiles and a mobile of the wrong form', async () => {
      const bad = [
        { threshold: -1, mobiles: [] }, { threshold: 'abc', mobiles: [] }, { threshold: 1e12, mobiles: [] },
        { threshold: 1, mobiles: mobilesOf('138', 6) }, { threshold: 1, mobiles: ['1381234567'] }, { threshold: 1, mobiles: ['02088887777'] },
        { threshold: 1, mobiles: ['1381234567\u0000'] }, { threshold: 1 },
      ]
      for (const body of bad) expect((await h.call('/warn/modifyCusBneWarn', body, { token: acme02 })).status, JSON.stringify(body)).toBe(400)
      expect((await h.call('/warn/getCusBneWarnInfo', {}, { token: acme02 })).data).toMatchObject({ threshold: 50, mobiles: WARN })
    })
  })

  describe('the crossing', () => {
    it('warns once when a send takes the balance from at or above the threshold to below it', async () => {
      await send(30) // 100 → 70: above, nothing
      expect(texts()).toHaveLength(0)
      await send(20) // 70 → 50: at the threshold is not below
      expect(texts()).toHaveLength(0)
      expect(await notices()).toBe(0)
      await send(1) // 50 → 49: crosses
      expect(await balanceOf(h.db, 'acme02')).toBe(49)
      expect(texts().map((t) => t.phone).sort()).toEqual([...WARN].sort())
      expect(texts()[0].text).toContain('49.00')
      expect(await notices()).toBe(1)
      const info = (await h.call('/warn/getCusBneWarnInfo', {}, { token: acme02 })).data
      expect(info.lastWarnedAt).not.toBeNull()
      expect(await h.db.query('select 1 from warn_sms')).toMatchObject({ rows: [] })
    })

    it('does not warn again while the balance stays below', async () => {
      await send(10)
      await send(10)
      expect(texts()).toHaveLength(2)
      expect(await notices()).toBe(1)
    })

    it('is re-armed by a recharge back to the threshold or above', async () => {
      await setBalance(60)
      await send(5) // 60 → 55
      expect(texts()).toHaveLength(2)
      await send(10) // 55 → 45
      expect(texts()).toHaveLength(4)
      expect(await notices()).toBe(2)
    })

    it('warns once when concurrent sends cross together', async () => {
      await setBalance(60)
      const before = texts().length
      await Promise.all(Array.from({ length: 6 }, () => send(5))) // 60 → 30, crossing 50 once
      expect(await balanceOf(h.db, 'acme02')).toBe(30)
      expect(texts().length - before).toBe(WARN.length)
      expect(await notices()).toBe(3)
    })

    it('warns when the scheduler bills a due timed batch across the threshold', async () => {
      await setBalance(52)
      const before = texts().length
      await h.db.query(
        `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
         values ('TWARN', 'acme02', 0, 0, 0, '【艾克米】due', 5, now() - interval '1 minute', now() - interval '1 hour')`)
      await h.db.query(
        `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
         select 'TWARN', 'acme02', '137' || lpad(k::text, 8, '0'), '【艾克米】due', 0, now() - interval '1 minute', now() from generate_series(1, 5) k`)
      expect(await runDueBatches(h.db)).toEqual(['TWARN'])
      await h.runJob(balanceWarnJob)
      expect(await balanceOf(h.db, 'acme02')).toBe(47)
      expect(texts().length - before).toBe(WARN.length)
    })

    it('warns when a transfer to a sub-account takes the parent across its threshold, and an administrator\'s charge re-arms it', async () => {
      const admin = await h.tokenFor('admin', 'Admin@12345')
      await h.call('/warn/modifyCusBneWarn', { threshold: 1000, mobiles: [WARN[0]] }, { token: acme })
      await h.db.query(`update customer set balance = 1100 where cus_id = 'acme'`)
      const toParent = () => h.carrier.outbox.filter((e) => e.phone === WARN[0] && e.text.includes('acme') && !e.text.includes('acme02')).length
      const before = toParent()
      const charge = async (amount: string) => {
        const res = await h.call('/subAccount/charge', { cus_id: 'acme01', amount }, { token: acme })
        await h.runJob(balanceWarnJob)
        return res
      }
      expect((await charge('50')).status).toBe(200) // 1100 → 1050
      expect(toParent()).toBe(before)
      expect((await charge('100')).status).toBe(200) // 1050 → 950: crosses
      expect(toParent()).toBe(before + 1)
      expect((await charge('10')).status).toBe(200) // stays below
      expect(toParent()).toBe(before + 1)
      const recharge = await h.call('/customer/customerCharge', { cus_id: 'acme', amount: '100', recharge_type: 0, prod_type: 0 }, { token: admin })
      expect(recharge.status, recharge.msg).toBe(200) // 940 → 1040: back above
      expect((await charge('50')).status).toBe(200) // 1040 → 990: crosses again
      expect(toParent()).toBe(before + 2)
    })

    it('with a threshold of 0 never warns, and a crossing with no mobiles still rings the bell', async () => {
      await h.call('/warn/modifyCusBneWarn', { threshold: 0, mobiles: WARN }, { token: acme02 })
      const before = texts().length
      const bell = await notices()
      await setBalance(3)
      await send(3)
      expect(texts().length).toBe(before)
      expect(await notices()).toBe(bell)
      await h.call('/warn/modifyCusBneWarn', { threshold: 20, mobiles: [] }, { token: acme02 })
      await setBalance(25)
      await send(10)
      expect(texts().length).toBe(before)
      expect(await notices()).toBe(bell + 1)
    })
  })
})
