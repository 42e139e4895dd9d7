import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOTICES_PER_ACCOUNT } from '../../src/domain/notice'
import { addNotice } from '../notices/store'
import { setup, type Harness } from '../test/harness'

describe('routes/notices', () => {
  let h: Harness
  let acme: string
  let acme01: string
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    acme = await h.tokenFor('acme', 'Acme@12345')
    acme01 = await h.tokenFor('acme01', 'Acme01@12345')
  })
  afterAll(() => h.close())

  const low = (balance: string) => ({
    kind: 'balanceLow' as const, title: 'noticeBalanceLowTitle' as const, body: 'noticeBalanceLowBody' as const,
    params: { cusId: 'acme', balance, threshold: '50.00' }, link: '/recharge/list',
  })
  const list = (token: string, body: Record<string, unknown> = {}, lang = 'en') => h.call('/notice/list', body, { token, lang })

  describe('notices', () => {
    it('need a session', async () => {
      for (const path of ['/notice/list', '/notice/unreadCount', '/notice/read']) expect((await h.call(path, { all: true })).status).toBe(401)
    })

    it('are listed newest first, worded in the reader\'s language, with the unread count', async () => {
      await addNotice(h.db, 'acme', low('40.00'))
      await addNotice(h.db, 'acme', low('30.00'))
      const en = await list(acme)
      expect(en.status).toBe(200)
      expect(en.data).toMatchObject({ total: 2, unread: 2 })
      expect(en.data.records.map((n: { body: string }) => n.body)).toEqual([
        expect.stringContaining('is 30.00 yuan'), expect.stringContaining('is 40.00 yuan'),
      ])
      expect(en.data.records[0]).toMatchObject({ kind: 'balanceLow', title: 'Low balance', link: '/recharge/list', read: false, cus_id: 'acme' })
      const zh = await list(acme, {}, 'zh-CN')
      expect(zh.data.records[0].title).toBe('余额预警')
      expect((await h.call('/notice/unreadCount', {}, { token: acme })).data).toEqual({ unread: 2 })
    })

    it('are the reader\'s own: a sub-account\'s notices reach neither its parent nor anyone else, and marking another\'s does nothing', async () => {
      const theirs = await addNotice(h.db, 'acme01', low('10.00'))
      const mine = await list(acme)
      expect(mine.data.records.every((n: { cus_id: string }) => n.cus_id === 'acme')).toBe(true)
      expect(mine.data.records.some((n: { id: number }) => n.id === theirs)).toBe(false)
      const admin = await h.tokenFor('admin', 'Admin@12345')
      expect((await list(admin)).data.total).toBe(0)
      const res = await h.call('/notice/read', { id: theirs }, { token: acme })
      expect(res.data.changed).toBe(0)
      expect((await list(acme01)).data.records[0]).toMatchObject({ id: theirs, read: false })
    })

    it('are marked read one at a time or all at once; unread first puts the unread ones on top', async () => {
      const [newest, older] = (await list(acme)).data.records as { id: number }[]
      const one = await h.call('/notice/read', { id: older.id }, { token: acme, lang: 'en' })
      expect(one).toMatchObject({ status: 200, msg: 'Marked as read', data: { changed: 1, unread: 1 } })
      expect((await h.call('/notice/read', { id: older.id }, { token: acme })).data.changed).toBe(0)
      await addNotice(h.db, 'acme', low('20.00'))
      await h.call('/notice/read', { id: (await list(acme)).data.records[0].id }, { token: acme })
      const unreadFirst = (await list(acme, { unreadFirst: true })).data.records as { id: number; read: boolean }[]
      expect(unreadFirst[0]).toMatchObject({ id: newest.id, read: false })
      expect(unreadFirst.slice(1).every((n) => n.read)).toBe(true)
      const all = await h.call('/notice/read', { all: true }, { token: acme })
      expect(all.data).toEqual({ changed: 1, unread: 0 })
    })

    it('refuse a read naming neither or both of id and all, and an id past bigint', async () => {
      for (const body of [{}, { id: 1, all: true }, { all: false }, { id: 0 }, { id: 1e20 }]) {
        expect((await h.call('/notice/read', body, { token: acme })).status).toBe(400)
      }
    })

    it(`keep at most ${NOTICES_PER_ACCOUNT} per account, dropping the oldest`, async () => {
      const first = await addNotice(h.db, 'acme01', low('1.00'))
      for (let i = 0; i < NOTICES_PER_ACCOUNT + 5; i++) await addNotice(h.db, 'acme01', low(`${i}.00`))
      const res = await list(acme01, { pageSize: 500 })
      expect(res.data.total).toBe(NOTICES_PER_ACCOUNT)
      expect(res.data.records.some((n: { id: number }) => n.id === first)).toBe(false)
      expect((await list(acme)).data.total).toBe(3)
    })
  })
})
