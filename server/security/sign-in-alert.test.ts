import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOGIN_FAILURE_LIMIT } from '../../src/domain/constants'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/* The owner hears of attacks: guesses at an account that run into a lockout put one notice an hour on its bell. */
describe('security/sign-in-alert', () => {
  let h: Harness
  let now = Date.UTC(2026, 11, 2, 4, 0, 0)
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { trustProxy: true } })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await h.close()
  })
  const guess = (who: string, address: string) => h.login(who, 'Wrong@12345', CAPTCHA, { 'x-forwarded-for': address })
  const notices = async (who: string) => (await h.db.query<{ title_key: string; params: Record<string, unknown> }>(
    `select title_key, params from notice where cus_id = $1 and kind = 'signInAttack' order by id`, [who])).rows

  it('tells the owner once an hour, naming the address and the wait, however many addresses run into the lockout', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expect((await guess('acme02', '10.1.0.1')).status).toBe(400)
    expect(await notices('acme02')).toEqual([])
    expect(await guess('acme02', '10.1.0.1')).toMatchObject({ status: 429 })
    expect(await notices('acme02')).toEqual([{ title_key: 'noticeSignInAttackTitle', params: { address: '10.1.0.1', minutes: 15 } }])
    // More refusals, from there and from a second address locked out too: still one notice.
    await guess('acme02', '10.1.0.1')
    for (let i = 0; i <= LOGIN_FAILURE_LIMIT; i++) await guess('acme02', '10.1.0.2')
    expect(await notices('acme02')).toHaveLength(1)
    // An hour on, a lockout tells again.
    now += 61 * 60_000
    vi.setSystemTime(now)
    for (let i = 0; i <= LOGIN_FAILURE_LIMIT; i++) await guess('acme02', '10.1.0.3')
    expect((await notices('acme02')).map((n) => n.params.address)).toEqual(['10.1.0.1', '10.1.0.3'])
    const shown = await h.call('/notice/list', { pageNumber: 1, pageSize: 5 }, { token: await h.tokenFor('acme02', 'Acme02@12345'), lang: 'en' })
    expect(shown.data.records[0]).toMatchObject({ kind: 'signInAttack', title: 'Failed sign-ins on your account', link: '/info/setting' })
    expect(shown.data.records[0].body).toContain('from 10.1.0.3 have been blocked for 15 minutes')
  })

  it('a name that is no account is refused alike and tells nobody', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) await guess('nobody-here', '10.2.0.1')
    expect(await guess('nobody-here', '10.2.0.1')).toMatchObject({ status: 429 })
    expect((await h.db.query(`select * from sign_in_alert where cus_id = 'nobody-here'`)).rows).toEqual([])
  })
})
