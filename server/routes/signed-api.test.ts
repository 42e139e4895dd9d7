import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_MESSAGES, serverMessage } from '../../src/domain/messages'
import { OPEN_API_PATHS, SIGNATURE_WINDOW_SECONDS } from '../../src/domain/signed-api'
import { RATE_RULES } from '../security/rate-limit'
import { appSecretOf, rotateAppSecret } from '../users/app-secret'
import { setup, type Harness } from '../test/harness'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../test/send-kit'
import { signatureHeaders, type SignOptions, type Signer } from '../test/signed-kit'

type Reply = { status: number; code: number; msg: string; data: any } // eslint-disable-line @typescript-eslint/no-explicit-any

describe('routes/signed-api', () => {
  describe('the signed API of customers\' systems (/api/open/v1)', () => {
    let h: Harness
    let acme02: Signer
    let price: number
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      acme02 = { account: 'acme02', secret: await appSecretOf(h.db, 'acme02') }
      price = Number((await h.db.query<{ p: number }>("select price::float8 as p from customer_product where cus_id = 'acme02' and prod_type = 0")).rows[0].p)
    })
    afterAll(() => h.close())

    async function signed(path: string, body: unknown, s: Signer = acme02, o: SignOptions & { lang?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      const res = await h.app.request(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': o.lang ?? 'en', ...signatureHeaders(s, path, text, o), ...o.headers },
        body: text,
      })
      return { status: res.status, ...((await res.json()) as Omit<Reply, 'status'>) }
    }
    const refusal = (status: number, key: keyof typeof SERVER_MESSAGES, lang: 'en' | 'zh-CN' = 'en', vars: Record<string, number> = {}) =>
      ({ status, code: status, data: null, msg: serverMessage(key, lang, vars) })

    it('answers the balance of the signing account', async () => {
      const res = await signed(OPEN_API_PATHS.balance, {})
      expect(res).toMatchObject({ status: 200, data: { cus_id: 'acme02', balance: await balanceOf(h.db, 'acme02') } })
    })

    it('sends same content through commitSend, debits as the console does, and the batch can be queried', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const content = '【艾克米】Your code is 1234' // ASCII, one message
      const res = await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content, mobiles: [...mobilesOf('139', 3), '12345', '13900000000'] })
      expect(res).toMatchObject({ status: 200, data: { numbers: 3, invalid: 1, duplicates: 1, messages: 3, timed: false, status: 500 } })
      expect(res.data.cost).toBeCloseTo(3 * price, 3)
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - res.data.cost, 3)

      // The console's own send of the same content to as many numbers costs the same.
      const token = await h.tokenFor('acme02', 'Acme02@12345')
      const consoleSend = await postForm(h.app, '/user/groupSend', token, sendForm({ content }, 'numbers', mobilesOf('139', 3, 100)))
      expect(consoleSend.data.cost).toBe(res.data.cost)

      const batch = await signed(OPEN_API_PATHS.batch, { batch_id: res.data.batch_id })
      expect(batch).toMatchObject({ status: 200, data: { batch_id: res.data.batch_id, timed: false, batch_type: 1, content, numbers: 3, sent: 3, unknown: 3 } })
      expect(await countOf(h.db, 'select count(*)::int as n from mt_record where batch_id = $1', [res.data.batch_id])).toBe(3)
    })

    it('gives each recipient an answer page for {interact}, as the console\'s send does, never the literal marker', async () => {
      const res = await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】Reply here {interact}', mobiles: mobilesOf('136', 2) })
      expect(res).toMatchObject({ status: 200, data: { numbers: 2 } })
      const stored = await h.db.query<{ content: string }>('select content from mt_record where batch_id = $1', [res.data.batch_id])
      expect(stored.rows).toHaveLength(2)
      for (const r of stored.rows) expect(r.content).toMatch(/^【艾克米】Reply here http:\/\/localhost\/sms-cloud\/i\/[\w-]{22}$/)
    })

    it('takes the numbers as one text too, separated as the console\'s lists are', async () => {
      const res = await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】Hi', mobiles: mobilesOf('137', 4).join(',\n') })
      expect(res).toMatchObject({ status: 200, data: { numbers: 4, invalid: 0 } })
    })

    it('sends point-to-point rows, each filled and billed by its own length, and refuses an overlong row by its number', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const rows = [['13900000101', 'Ann', 'x'.repeat(57)], ['13900000102', 'Bob', 'x'.repeat(58)], ['13900000103']]
      const res = await signed(OPEN_API_PATHS.p2p, { idempotency_key: randomUUID(), template: '【艾克米】Hi {p1}: {p2}', rows })
      expect(res).toMatchObject({ status: 200, data: { numbers: 3, messages: 4 } }) // with the signature 70 → 1, 71 → 2, "【艾克米】Hi : " → 1
      expect(await balanceOf(h.db, 'acme02')).toBeCloseTo(before - res.data.cost, 3)
      const stored = await h.db.query<{ content: string }>('select content from mt_record where batch_id = $1 order by mobile', [res.data.batch_id])
      expect(stored.rows.map((r) => r.content)).toEqual([`【艾克米】Hi Ann: ${'x'.repeat(57)}`, `【艾克米】Hi Bob: ${'x'.repeat(58)}`, '【艾克米】Hi : '])

      const long = await signed(OPEN_API_PATHS.p2p, { idempotency_key: randomUUID(), template: '【艾克米】{p1}{p1}', rows: [['13900000104', 'a'], ['13900000105', 'b'.repeat(300)]] })
      expect(long).toMatchObject({ status: 400, msg: serverMessage('messageTooLong', 'en', { row: 2, chars: 605, max: 500 }) })
      const tab = await signed(OPEN_API_PATHS.p2p, { idempotency_key: randomUUID(), template: '【艾克米】{p1}', rows: [['13900000106', 'a\tb']] })
      expect(tab).toMatchObject(refusal(400, 'badRequest'))
    })

    it('a retry with the same idempotency key (a new nonce) gets the first reply and is billed once', async () => {
      const body = { idempotency_key: randomUUID(), content: '【艾克米】Once only', mobiles: mobilesOf('136', 2) }
      const first = await signed(OPEN_API_PATHS.send, body)
      const after = await balanceOf(h.db, 'acme02')
      const again = await signed(OPEN_API_PATHS.send, body)
      expect(again).toMatchObject({ status: 200, data: first.data })
      expect(await balanceOf(h.db, 'acme02')).toBe(after)
    })

    it('refuses a tampered body, a wrong secret and an unknown account alike, in the caller\'s language, and stores nothing', async () => {
      const batches = await countOf(h.db, 'select count(*)::int as n from sms_batch')
      const body = { idempotency_key: randomUUID(), content: '【艾克米】Hi', mobiles: ['13900000200'] }
      const tampered = await signed(OPEN_API_PATHS.send, { ...body, mobiles: ['13900000201', '13900000202'] }, acme02, { signedBody: JSON.stringify(body) })
      expect(tampered).toMatchObject(refusal(401, 'apiSignatureInvalid'))
      expect(await signed(OPEN_API_PATHS.send, body, { ...acme02, secret: 'f'.repeat(64) }, { lang: 'zh-CN' })).toMatchObject(refusal(401, 'apiSignatureInvalid', 'zh-CN'))
      expect(await signed(OPEN_API_PATHS.balance, {}, { account: 'nobody', secret: acme02.secret })).toMatchObject(refusal(401, 'apiSignatureInvalid'))
      // Another account's secret does not sign for this one.
      expect(await signed(OPEN_API_PATHS.balance, {}, { account: 'acme02', secret: await appSecretOf(h.db, 'acme01') })).toMatchObject(refusal(401, 'apiSignatureInvalid'))
      expect(await countOf(h.db, 'select count(*)::int as n from sms_batch')).toBe(batches)
    })

    it('refuses a timestamp outside the window and names the server time', async () => {
      const old = Math.floor(Date.now() / 1000) - SIGNATURE_WINDOW_SECONDS - 60
      const res = await signed(OPEN_API_PATHS.balance, {}, acme02, { timestamp: old })
      expect(res).toMatchObject({ status: 401, data: null, msg: expect.stringMatching(/more than 5 minutes from the server time \(\d+\)/) })
      const ahead = await signed(OPEN_API_PATHS.balance, {}, acme02, { timestamp: old + 2 * (SIGNATURE_WINDOW_SECONDS + 60), lang: 'zh-CN' })
      expect(ahead).toMatchObject({ status: 401, msg: expect.stringMatching(/^请求时间戳与服务器时间相差超过 5 分钟/) })
    })

    it('refuses the same request sent again (a replayed nonce), even signed afresh', async () => {
      const nonce = `replay-${randomUUID()}`
      const timestamp = Math.floor(Date.now() / 1000)
      expect((await signed(OPEN_API_PATHS.balance, {}, acme02, { nonce, timestamp })).status).toBe(200)
      expect(await signed(OPEN_API_PATHS.balance, {}, acme02, { nonce, timestamp })).toMatchObject(refusal(401, 'apiNonceReplayed'))
      expect(await signed(OPEN_API_PATHS.balance, {}, acme02, { nonce, lang: 'zh-CN' })).toMatchObject(refusal(401, 'apiNonceReplayed', 'zh-CN'))
    })

    it('a rotated secret stops the old one at once; the new one signs', async () => {
      const acme01: Signer = { account: 'acme01', secret: await appSecretOf(h.db, 'acme01') }
      expect((await signed(OPEN_API_PATHS.balance, {}, acme01)).status).toBe(200)
      const fresh = await rotateAppSecret(h.db, 'acme01')
      expect(await signed(OPEN_API_PATHS.balance, {}, acme01)).toMatchObject(refusal(401, 'apiSignatureInvalid'))
      expect((await signed(OPEN_API_PATHS.balance, {}, { account: 'acme01', secret: fresh })).status).toBe(200)
    })

    it('answers another account\'s batch, immediate or timed, as one that does not exist', async () => {
      const theirs = (await h.db.query<{ batch_id: string }>("select batch_id from sms_batch where cus_id = 'globex' limit 1")).rows[0].batch_id
      expect(await signed(OPEN_API_PATHS.batch, { batch_id: theirs })).toMatchObject(refusal(404, 'notFound'))
      const timed = (await h.db.query<{ t: string }>("select time_batch as t from time_batch where cus_id <> 'acme02' limit 1")).rows[0].t
      expect(await signed(OPEN_API_PATHS.batch, { batch_id: timed })).toMatchObject(refusal(404, 'notFound'))
      const own = (await h.db.query<{ batch_id: string }>("select batch_id from sms_batch where cus_id = 'globex' limit 1")).rows[0].batch_id
      const globex: Signer = { account: 'globex', secret: await appSecretOf(h.db, 'globex') }
      expect((await signed(OPEN_API_PATHS.batch, { batch_id: own }, globex)).data.batch_id).toBe(own)
    })

    it('queries a timed send of its own by the id the send answered', async () => {
      const timing = new Date(Date.now() + 3_600_000).toISOString()
      const res = await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】Later', mobiles: mobilesOf('135', 2), timing_time: timing })
      expect(res).toMatchObject({ status: 200, data: { timed: true } })
      const batch = await signed(OPEN_API_PATHS.batch, { batch_id: res.data.batch_id })
      expect(batch).toMatchObject({ status: 200, data: { timed: true, numbers: 2, send_status: 0, timing_time: timing, content: '【艾克米】Later' } })
    })

    it('refuses a closed account with a right signature (403 accountClosed), and sends nothing', async () => {
      const umbrella: Signer = { account: 'umbrella', secret: await appSecretOf(h.db, 'umbrella') }
      const batches = await countOf(h.db, "select count(*)::int as n from sms_batch where cus_id = 'umbrella'")
      expect(await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】Hi', mobiles: ['13900000300'] }, umbrella)).toMatchObject(refusal(403, 'accountClosed'))
      expect(await signed(OPEN_API_PATHS.balance, {}, umbrella, { lang: 'zh-CN' })).toMatchObject(refusal(403, 'accountClosed', 'zh-CN'))
      expect(await countOf(h.db, "select count(*)::int as n from sms_batch where cus_id = 'umbrella'")).toBe(batches)
    })

    it('takes no session: a bearer token or the cookie alone is refused, and a page of another origin is refused', async () => {
      const token = await h.tokenFor('acme02', 'Acme02@12345')
      const sessions: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { cookie: `token=${token}`, 'sec-fetch-site': 'same-origin' }]
      for (const headers of sessions) {
        const res = await h.app.request(`/api${OPEN_API_PATHS.balance}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: '{}' })
        expect({ status: res.status, ...((await res.json()) as object) }).toMatchObject(refusal(401, 'apiSignatureMissing'))
      }
      const foreign = await signed(OPEN_API_PATHS.balance, {}, acme02, { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })
      expect(foreign).toMatchObject(refusal(403, 'crossSiteRefused'))
    })

    it('refuses a body the schema does not take, and more numbers than one call may carry', async () => {
      expect(await signed(OPEN_API_PATHS.send, '{"content":')).toMatchObject(refusal(400, 'badRequest'))
      expect(await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】' + 'x'.repeat(501), mobiles: ['13900000400'] })).toMatchObject(refusal(400, 'badRequest'))
      const many = Array.from({ length: 100_001 }, () => '1').join(',')
      expect(await signed(OPEN_API_PATHS.send, { idempotency_key: randomUUID(), content: '【艾克米】Hi', mobiles: many })).toMatchObject(refusal(400, 'apiTooManyNumbers', 'en', { max: 100_000 }))
    })
  })
})

describe('the signed API\'s per-account limit (real limits)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 50, rateLimitScale: 1 })
  })
  afterAll(() => h.close())

  it('is spent only by calls whose signature is right, so strangers cannot use up a customer\'s allowance', async () => {
    const call = async (secret: string) => {
      const headers = signatureHeaders({ account: 'acme02', secret }, OPEN_API_PATHS.balance, '{}')
      return (await h.app.request(`/api${OPEN_API_PATHS.balance}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: '{}' })).status
    }
    for (let i = 0; i < 20; i++) expect(await call('0'.repeat(64))).toBe(401)
    const secret = await appSecretOf(h.db, 'acme02')
    const statuses: number[] = []
    for (let i = 0; i < RATE_RULES.signedApiAccount.points + 1; i++) statuses.push(await call(secret))
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_RULES.signedApiAccount.points)
    expect(statuses.at(-1)).toBe(429)
  })
})
