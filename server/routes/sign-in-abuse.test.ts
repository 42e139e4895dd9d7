import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, SMS_CODE_MAX_TRIES } from '../../src/domain/constants'
import { createApp } from '../app'
import { RATE_RULES } from '../security/rate-limit'
import { CAPTCHA, setup, type Harness } from '../test/harness'

// The very class the server decrypts with (CommonJS modules are shared): a sign-in reaches it only past every guess
// budget, right before the password hash, so its calls count the passwords checked.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as { prototype: { decrypt: (s: string) => unknown } }

interface Answer {
  status: number
  msg: string
  type?: number
  data: { redomStr?: string } | null
}

const codeIn = (text: string | undefined) => text?.match(/\d{6}/)?.[0] ?? ''

/** Runs `work(i)` for i < n, at most `width` at a time. */
async function inParallel<T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = []
  let next = 0
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) {
      const i = next++
      out[i] = await work(i)
    }
  }))
  return out
}

/* The anonymous sign-in calls under attack from many client addresses: each address is an X-Forwarded-For value
 * (the app trusts its proxy), all of them in 127.0.0.0/8. */
describe('routes/sign-in abuse', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ config: { trustProxy: true } })
  })
  afterAll(() => h.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Pins Date (what the limits read) and moves it on by `ms`; the database keeps its own clock. */
  let pinned = 0
  const advance = (ms: number) => {
    if (!pinned) {
      vi.useFakeTimers({ toFake: ['Date'] })
      pinned = Date.now()
    }
    vi.setSystemTime((pinned += ms))
  }
  afterEach(() => {
    pinned = 0
  })

  /** A second app over the harness' database with the real limits (or scaled ones); each call from the address given. */
  function client(rateLimitScale = 1) {
    const app = createApp({ db: h.db, carrier: h.carrier, config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist', rateLimitScale, trustProxy: true } })
    const call = async (path: string, body: object, ip: string, lang = 'zh-CN'): Promise<Answer> => {
      const res = await app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'accept-language': lang },
        body: JSON.stringify(body),
      })
      return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) }
    }
    const captcha = async (ip: string) => {
      const res = await call('/code/captcha', {}, ip)
      if (res.status !== 200) throw new Error(`captcha for ${ip}: ${res.msg}`)
      return res.data?.redomStr as string
    }
    /** A sign-in body with a captcha drawn for `ip`, to send later or together with others. */
    const loginBody = async (username: string, password: string, ip: string) => {
      const redomStr = await captcha(ip)
      return { username, password: await h.seal(redomStr, password), code: CAPTCHA, redomStr }
    }
    return {
      call,
      captcha,
      loginBody,
      login: async (username: string, password: string, ip: string, lang?: string) => call('/user/login', await loginBody(username, password, ip), ip, lang),
      sendLoginCode: async (userId: string, ip: string, uuid = h.redom()) =>
        call('/user/sendLoginAuthCode', { userId, phone: '', uuid, captcha: CAPTCHA, redomStr: await captcha(ip) }, ip),
      sendRegisterCode: async (phone: string, ip: string) =>
        call('/user/sendAuthCode', { epId: 'pumped', phone, uuid: h.redom(), captcha: CAPTCHA, redomStr: await captcha(ip) }, ip),
    }
  }

  async function countingDecryptions<T>(run: () => Promise<T>): Promise<{ result: T; decrypted: number }> {
    const decrypt = vi.spyOn(JSEncrypt.prototype, 'decrypt')
    try {
      const result = await run()
      return { result, decrypted: decrypt.mock.calls.length }
    } finally {
      decrypt.mockRestore()
    }
  }

  describe('password guesses', () => {
    it(`checks only ${LOGIN_FAILURE_LIMIT} of twenty wrong passwords sent at once from one address, refusing the rest unchecked`, async () => {
      const c = client(1000)
      const ip = '127.4.0.1'
      const bodies: object[] = []
      for (let i = 0; i < 20; i++) bodies.push(await c.loginBody('initech01', `Wrong@${i}`, ip))
      const { result: answers, decrypted } = await countingDecryptions(() => Promise.all(bodies.map((b) => c.call('/user/login', b, ip, 'en'))))
      const checked = answers.filter((a) => a.msg === 'Wrong account or password').length
      expect({ checked, decrypted }).toEqual({ checked: LOGIN_FAILURE_LIMIT, decrypted: LOGIN_FAILURE_LIMIT })
      const refused = answers.filter((a) => a.status === 429)
      expect(refused).toHaveLength(20 - LOGIN_FAILURE_LIMIT)
      for (const r of refused) expect(r).toMatchObject({ type: 1, msg: 'Too many failed sign-ins, try again in 15 minutes' })
      // Even the right password waits out the window at that address; another address is not touched.
      expect(await c.login('initech01', 'Initech01@12345', ip, 'en')).toMatchObject({ status: 429, msg: 'Too many failed sign-ins, try again in 15 minutes' })
      expect((await c.login('initech01', 'Initech01@12345', '127.4.0.2')).status).toBe(200)
      advance(15 * 60_000 + 1_000)
      expect((await c.login('initech01', 'Initech01@12345', ip)).status).toBe(200)
    })

    it('refuses 30 addresses × 5 guesses at one account past its budget before hashing, while the owner signs in from a known address at once', async () => {
      const c = client(1)
      const home = '127.5.0.200'
      expect((await c.login('globex', 'Globex@12345', home)).status).toBe(200)
      const { result: answers, decrypted } = await countingDecryptions(async () =>
        (await Promise.all(Array.from({ length: 30 }, async (_, a) => {
          const mine = []
          for (let g = 0; g < 5; g++) mine.push(await c.login('globex', `Guess@${a}-${g}`, `127.5.1.${a + 1}`, 'en'))
          return mine
        }))).flat(),
      )
      const checked = answers.filter((a) => a.msg === 'Wrong account or password').length
      expect({ checked, decrypted }).toEqual({ checked: LOGIN_ACCOUNT_FAILURE_LIMIT, decrypted: LOGIN_ACCOUNT_FAILURE_LIMIT })
      for (const r of answers.filter((a) => a.status !== 400)) {
        expect(r).toMatchObject({ status: 429, type: 1, msg: expect.stringMatching(/^Too many failed sign-ins to this account; try again in \d+ minutes/) })
      }

      // The owner's known address has its own allowance and waits for nothing (no per-guess delay any more).
      const started = performance.now()
      expect((await c.login('globex', 'Globex@12345', home)).status).toBe(200)
      expect(performance.now() - started).toBeLessThan(4_000)
      // A new address is refused, even with the right password, until the window ends; the refusal names the wait.
      const stranger = await c.login('globex', 'Globex@12345', '127.5.2.1')
      expect(stranger).toMatchObject({ status: 429, type: 1, msg: expect.stringMatching(/^该账号近期登录失败次数过多，请 1?\d 分钟后再试/) })
      advance(15 * 60_000 + 1_000)
      expect((await c.login('globex', 'Globex@12345', '127.5.2.1')).status).toBe(200)
    }, 90_000)
  })

  describe('SMS codes', () => {
    it(`kills a sign-in code after ${SMS_CODE_MAX_TRIES} wrong tries in all, sequential, concurrent and from other addresses`, async () => {
      const c = client(1000)
      const uuid = h.redom()
      expect((await c.sendLoginCode('acme02', '127.6.0.1', uuid)).status).toBe(200)
      const code = codeIn(h.carrier.lastTo('13800138002')?.text)
      const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0')
      const guess = (given: string, ip: string, id = uuid) =>
        c.call('/user/loginBySmsCode', { username: 'acme02', uuid: id, code: given, redomStr: h.redom() }, ip, 'en')
      expect(await guess(wrong(1), '127.6.0.1')).toMatchObject({ status: 400, msg: 'Wrong SMS code' })
      expect(await guess(wrong(2), '127.6.0.1')).toMatchObject({ status: 400, msg: 'Wrong SMS code' })
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(wrong(3 + i), `127.6.1.${(i % 6) + 1}`)))
      expect(burst.map((a) => a.status)).toEqual(Array(12).fill(400))
      const right = await guess(code, '127.6.2.1')
      expect(right).toMatchObject({ status: 400, type: 1, msg: 'Too many wrong tries: this SMS code no longer works, ask for a new one' })
      const { rows } = await h.db.query<{ wrong_tries: number; used_at: Date | null }>('select wrong_tries, used_at from sms_code where uuid = $1', [uuid])
      expect(rows).toEqual([{ wrong_tries: SMS_CODE_MAX_TRIES, used_at: null }])
      // A new code does its job.
      const again = h.redom()
      expect((await c.sendLoginCode('acme02', '127.6.0.1', again)).status).toBe(200)
      expect((await guess(codeIn(h.carrier.lastTo('13800138002')?.text), '127.6.0.1', again)).status).toBe(200)
    })

    it('lets pumping codes to many number ranges from many addresses deny nobody a code: there is no server-wide cap to use up', async () => {
      // Every limit at a hundredth, so 250 addresses do what thousands would: the old server-wide cap was 200 here.
      const c = client(0.01)
      const answers = await inParallel(250, 10, (i) => c.sendRegisterCode(`1${5 + (i % 4)}${String(i).padStart(5, '0')}0000`, `127.7.${i}.1`))
      expect(answers.filter((a) => a.status !== 200)).toEqual([])
      const before = h.carrier.lastTo('13800138000')
      expect(await c.sendLoginCode('acme', '127.7.250.1')).toMatchObject({ status: 200, msg: '验证码已发送' })
      expect(h.carrier.lastTo('13800138000')).not.toBe(before)
      expect(codeIn(h.carrier.lastTo('13800138000')?.text)).toMatch(/^\d{6}$/)
      expect((await c.sendRegisterCode('13312340000', '127.7.251.1')).status).toBe(200)
    })

    it('caps the texts pumped into one number range, whatever the addresses, and says how long to wait', async () => {
      const c = client(1)
      const budget = RATE_RULES.smsCodePrefixDay.points
      const perAddress = RATE_RULES.smsCodeAddress.points
      const addresses = Math.ceil(budget / perAddress) + 1
      const answers = (await inParallel(addresses, 6, async (a) => {
        const mine = []
        for (let k = 0; k < perAddress; k++) mine.push(await c.sendRegisterCode(`1701234${String(a * perAddress + k).padStart(4, '0')}`, `127.9.${a}.1`))
        return mine
      })).flat()
      expect(answers.filter((a) => a.status === 200)).toHaveLength(budget)
      for (const r of answers.filter((a) => a.status !== 200)) {
        expect(r).toMatchObject({ status: 429, type: 1, msg: expect.stringMatching(/^获取验证码次数已达上限，请 \d+ 分钟后再试$/) })
      }
      expect((await c.sendRegisterCode('17012350000', '127.9.200.1')).status).toBe(200)
    })

    it("answers the owner after an attacker's ten code requests with a code, or a refusal that names the wait, never a silent 'sent'", async () => {
      const c = client(1)
      const phone = '13900139001'
      const home = '127.8.1.100'
      expect((await c.login('globex01', 'Globex01@12345', home)).status).toBe(200)
      for (let i = 0; i < 10; i++) {
        advance(61_000)
        await h.db.query(`update sms_code set created_at = created_at - interval '61 seconds'`)
        await c.sendLoginCode('globex01', '127.8.0.1')
      }
      advance(61_000)
      await h.db.query(`update sms_code set created_at = created_at - interval '61 seconds'`)
      const before = h.carrier.lastTo(phone)
      expect(await c.sendLoginCode('globex01', home)).toMatchObject({ status: 200, msg: '验证码已发送' })
      const sent = h.carrier.lastTo(phone)
      expect(sent).not.toBe(before)
      // From an address the account does not know, the budget strangers share is spent: a refusal says so.
      const elsewhere = await c.sendLoginCode('globex01', '127.8.2.1')
      expect(elsewhere).toMatchObject({ status: 429, type: 1, msg: expect.stringMatching(/^获取验证码次数已达上限，请 \d+ 分钟后再试$/) })
      expect(h.carrier.lastTo(phone)).toBe(sent)
    })
  })

  describe('captchas', () => {
    it("keeps a visitor's captcha through a flood of images from other addresses", async () => {
      const c = client(1)
      const visitor = '127.10.0.1'
      const body = await c.loginBody('acme01', 'Acme01@12345', visitor)
      // Then the table fills with 9,000 live captchas drawn after the visitor's (made directly: 9,000 requests would
      // take a minute), and 50 addresses draw 30 images each, all they may in a minute, as the 340 of a real flood did.
      await h.db.query(
        `insert into captcha (redom_str, code, expires_at) select 'other' || i, 'abcd', now() + interval '180 seconds' from generate_series(1, 9000) i`,
      )
      const flood = Array.from({ length: 50 }, (_, a) => `127.11.0.${a + 1}`)
      await inParallel(flood.length, 8, async (a) => {
        for (let k = 0; k < 30; k++) await c.captcha(flood[a])
      })
      expect((await c.call('/user/login', body, visitor)).status).toBe(200)
      await h.db.query(`delete from captcha where redom_str like 'other%'`)
    })
  })
})
