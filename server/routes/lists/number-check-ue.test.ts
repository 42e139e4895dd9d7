import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AIM_CHECK_LIMIT, UE_UPLOAD_LIMIT_BYTES } from '../../../src/domain/number-check-ue'
import type { Db } from '../../db'
import { parseCsv } from '../../lists/csv.test-helper'
import { chinaDay } from '../../number-check/online'
import { makeDeps } from '../../make-deps'
import { aimOf, failPointOf, runUeChecks, ueCheckerJob, ueOf, type UeCheckerOptions } from '../../number-check/ue-checker'
import { startJobs } from '../../worker-loop'
import { setup, type Harness } from '../../test/harness'
import { balanceOf, countOf, mobilesOf } from '../../test/send-kit'

const NEVER_FAIL: UeCheckerOptions = { failShare: 0, seed: 't', chunk: 50 }
const ALWAYS_FAIL: UeCheckerOptions = { failShare: 1, seed: 't', chunk: 50 }

describe('the reference UE answers', () => {
  it('answers the same for a number within a day, about 62 % supported, and fails a seeded share of files', () => {
    const day = '2026-03-01'
    const mobiles = mobilesOf('138', 20_000)
    const share = mobiles.filter((m) => ueOf(m, day)).length / mobiles.length
    expect(share).toBeGreaterThan(0.6)
    expect(share).toBeLessThan(0.64)
    expect(mobiles.every((m) => ueOf(m, day) === ueOf(m, day))).toBe(true)
    expect(mobiles.some((m) => ueOf(m, day) !== ueOf(m, '2026-03-02'))).toBe(true)
    const ids = Array.from({ length: 2000 }, (_, i) => `U${i}`)
    const failing = ids.filter((id) => failPointOf(id, 1000, { failShare: 0.1, seed: 's' }) !== null)
    expect(failing.length / ids.length).toBeGreaterThan(0.07)
    expect(failing.length / ids.length).toBeLessThan(0.13)
    for (const id of failing) expect(failPointOf(id, 1000, { failShare: 0.1, seed: 's' })).toBeGreaterThanOrEqual(100)
    expect(ids.filter((id) => failPointOf(id, 1000, { failShare: 0.1, seed: 'other' }) !== null)).not.toEqual(failing)
  })
})

