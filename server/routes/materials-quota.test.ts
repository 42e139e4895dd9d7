import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MaterialRow } from '../../src/domain/materials'
import { setup, type Harness } from '../test/harness'
import { harnessCalls } from './materials.test-helper'
import type { Db } from '../db'
import { reserveStorage } from '../materials/quota'
import { png } from '../storage/fixtures.test-helper'
import { objectKey } from '../storage/store'

/** A PNG of exactly `n` bytes (a text chunk pads it), so quotas can be met to the byte. */
function pngOf(n: number): Uint8Array {
  const base = png().length + 12
  return png(2, 2, n - base)
}

const QUOTA = 10_000

describe('routes/materials-quota', () => {
  let h: Harness
  let t: Record<string, string> = {}
  const { upload, list } = harnessCalls(() => h, t)
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { storageQuotaBytes: QUOTA } })
    t = Object.assign(t, await h.tokensFor('acme', 'acme01', 'globex', 'admin'))
  })
  afterAll(() => h.close())

  const storage = async (user: string) => (await list(user)).data.storage as { used: number; quota: number }
  const objects = async () => (await readdir(h.filesDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((d) => d.isFile()).length
  const clear = async (user: string) => {
    const ids = (await list(user, { pageSize: 500 })).data.records.map((r: MaterialRow) => r.material_id)
    if (ids.length) expect((await h.call('/aim/materialDelete', { ids }, { token: t[user] })).status).toBe(200)
  }

  describe('storage quota of materials', () => {
    it('counts what is stored, refuses the file that would pass the quota (stored nowhere), and a delete frees it', async () => {
      await clear('acme')
      expect(await storage('acme')).toEqual({ used: 0, quota: QUOTA })
      const first = await upload('acme', pngOf(6000))
      expect(first.status, first.msg).toBe(200)
      expect(await storage('acme')).toEqual({ used: 6000, quota: QUOTA })

      const before = await objects()
      const over = await upload('acme', pngOf(4001))
      expect(over).toMatchObject({ status: 409, msg: 'Not enough material storage: 6 KB of 10 KB used, and this file needs 4 KB. Delete materials you no longer need and try again' })
      expect((await upload('acme', pngOf(4001), { lang: 'zh-CN' })).msg).toMatch(/^素材存储空间不足：已用 6 KB，共 10 KB/)
      expect(await objects()).toBe(before)
      // The last byte fits.
      expect((await upload('acme', pngOf(4000))).status).toBe(200)
      expect(await storage('acme')).toEqual({ used: QUOTA, quota: QUOTA })
      expect((await upload('acme', pngOf(200))).status).toBe(409)

      expect((await h.call('/aim/materialDelete', { ids: [first.data.material_id] }, { token: t.acme })).status).toBe(200)
      expect(await storage('acme')).toEqual({ used: 4000, quota: QUOTA })
      expect((await upload('acme', pngOf(6000))).status).toBe(200)
    })

    it("counts a sub-account's materials in its enterprise's storage, under the customer's quota", async () => {
      await clear('acme')
      await clear('acme01')
      const globex = (await storage('globex')).used
      expect((await upload('acme', pngOf(6000))).status).toBe(200)
      // The sub-account sees and fills the same storage; its own files count for the customer too.
      expect(await storage('acme01')).toEqual({ used: 6000, quota: QUOTA })
      expect((await upload('acme01', pngOf(4001))).status).toBe(409)
      const own = await upload('acme01', pngOf(3000))
      expect(own.status, own.msg).toBe(200)
      expect(await storage('acme')).toEqual({ used: 9000, quota: QUOTA })
      expect((await upload('acme', pngOf(1001))).status).toBe(409)
      // Another enterprise's storage is its own.
      expect((await storage('globex')).used).toBe(globex)
      // The customer's quota is the enterprise's: raised for acme, acme01 may use it.
      await h.db.query("update customer set storage_quota = 20000 where cus_id = 'acme'")
      expect(await storage('acme01')).toEqual({ used: 9000, quota: 20_000 })
      expect((await upload('acme01', pngOf(5000))).status).toBe(200)
      await h.db.query("update customer set storage_quota = null where cus_id = 'acme'")
      await clear('acme01')
    })

    it('lets concurrent uploads pass the last free bytes one at a time: of eight that each fit alone, exactly as many as fit', async () => {
      await clear('acme')
      expect((await upload('acme', pngOf(7000))).status).toBe(200)
      // 3000 bytes left: room for one 2000-byte file, not two.
      const answers = await Promise.all(Array.from({ length: 8 }, () => upload('acme', pngOf(2000))))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
      expect(await storage('acme')).toEqual({ used: 9000, quota: QUOTA })
      // Every refused upload's object was removed again: two rows, two objects.
      const rows = (await h.db.query<{ n: number }>("select count(*)::int as n from material where cus_id = 'acme'")).rows[0].n
      expect(rows).toBe(2)
    })

    it('makes the check in the transaction wait for an upload of the tenant still committing, and then count its bytes', async () => {
      await clear('acme')
      expect((await upload('acme', pngOf(7000))).status).toBe(200)
      const insert = (tx: Db, key: string) => tx.query(
        `insert into material (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256) values ('acme', 'image', 'aim', 'x.png', 'image/png', 2000, $1, '')`, [key])
      let release!: () => void
      const gate = new Promise<void>((r) => (release = r))
      let inserted!: () => void
      const firstInserted = new Promise<void>((r) => (inserted = r))
      const first = h.db.transaction(async (tx) => {
        await reserveStorage(tx, 'acme', 2000, QUOTA)
        await insert(tx, objectKey('acme'))
        inserted()
        await gate
      })
      await firstInserted
      const second = h.db.transaction(async (tx) => {
        await reserveStorage(tx, 'acme', 2000, QUOTA)
        await insert(tx, objectKey('acme'))
      })
      const settled = second.then(() => 'committed', () => 'refused')
      // Hold the first open until the second waits on the tenant's lock (or, with no lock, got through).
      const waiting = async () => (await h.db.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and classid = 72410049
           and objid::int = hashtext(current_schema() || '/acme') and database = (select oid from pg_database where datname = current_database())`)).rows[0].n > 0
      while (!(await Promise.race([settled.then(() => true), waiting()]))) await new Promise((r) => setImmediate(r))
      release()
      await first
      expect(await settled).toBe('refused')
      await expect(second).rejects.toMatchObject({ status: 409, key: 'materialQuotaExceeded' })
      expect(await storage('acme')).toEqual({ used: 9000, quota: QUOTA })
    })

    it("is each customer's own: one tenant's usage does not count against another, and an account's own quota wins", async () => {
      await clear('acme')
      await clear('globex')
      expect((await upload('acme', pngOf(9000))).status).toBe(200)
      expect(await storage('globex')).toEqual({ used: 0, quota: QUOTA })
      expect((await upload('globex', pngOf(9000))).status).toBe(200)

      await h.db.query("update customer set storage_quota = 20000 where cus_id = 'acme'")
      expect(await storage('acme')).toEqual({ used: 9000, quota: 20000 })
      expect((await upload('acme', pngOf(9000))).status).toBe(200)
      await h.db.query("update customer set storage_quota = null where cus_id = 'acme'")
      expect((await upload('acme', pngOf(2000))).status).toBe(409)
    })
  })
})
