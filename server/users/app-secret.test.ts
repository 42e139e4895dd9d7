import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../test/harness'
import { appSecretOf, rotateAppSecret } from './app-secret'

describe('users/app-secret', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup()
  })
  afterAll(() => h.close())

  const stored = async (cusId: string) =>
    (await h.db.query<{ app_secret: string }>('select app_secret from customer where cus_id = $1', [cusId])).rows[0].app_secret

  describe('appSecretOf', () => {
    it('makes a 32-byte hex secret on first use, stores it and returns the same one afterwards', async () => {
      expect(await stored('acme')).toBe('')
      const first = await appSecretOf(h.db, 'acme')
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(await stored('acme')).toBe(first)
      expect(await appSecretOf(h.db, 'acme')).toBe(first)
    })

    it('gives each account its own secret', async () => {
      const subs = await h.db.query<{ cus_id: string }>(`select cus_id from customer where cus_id <> 'acme' order by id limit 2`)
      const [a, b] = await Promise.all(subs.rows.map((r) => appSecretOf(h.db, r.cus_id)))
      expect(a).not.toBe(b)
      expect(a).not.toBe(await appSecretOf(h.db, 'acme'))
    })

    it('agrees with itself when first used by several callers at once', async () => {
      const { rows } = await h.db.query<{ cus_id: string }>(`select cus_id from customer where app_secret = '' order by id limit 1`)
      const cusId = rows[0].cus_id
      const all = await Promise.all(Array.from({ length: 6 }, () => appSecretOf(h.db, cusId)))
      expect(new Set(all).size).toBe(1)
      expect(await stored(cusId)).toBe(all[0])
    })

    it('throws for an account that does not exist', async () => {
      await expect(appSecretOf(h.db, 'nobody-here')).rejects.toThrow()
    })
  })

  describe('rotateAppSecret', () => {
    it('replaces the secret at once: the old one is gone and the new one is what appSecretOf returns', async () => {
      const old = await appSecretOf(h.db, 'acme')
      const next = await rotateAppSecret(h.db, 'acme')
      expect(next).toMatch(/^[0-9a-f]{64}$/)
      expect(next).not.toBe(old)
      expect(await appSecretOf(h.db, 'acme')).toBe(next)
      expect(await stored('acme')).toBe(next)
    })

    it('throws for an account that does not exist', async () => {
      await expect(rotateAppSecret(h.db, 'nobody-here')).rejects.toThrow()
    })
  })
})
