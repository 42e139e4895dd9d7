import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { Carrier } from '../carrier'
import type { Db } from '../db'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/*
 * PostgreSQL out of disk space (SQLSTATE 53100, "could not extend file ... No space left on device"): the request's
 * statement or transaction is rolled back whole, and the caller is told what happened and what to do.
 */
describe('a full database disk', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
  })
  afterAll(() => h.close())

  it('answers 507 with the translated sentence, and nothing of the request is written', async () => {
    const full = Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100', severity: 'ERROR' })
    // Every write fails as PostgreSQL fails it when the disk is full; reads still work.
    const failing = (db: Db): Db => ({
      ...db,
      query: (text, params, opts) => (/^\s*(insert|update|delete)/i.test(text) ? Promise.reject(full) : db.query(text, params, opts)),
      transaction: (fn) => db.transaction((tx) => fn(failing(tx))),
    })
    const app = createApp({ db: failing(h.db), carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' } })
    const captchas = async () => Number((await h.db.query<{ n: number }>('select count(*)::int as n from captcha')).rows[0].n)
    const before = await captchas()
    for (const [lang, msg] of [['en', /database disk is full, so nothing of this request was saved; ask the operator to free disk space/], ['zh-CN', /数据库的磁盘已满/]] as const) {
      const res = await app.request('/api/code/captcha', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: '{}' })
      expect(res.status).toBe(507)
      expect((await res.json()).msg).toMatch(msg)
    }
    expect(await captchas()).toBe(before)
  })
})