describe('routes/lists/number-check-ue', () => {
  describe('UE file check', () => {
    let h: Harness
    let tok: Record<string, string>
    let price: number
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      tok = await h.tokensFor('acme', 'acme02', 'globex')
      price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 7")).rows[0].p)
    })
    afterAll(() => h.close())
    // The seeded demo files waiting (status 0 and 1) are checked first, so each test sees only its own files.
    beforeEach(async () => {
      await runUeChecks(h.db, 1e9, NEVER_FAIL)
    })

    const upload = async (token: string, numbers: string | string[], payload: Record<string, unknown> = {}) => {
      const f = new FormData()
      f.set('payload', JSON.stringify({ file_name: 'customers.xlsx', ...payload }))
      f.set('numbers', new Blob([Array.isArray(numbers) ? numbers.join('\n') : numbers]), 'numbers.txt')
      const res = await h.app.request('/api/file/uploadMobileUe', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, body: f,
      })
      return { status: res.status, ...((await res.json()) as { msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
    }
    const confirm = (token: string, batchId: string, key = randomUUID()) =>
      h.call('/mobileUe/uploadCheck', { batch_id: batchId, idempotency_key: key }, { token, lang: 'en' })
    const fileRow = async (batchId: string) => (await h.db.query<{ file_status: number; check_count: number; ue_count: number; nue_count: number }>(
      'select file_status::int as file_status, check_count, ue_count, nue_count from mobile_ue_file where batch_id = $1', [batchId])).rows[0]
    const download = async (token: string, body: Record<string, unknown>) => {
      const res = await h.app.request('/api/mobileUe/downloadMobile', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ format: 'csv', ...body }),
      })
      return { status: res.status, text: await res.text() }
    }
    const statOf = async (table: string, cusId: string) => (await h.db.query<{ request_count: number; success_count: number; failure_count: number }>(
      `select request_count, success_count, failure_count from ${table} where cus_id = $1 and gather_time = $2::date`, [cusId, chinaDay()])).rows[0]
      ?? { request_count: 0, success_count: 0, failure_count: 0 }

    it('stores an upload unlisted and unbilled, bills its confirmation once, checks it pending → checking → done and downloads the answers', async () => {
      const mobiles = mobilesOf('139', 240, 5000)
      const before = await balanceOf(h.db, 'acme02')
      const up = await upload(tok.acme02, ['+86' + mobiles[0], ...mobiles, mobiles[1], '12345', 'abc'].join('\n'))
      expect(up.status).toBe(200)
      expect(up.data).toMatchObject({ cus_id: 'acme02', batch_count: 240, duplicates: 2, invalid: 2, unit_price: price })
      expect(up.data.cost).toBeCloseTo(240 * price, 3)
      const id = up.data.batch_id as string
      const listed = async () => (await h.call('/mobileUe/list', { file_name: 'customers', pageSize: 100 }, { token: tok.acme02 })).data.records
        .filter((r: { batch_id: string }) => r.batch_id === id)
      expect(await listed()).toEqual([])
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before, 3)
      // Not paid: the checker leaves it alone.
      await runUeChecks(h.db, 1000, NEVER_FAIL)
      expect((await fileRow(id)).check_count).toBe(0)

      const key = randomUUID()
      const first = await confirm(tok.acme02, id, key)
      expect(first.status).toBe(200)
      expect(first.data).toMatchObject({ batch_id: id, batch_count: 240 })
      expect(first.data.balance_after).toBeCloseTo(before - 240 * price, 3)
      const again = await confirm(tok.acme02, id, key)
      expect(again.data).toEqual(first.data)
      expect((await confirm(tok.acme02, id)).status).toBe(409)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 240 * price, 3)
      expect((await listed())[0]).toMatchObject({ file_status: 0, batch_count: 240, check_count: 0 })
      expect((await download(tok.acme02, { batch_id: id })).status).toBe(409)

      const black = await statOf('mobile_black_stat', 'acme02')
      expect(await runUeChecks(h.db, 100, NEVER_FAIL)).toBe(100)
      expect((await listed())[0]).toMatchObject({ file_status: 1, check_count: 100 })
      await runUeChecks(h.db, 1000, NEVER_FAIL)
      const day = chinaDay()
      const ue = mobiles.filter((m) => ueOf(m, day)).length
      expect((await listed())[0]).toMatchObject({ file_status: 2, check_count: 240, ue_count: ue, nue_count: 240 - ue })
      expect(await statOf('mobile_black_stat', 'acme02')).toEqual({
        request_count: black.request_count + 240, success_count: black.success_count + 240, failure_count: black.failure_count,
      })
      expect((await statOf('number_porting_stat', 'acme02')).request_count).toBeGreaterThanOrEqual(240)

      const file = await download(tok.acme02, { batch_id: id })
      expect(file.status).toBe(200)
      const rows = parseCsv(file.text)
      expect(rows[0]).toEqual(['Mobile', 'Supported'])
      expect(rows.slice(1)).toEqual(mobiles.map((m) => [m, ueOf(m, day) ? '1' : '0']))
      const only = parseCsv((await download(tok.acme02, { batch_id: id, ue: 1 })).text).slice(1)
      expect(only.length).toBe(ue)
    })

    it('refunds the whole cost of a file the service fails, exactly once, and offers no result', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const refunds = await countOf(h.db, "select count(*) as n from recharge_record where cus_id = 'acme02' and recharge_type = 1")
      const up = await upload(tok.acme02, mobilesOf('137', 300))
      const id = up.data.batch_id as string
      expect((await confirm(tok.acme02, id)).status).toBe(200)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - 300 * price, 3)
      const black = await statOf('mobile_black_stat', 'acme02')
      const failAt = failPointOf(id, 300, ALWAYS_FAIL)!
      await runUeChecks(h.db, 1e6, ALWAYS_FAIL)
      expect(await fileRow(id)).toMatchObject({ file_status: 3, check_count: failAt })
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before, 3)
      await runUeChecks(h.db, 1e6, ALWAYS_FAIL)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before, 3)
      expect(await countOf(h.db, "select count(*) as n from recharge_record where cus_id = 'acme02' and recharge_type = 1")).toBe(refunds + 1)
      expect(await statOf('mobile_black_stat', 'acme02')).toEqual({
        request_count: black.request_count + 300, success_count: black.success_count + failAt, failure_count: black.failure_count + 300 - failAt,
      })
      expect((await download(tok.acme02, { batch_id: id })).status).toBe(409)
    })

    it('charges nothing and keeps the upload when the balance cannot cover it; refuses files with no number, a NUL or over 15 MB', async () => {
      const up = await upload(tok.acme02, mobilesOf('136', 50))
      await h.db.query("update customer set balance = 0.001 where cus_id = 'acme02'")
      const res = await confirm(tok.acme02, up.data.batch_id)
      expect(res.status).toBe(400)
      expect(res.msg).toMatch(/balance/i)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(0.001, 3)
      expect((await fileRow(up.data.batch_id)).file_status).toBe(0)
      await h.db.query("update customer set balance = 1000 where cus_id = 'acme02'")
      expect((await confirm(tok.acme02, up.data.batch_id)).status).toBe(200)

      const empty = await upload(tok.acme02, 'no numbers here\n123')
      expect(empty.status).toBe(400)
      expect(empty.msg).toBe('The file holds no valid mobile number')
      expect((await upload(tok.acme02, '13800000000\n\u0000')).status).toBe(400)
      expect((await upload(tok.acme02, '1'.repeat(UE_UPLOAD_LIMIT_BYTES + 100_000))).status).toBe(413)
      expect((await upload(tok.acme02, mobilesOf('135', 3), { file_name: '' })).status).toBe(400)
      const unactivated = await h.db.query("delete from customer_product where cus_id = 'acme02' and prod_type = 7 returning price")
      expect((await upload(tok.acme02, mobilesOf('135', 3))).status).toBe(403)
      await h.db.query("insert into customer_product (cus_id, prod_type, price) values ('acme02', 7, $1)", [unactivated.rows[0].price])
    })

    it("keeps another tenant's uploads, files and answers out of reach; a parent confirms its sub-account's upload", async () => {
      const up = await upload(tok.acme02, mobilesOf('134', 20))
      const id = up.data.batch_id as string
      expect((await confirm(tok.globex, id)).status).toBe(404)
      expect((await h.call('/mobileUe/list', { pageSize: 500 }, { token: tok.globex })).data.records.some((r: { batch_id: string }) => r.batch_id === id)).toBe(false)
      // globex may not pay for acme02 either.
      expect((await upload(tok.globex, mobilesOf('134', 3), { cus_id: 'acme02' })).status).toBe(403)
      const parentBefore = await balanceOf(h.db, 'acme')
      expect((await confirm(tok.acme, id)).status).toBe(200)
      expect(await balanceOf(h.db, 'acme')).toBeCloseTo(parentBefore, 3)
      await runUeChecks(h.db, 1e6, NEVER_FAIL)
      expect((await download(tok.globex, { batch_id: id })).status).toBe(404)
      expect((await download(tok.acme, { batch_id: id })).status).toBe(200)
      expect(parseCsv((await download(tok.acme02, { batch_id: id })).text)).toHaveLength(21)
    })

    it('two checkers racing check every number of every file once; a checker dying mid-chunk loses nothing and a new one resumes', async () => {
      const ids: string[] = []
      for (const prefix of ['150', '151', '152']) {
        const up = await upload(tok.acme02, mobilesOf(prefix, 400))
        ids.push(up.data.batch_id)
        expect((await confirm(tok.acme02, up.data.batch_id)).status).toBe(200)
      }
      const black = await statOf('mobile_black_stat', 'acme02')
      await runUeChecks(h.db, 150, NEVER_FAIL)
      // A checker killed inside its transaction (after writing answers, before the file row): rolled back whole.
      const dying: Db = {
        ...h.db,
        transaction: (fn) => h.db.transaction((tx) => fn({
          ...tx,
          query: (async (sql: string, params?: unknown[]) => {
            if (sql.trimStart().startsWith('update mobile_ue_file')) throw new Error('killed')
            return tx.query(sql, params)
          }) as Db['query'],
        })),
      }
      await expect(runUeChecks(dying, 100, NEVER_FAIL)).rejects.toThrow('killed')
      const answered = await countOf(h.db, 'select count(is_ue) as n from mobile_ue_number where batch_id = any($1::text[])', [ids])
      const watermarks = await countOf(h.db, 'select sum(check_count) as n from mobile_ue_file where batch_id = any($1::text[])', [ids])
      expect(answered).toBe(150)
      expect(watermarks).toBe(150)

      const [a, b] = await Promise.all([runUeChecks(h.db, 1e6, NEVER_FAIL), runUeChecks(h.db, 1e6, NEVER_FAIL)])
      expect(a + b).toBe(1200 - 150)
      for (const id of ids) {
        const f = await fileRow(id)
        expect(f).toMatchObject({ file_status: 2, check_count: 400 })
        expect(f.ue_count + f.nue_count).toBe(400)
        expect(await countOf(h.db, 'select count(is_ue) as n from mobile_ue_number where batch_id = $1', [id])).toBe(400)
      }
      expect((await statOf('mobile_black_stat', 'acme02')).request_count).toBe(black.request_count + 1200)
    })

    it('a checker stopped mid-file (as on a restart) leaves a consistent watermark, and the next one started finishes the file', async () => {
      const mobiles = mobilesOf('153', 3000)
      const up = await upload(tok.acme02, mobiles)
      const id = up.data.batch_id as string
      expect((await confirm(tok.acme02, id)).status).toBe(200)
      // 5 numbers a tick at most: the file takes hundreds of ticks, so the stop lands part way.
      const checker = (rate: number) => startJobs(makeDeps({ db: h.db, config: { workerIntervalMs: 10, ueCheck: { ...NEVER_FAIL, rate } } }), [ueCheckerJob])
      const first = checker(500)
      await vi.waitFor(async () => expect((await fileRow(id)).check_count).toBeGreaterThan(0), { timeout: 30_000, interval: 20 })
      await first()
      const stopped = await fileRow(id)
      expect(stopped.file_status).toBe(1)
      expect(stopped.check_count).toBeLessThan(3000)
      expect(await countOf(h.db, 'select count(is_ue) as n from mobile_ue_number where batch_id = $1', [id])).toBe(stopped.check_count)
      await new Promise((r) => setTimeout(r, 50))
      expect((await fileRow(id)).check_count).toBe(stopped.check_count)

      const second = checker(1e6)
      await vi.waitFor(async () => expect((await fileRow(id)).file_status).toBe(2), { timeout: 60_000, interval: 50 })
      await second()
      const day = chinaDay()
      const ue = mobiles.filter((m) => ueOf(m, day)).length
      expect(await fileRow(id)).toMatchObject({ check_count: 3000, ue_count: ue, nue_count: 3000 - ue })
      expect(await countOf(h.db, 'select count(*) as n from mobile_ue_number where batch_id = $1 and is_ue is null', [id])).toBe(0)
    })

    it('answers the read-message capability of each distinct number as a file', async () => {
      const mobiles = mobilesOf('188', 30)
      const res = await h.app.request('/api/aim/onlineMobileCheck', {
        method: 'POST', headers: { authorization: `Bearer ${tok.acme02}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ mobiles: [...mobiles, mobiles[0]], format: 'csv' }),
      })
      expect(res.status).toBe(200)
      const day = chinaDay()
      const rows = parseCsv(await res.text())
      expect(rows[0]).toEqual(['Mobile', 'Read messages'])
      expect(rows.slice(1)).toEqual(mobiles.map((m) => [m, aimOf(m, day) ? '1' : '0']))
      expect((await h.call('/aim/onlineMobileCheck', { mobiles: ['1380000'] }, { token: tok.acme02 })).status).toBe(400)
      // The console's limit is the server's: AIM_CHECK_LIMIT numbers fit the JSON body limit, one more is refused.
      const most = mobilesOf('189', AIM_CHECK_LIMIT)
      const full = await h.app.request('/api/aim/onlineMobileCheck', {
        method: 'POST', headers: { authorization: `Bearer ${tok.acme02}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mobiles: most, format: 'csv' }),
      })
      expect(full.status).toBe(200)
      expect(parseCsv(await full.text())).toHaveLength(AIM_CHECK_LIMIT + 1)
      expect((await h.call('/aim/onlineMobileCheck', { mobiles: [...most, '18899999999'] }, { token: tok.acme02 })).status).toBe(400)
    })
  })
})
