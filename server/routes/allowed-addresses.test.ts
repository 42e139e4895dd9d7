import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressInRanges } from '../../src/domain/allowed-addresses'
import { API_PREFIX } from '../../src/domain/api'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import { signatureHeaders } from '../test/signed-kit'
import { appSecretOf } from '../users/app-secret'
import { CAPTCHA, setup, type Harness } from '../test/harness'

/*
 * Allowed sign-in addresses: an enterprise's list holds for itself and its sub-accounts, the administrators' for
 * administrators, at the password, SMS-code and two-factor steps and for the signed API; a list that leaves out the
 * address it is saved from is refused. Each caller is an X-Forwarded-For address (the app trusts its proxy).
 */
describe('routes/allowed-addresses', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 0, config: { trustProxy: true } })
  })
  afterAll(() => h.close())
  const from = (address: string) => ({ 'x-forwarded-for': address })
  const set = async (token: string, ranges: string[], address: string) =>
    h.call('/user/allowedAddresses/set', { ranges }, { token, lang: 'en', headers: from(address) })

  it('matches addresses and ranges of both families, IPv4-mapped ones as IPv4', () => {
    expect(addressInRanges('203.0.113.7', ['203.0.113.0/24'])).toBe(true)
    expect(addressInRanges('::ffff:203.0.113.7', ['203.0.113.7'])).toBe(true)
    expect(addressInRanges('203.0.114.1', ['203.0.113.0/24', '2001:db8::/32'])).toBe(false)
    expect(addressInRanges('2001:db8:1::5', ['203.0.113.0/24', '2001:db8::/32'])).toBe(true)
    expect(addressInRanges('anything', [])).toBe(true)
  })

  it("an enterprise's list holds for itself and its sub-accounts, after the password is right, in the console and the signed API", async () => {
    const token = await h.tokenFor('globex', 'Globex@12345')
    // Typing slips are refused on the field: a bad range, a repeat, and a list without the address saving it.
    expect(await set(token, ['10.0.0.0/33'], '10.5.0.1')).toMatchObject({ status: 400, data: { fields: { ranges: expect.any(String) } } })
    expect(await set(token, ['10.5.0.0/16', '10.5.0.0/16'], '10.5.0.1')).toMatchObject({ status: 400 })
    expect(await set(token, ['10.6.0.0/16'], '10.5.0.1'))
      .toMatchObject({ status: 400, msg: 'The list must include your address 10.5.0.1, or you could not sign in again', data: { fields: { ranges: 'rangesExcludeYou' } } })
    expect(await set(token, ['10.5.0.0/16', '2001:db8::/32'], '10.5.0.1')).toMatchObject({ status: 200, msg: 'Allowed sign-in addresses saved' })

    const login = (who: string, password: string, address: string) => h.login(who, password, CAPTCHA, from(address))
    expect((await login('globex01', 'Globex01@12345', '10.5.9.9')).data.token).toEqual(expect.any(String))
    const outside = await login('globex01', 'Globex01@12345', '192.0.2.1')
    expect(outside).toMatchObject({ status: 403, type: 1, msg: '当前网络地址 192.0.2.1 不在此账号允许的登录地址内' })
    // A wrong password from outside is answered as any wrong password: the list tells a stranger nothing.
    expect(await login('globex', 'Wrong@12345', '192.0.2.2')).toMatchObject({ status: 400, msg: '账号或密码错误' })
    // Other enterprises are not held by it.
    expect((await login('initech', 'Initech@12345', '192.0.2.3')).data.token).toEqual(expect.any(String))

    const signed = async (address: string) => {
      const raw = '{}'
      const headers = { 'content-type': 'application/json', ...from(address), ...signatureHeaders({ account: 'globex', secret: await appSecretOf(h.db, 'globex') }, OPEN_API_PATHS.balance, raw) }
      const res = await h.app.request(`${API_PREFIX}${OPEN_API_PATHS.balance}`, { method: 'POST', body: raw, headers })
      return { status: res.status }
    }
    expect((await signed('10.5.1.1')).status).toBe(200)
    expect(await signed('192.0.2.4')).toMatchObject({ status: 403 })

    // A sub-account reads the list it is held by, and cannot change it.
    const sub = (await login('globex01', 'Globex01@12345', '10.5.0.2')).data.token as string
    expect((await h.call('/user/allowedAddresses/get', {}, { token: sub, headers: from('10.5.0.2') })).data)
      .toEqual({ ranges: ['10.5.0.0/16', '2001:db8::/32'], your_address: '10.5.0.2', editable: false })
    expect((await set(sub, [], '10.5.0.2')).status).toBe(403)
    // An empty list allows every address again.
    expect((await set(token, [], '10.5.0.1')).status).toBe(200)
    expect((await login('globex01', 'Globex01@12345', '192.0.2.1')).data.token).toEqual(expect.any(String))
  })

  it("the administrators' list holds for administrators only", async () => {
    const admin = await h.tokenFor('admin', 'Admin@12345')
    expect((await set(admin, ['10.7.0.1'], '10.7.0.1')).status).toBe(200)
    expect(await h.login('admin', 'Admin@12345', CAPTCHA, from('10.8.0.1'))).toMatchObject({ status: 403 })
    expect((await h.login('acme', 'Acme@12345', CAPTCHA, from('10.8.0.1'))).data.token).toEqual(expect.any(String))
    expect((await set(admin, [], '10.7.0.1')).status).toBe(200)
  })
})
