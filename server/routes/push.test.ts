import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUSH_URL_MAX, type PushLogRow } from '../../src/domain/push'
import { DEMO_ACCOUNTS } from '../seed'
import { setup, type Harness } from '../test/harness'

const pw = (cusId: string) => DEMO_ACCOUNTS.find((a) => a.cusId === cusId)!.password

describe('routes/push', () => {
  describe('push address and push log', () => {
    let h: Harness
    const t: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      for (const u of ['admin', 'acme', 'acme01', 'globex']) t[u] = await h.tokenFor(u, pw(u))
    })
    afterAll(() => h.close())

    it('stores a public http(s) address on the signed-in account and shows it', async () => {
      const res = await h.call('/user/pushUrlModify', { push_url: ' https://93.184.216.34/sms/report?k=1 ' }, { token: t.acme01, lang: 'en' })
      expect(res).toMatchObject({ status: 200, msg: 'Push address saved' })
      expect((await h.call('/user/getPushUrl', {}, { token: t.acme01 })).data).toEqual({ push_url: 'https://93.184.216.34/sms/report?k=1' })
      expect((await h.call('/user/getPushUrl', {}, { token: t.acme })).data).toEqual({ push_url: '' })
    })

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['not a URL', 'report receiver'],
      ['another scheme', 'ftp://93.184.216.34/x'],
      ['credentials in the URL', 'https://user:pw@93.184.216.34/x'],
      ['too long', `https://93.184.216.34/${'a'.repeat(PUSH_URL_MAX)}`],
    ])('refuses %s with a 400', async (_name, push_url) => {
      expect((await h.call('/user/pushUrlModify', { push_url }, { token: t.acme })).status).toBe(400)
    })

    it.each([['http://127.0.0.1:9000/hook'], ['http://10.0.0.8/hook'], ['http://169.254.169.254/latest'], ['http://[::1]/hook'], ['http://[::127.0.0.1]:9000/'], ['http://[::a9fe:a9fe]/']])(
      'refuses the private or local address %s unless the setting allows it',
      async (push_url) => {
        const res = await h.call('/user/pushUrlModify', { push_url }, { token: t.acme, lang: 'en' })
        expect(res.status).toBe(400)
        expect(res.msg).toMatch(/must be a public address/)
        // The reason names the address in the caller's language, with no English words in the Chinese message.
        const zh = await h.call('/user/pushUrlModify', { push_url }, { token: t.acme, lang: 'zh-CN' })
        expect(zh.msg).toMatch(/^推送地址只能是公网地址（\S+ 不是公网地址）$/)
        expect((await h.call('/user/getPushUrl', {}, { token: t.acme })).data.push_url).toBe('')
      },
    )

    it('accepts a loopback receiver when PUSH_ALLOW_PRIVATE is set', async () => {
      const local = await setup({ historyRows: 0, config: { pushAllowPrivate: true } })
      try {
        const token = await local.tokenFor('acme', pw('acme'))
        expect((await local.call('/user/pushUrlModify', { push_url: 'http://127.0.0.1:9000/hook' }, { token })).status).toBe(200)
      } finally {
        await local.close()
      }
    })

    it('clears the address', async () => {
      await h.call('/user/pushUrlModify', { push_url: 'https://93.184.216.34/x' }, { token: t.globex })
      expect((await h.call('/user/pushUrlClear', {}, { token: t.globex })).status).toBe(200)
      expect((await h.call('/user/getPushUrl', {}, { token: t.globex })).data.push_url).toBe('')
    })

    it('lists push attempts of the accounts the caller may see only', async () => {
      for (const cus of ['acme', 'acme01', 'globex']) {
        const { rows } = await h.db.query<{ id: string }>(`insert into push_batch (cus_id, items, status) values ($1, 3, 0) returning id`, [cus])
        await h.db.query(
          `insert into push_attempt (batch_id, cus_id, attempt, url, status_code, error, outcome, next_at)
           values ($1, $2, 1, 'https://93.184.216.34/x', 500, 'HTTP 500', 0, now() + interval '30 seconds')`, [rows[0].id, cus])
      }
      // The newest attempts of each caller: the ones just written (the demo history is older).
      const seen = async (u: string, body = {}) => ((await h.call('/pushLog/list', body, { token: t[u] })).data.records as PushLogRow[])
      const fresh = async (u: string) => (await seen(u)).filter((r) => r.url === 'https://93.184.216.34/x').map((r) => r.cus_id).sort()
      expect(await fresh('admin')).toEqual(['acme', 'acme01', 'globex'])
      expect(await fresh('acme')).toEqual(['acme', 'acme01'])
      expect(await fresh('acme01')).toEqual(['acme01'])
      expect(await fresh('globex')).toEqual(['globex'])
      const [row] = await seen('acme01')
      expect(row).toMatchObject({ cus_id: 'acme01', items: 3, status_code: 500, error: 'HTTP 500', outcome: 0, attempt: 1 })
      expect(row.next_at).not.toBeNull()
      expect((await seen('acme01', { outcome: 1 })).every((r) => r.outcome === 1 && r.next_at === null)).toBe(true)
      expect((await seen('acme01', { outcome: 2 })).every((r) => r.outcome === 2)).toBe(true)
    })
  })
})
