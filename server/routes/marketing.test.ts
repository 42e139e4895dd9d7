import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessage } from '../../src/domain/messages'
import { setup, type Harness } from '../test/harness'

describe('routes/marketing', () => {
  describe('marketing hours and cap settings', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      Object.assign(tok, await h.tokensFor('admin', 'acme', 'acme01', 'globex'))
    })
    afterAll(() => h.close())
    const call = (path: string, body: Record<string, unknown>, who: string) => h.call(path, body, { token: tok[who], lang: 'en' })

    it('gives an enterprise the platform default, its own rule and the one in force; a sub-account its enterprise\'s', async () => {
      const res = await call('/marketing/getRule', {}, 'acme01')
      expect(res.data).toEqual({
        platform: { window_start: 480, window_end: 1260, daily_cap: 3 }, own: null, effective: { window_start: 480, window_end: 1260, daily_cap: 3 },
      })
    })

    it('lets an enterprise narrow the rule for itself and its sub-accounts, never widen it, and nobody else change it', async () => {
      const saved = await call('/marketing/setRule', { window_start: '09:00', window_end: '20:30', daily_cap: 2 }, 'acme')
      expect(saved).toMatchObject({ code: 200, data: { own: { window_start: 540, window_end: 1230, daily_cap: 2 }, effective: { window_start: 540, window_end: 1230, daily_cap: 2 } } })
      expect((await call('/marketing/getRule', {}, 'acme01')).data.effective).toEqual({ window_start: 540, window_end: 1230, daily_cap: 2 })
      expect((await call('/marketing/getRule', {}, 'globex')).data.own).toBeNull()
      const wide = await call('/marketing/setRule', { window_start: '07:00', window_end: '22:00', daily_cap: 5 }, 'acme')
      expect(wide).toMatchObject({
        code: 400, msg: serverMessage('marketingWiden', 'en', { start: '08:00', end: '21:00', cap: 3 }),
        data: { fields: { window_start: 'marketingWiden', window_end: 'marketingWiden', daily_cap: 'marketingWiden' } },
      })
      for (const bad of [{ window_start: '9:00', window_end: '20:00', daily_cap: 1 }, { window_start: '20:00', window_end: '09:00', daily_cap: 1 }, { window_start: '09:00', window_end: '20:00', daily_cap: 0 }]) {
        expect((await call('/marketing/setRule', bad, 'acme')).code, JSON.stringify(bad)).toBe(400)
      }
      expect((await call('/marketing/setRule', { window_start: '09:00', window_end: '20:00', daily_cap: 1 }, 'acme01')).code).toBe(403)
      expect((await call('/marketing/setDefault', { window_start: '09:00', window_end: '20:00', daily_cap: 1 }, 'acme')).code).toBe(403)
      expect((await call('/marketing/getRule', {}, 'acme')).data.own).toEqual({ window_start: 540, window_end: 1230, daily_cap: 2 })
    })

    it('lets an administrator set the platform default, which a narrower one applies within at once', async () => {
      const res = await call('/marketing/setDefault', { window_start: '10:00', window_end: '20:00', daily_cap: 5 }, 'admin')
      expect(res.code).toBe(200)
      // acme's own 09:00–20:30, cap 2 is read within the new default: 10:00–20:00, cap 2.
      expect((await call('/marketing/getRule', {}, 'acme')).data.effective).toEqual({ window_start: 600, window_end: 1200, daily_cap: 2 })
      expect((await call('/marketing/getRule', {}, 'globex')).data.effective).toEqual({ window_start: 600, window_end: 1200, daily_cap: 5 })
    })
  })
})
