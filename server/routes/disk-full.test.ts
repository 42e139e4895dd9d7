import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { Carrier } from '../carrier'
import type { Db } from '../db'
import { harnessCalls } from './materials.test-helper'
import { png } from '../storage/fixtures.test-helper'
import type { ObjectStore } from '../storage'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/*
 * A full disk, the database's (PostgreSQL's disk_full, SQLSTATE 53100: "could not extend file ... No space left on
 * device") or the uploads' (the system's ENOSPC on a file write): the request's statement or transaction is rolled
 * back whole, its file removed, and the caller is told what happened and what to do, the same 507 for every write.
 */
const EN = /^The server's disk is full, so nothing of this request was saved; ask the operator to free disk space, then try again$/
const ZH = /^服务器的磁盘已满，本次操作没有保存任何内容；请管理员释放磁盘空间后重试$/
const dbFull = () => Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100', severity: 'ERROR' })
/** Every write fails as PostgreSQL fails it when the disk is full; reads still work. */
const failingWrites = (db: Db): Db => ({
  ...db,
  query: (text, params, opts) => (/^\s*(insert|update|delete)/i.test(text) ? Promise.reject(dbFull()) : db.query(text, params, opts)),
  transaction: (fn) => db.transaction((tx) => fn(failingWrites(tx))),
})

describe('a full disk', () => {
  let h: Harness
  let t: Record<string, string> = {}
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    t = Object.assign(t, await h.tokensFor('acme'))
  })
  afterAll(() => h.close())
  const appOver = (db: Db, storage: ObjectStore = h.deps.storage) =>
    createApp({ db, storage, carrier: new Carrier(), config: { ...h.deps.config, captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' } })
  const count = async (table: string) => Number((await h.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n)
  const files = async () => (await readdir(h.filesDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((d) => d.isFile()).length

  it('the database\'s: answers 507 with the translated sentence, and nothing of the request is written', async () => {
    const app = appOver(failingWrites(h.db))
    const before = await count('captcha')
    for (const [lang, msg] of [['en', EN], ['zh-CN', ZH]] as const) {
      const res = await app.request('/api/code/captcha', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: '{}' })
      expect(res.status).toBe(507)
      expect((await res.json()).msg).toMatch(msg)
    }
    expect(await count('captcha')).toBe(before)
  })

  it('an upload, the uploads\' disk full (ENOSPC) or the database\'s: 507 in the caller\'s language, no file and no row kept', async () => {
    const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' })
    // The store as it is, except that writing a file fails as a full file system fails it.
    const fullStore: ObjectStore = Object.assign(Object.create(h.deps.storage) as ObjectStore, { put: () => Promise.reject(enospc()) })
    const [rows, stored] = [await count('material'), await files()]
    for (const app of [appOver(h.db, fullStore), appOver(failingWrites(h.db))]) {
      const { upload } = harnessCalls(() => ({ ...h, app }), t)
      expect(await upload('acme', png(), { lang: 'en' })).toMatchObject({ status: 507, code: 507, msg: expect.stringMatching(EN), data: null })
      expect(await upload('acme', png(), { lang: 'zh-CN' })).toMatchObject({ status: 507, msg: expect.stringMatching(ZH) })
    }
    expect([await count('material'), await files()]).toEqual([rows, stored])
    // The same upload with room on both disks is stored: the refusals were the disk's, not the file's.
    const { upload } = harnessCalls(() => h, t)
    expect((await upload('acme', png())).status).toBe(200)
  })
})
