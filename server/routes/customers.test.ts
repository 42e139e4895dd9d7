import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPEN_API_PATHS } from '../../src/domain/signed-api'
import { runDueBatches } from '../send/scheduler'
import { setup, type Harness } from '../test/harness'
import { postForm, sendForm } from '../test/send-kit'
import { signatureHeaders } from '../test/signed-kit'
import { appSecretOf } from '../users/app-secret'

const NEW_PASSWORD = 'Newco@12345'

describe('routes/customers', () => {
  let h: Harness
  const tokens: Record<string, string> = {}
  /** The sealed password fields of a form typed by `as`: a fresh nonce of that account, then the password sealed with it. */
  const sealed = async (as: string, password: string) => {
    const { data } = await h.call('/user/passwordNonce', {}, { token: tokens[as] })
    return { redomStr: data.redomStr as string, password: await h.seal(data.redomStr as string, password) }
  }
  const balance = async (cusId: string) =>
    (await h.db.query<{ b: string }>('select balance::text as b from customer where cus_id = $1', [cusId])).rows[0].b
  const records = async (cusId: string) =>
    (await h.db.query<{ t: number; money: string; pre: string; post: string; ent: boolean }>(
      `select recharge_type::int as t, recharge_money::text as money, pre_balance::text as pre, post_balance::text as post, is_enterprise as ent
       from recharge_record where cus_id = $1 order by id desc`, [cusId])).rows

  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
    for (const [u, p] of [['admin', 'Admin@12345'], ['acme', 'Acme@12345'], ['acme01', 'Acme01@12345'], ['globex', 'Globex@12345'], ['initech', 'Initech@12345']]) {
      tokens[u] = await h.tokenFor(u, p)
    }
  })
  afterAll(() => h.close())

  describe('customer administration', () => {
    it('is refused to everyone but administrators, every call', async () => {
      const paths = ['prodTypes', 'busCtys', 'customerAdd', 'closeCustomer', 'openCustomer', 'customerDetail', 'customerCharge', 'chargeDetail', 'list']
      for (const who of ['acme', 'acme01']) {
        for (const p of paths) {
          const res = await h.call(`/customer/${p}`, { cus_id: 'globex', amount: '1', recharge_type: 0 }, { token: tokens[who] })
          expect([p, who, res.status]).toEqual([p, who, 403])
        }
      }
      expect((await h.call('/customer/customerCharge', { cus_id: 'globex', amount: '1', recharge_type: 0 })).status).toBe(401)
      expect(await balance('globex')).toBe('23800.000')
    })

    it('lists the products and the countries with their platform prices', async () => {
      const prods = await h.call('/customer/prodTypes', {}, { token: tokens.admin })
      expect(prods.data.map((p: { prod_type: number }) => p.prod_type)).toEqual([0, 1, 2, 6, 7])
      const ctys = await h.call('/customer/busCtys', {}, { token: tokens.admin })
      expect(ctys.data.find((c: { iso: string }) => c.iso === 'GB')).toMatchObject({ calling_code: '44', price: '0.2900' })
    })

    it('creates a customer with its products and country prices, who can then sign in and sees its own price', async () => {
      const res = await h.call('/customer/customerAdd', {
        cus_id: 'newco', cus_name: 'New Co', pay_type: 0, more_type: 1, mobile: '13812345678',
        products: [{ prod_type: 0, price: '0.04' }, { prod_type: 1, price: '0.2' }], country_prices: [{ iso: 'GB', price: '0.21' }],
        ...(await sealed('admin', NEW_PASSWORD)),
      }, { token: tokens.admin, lang: 'en' })
      expect([res.status, res.msg]).toEqual([200, 'Customer newco created'])
      const detail = await h.call('/customer/customerDetail', { cus_id: 'newco' }, { token: tokens.admin })
      expect(detail.data).toMatchObject({
        cus_id: 'newco', user_type: 2, cus_status: 1, more_type: 1, balance: '0.000',
        products: [{ prod_type: 0, price: '0.0400', name: '国内短信', name_en: 'Domestic SMS' }, { prod_type: 1, price: '0.2000', name: '国际短信', name_en: 'International SMS' }],
        country_prices: [{ iso: 'GB', price: '0.2100' }],
      })
      tokens.newco = await h.tokenFor('newco', NEW_PASSWORD)
      const ctys = await h.call('/user/getBusCtyList', {}, { token: tokens.newco })
      const price = (iso: string) => ctys.data.find((c: { iso: string }) => c.iso === iso).price
      expect([price('GB'), price('JP')]).toEqual([0.21, 0.48])
    })

    it('refuses a taken account name, a weak initial password and a replayed sealed password', async () => {
      const base = { cus_name: 'X', products: [{ prod_type: 0, price: '0.05' }] }
      const taken = await h.call('/customer/customerAdd', { ...base, cus_id: 'acme01', ...(await sealed('admin', NEW_PASSWORD)) }, { token: tokens.admin })
      expect(taken.status).toBe(409)
      const weak = await h.call('/customer/customerAdd', { ...base, cus_id: 'weakco', ...(await sealed('admin', 'password1')) }, { token: tokens.admin })
      expect([weak.status, weak.msg]).toEqual([400, '初始密码至少 8 位，且须包含大写字母、小写字母、数字和特殊字符'])
      const fields = await sealed('admin', NEW_PASSWORD)
      expect((await h.call('/customer/customerAdd', { ...base, cus_id: 'once', ...fields }, { token: tokens.admin })).status).toBe(200)
      expect((await h.call('/customer/customerAdd', { ...base, cus_id: 'twice', ...fields }, { token: tokens.admin })).status).toBe(400)
      const unknown = await h.call('/customer/customerAdd', { ...base, cus_id: 'badprod', products: [{ prod_type: 9, price: '1' }], ...(await sealed('admin', NEW_PASSWORD)) }, { token: tokens.admin })
      expect(unknown.status).toBe(400)
      const { rows } = await h.db.query("select cus_id from customer where cus_id in ('weakco', 'twice', 'badprod')")
      expect(rows).toEqual([])
    })

    it('charges a customer: balance and a record with the balances before and after, in one step', async () => {
      const before = await balance('initech')
      const res = await h.call('/customer/customerCharge', { cus_id: 'initech', recharge_type: 0, amount: '100.125', remark: 'wire' }, { token: tokens.admin })
      expect(res.status).toBe(200)
      expect(res.data.balance).toBe('8750.875')
      // The words write the balance as every screen writes money.
      expect(res.msg).toBe('充值成功，initech 余额 8,750.875 元')
      expect(before).toBe('8650.750')
      expect((await records('initech'))[0]).toEqual({ t: 0, money: '100.125', pre: '8650.750', post: '8750.875', ent: false })
      const refund = await h.call('/customer/customerCharge', { cus_id: 'initech', recharge_type: 1, amount: '0.875' }, { token: tokens.admin })
      expect(refund.data.balance).toBe('8751.750')
      const detail = await h.call('/customer/chargeDetail', { cus_id: 'initech', pageSize: 2 }, { token: tokens.admin })
      expect(detail.data.records.map((r: { recharge_type: number; recharge_money: number }) => [r.recharge_type, r.recharge_money])).toEqual([[1, 0.875], [0, 100.125]])
    })

    it('takes a price adjustment below zero as a refusal that changes nothing, and refuses a negative recharge', async () => {
      const n = (await records('globex')).length
      const res = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 2, amount: '-23800.001' }, { token: tokens.admin })
      expect(res.status).toBe(409)
      const neg = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 0, amount: '-1' }, { token: tokens.admin })
      expect(neg.status).toBe(400)
      const tooFine = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 0, amount: '1.0001' }, { token: tokens.admin })
      expect(tooFine.status).toBe(400)
      expect([await balance('globex'), (await records('globex')).length]).toEqual(['23800.000', n])
      const down = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 2, amount: '-800' }, { token: tokens.admin })
      expect(down.data.balance).toBe('23000.000')
      expect((await records('globex'))[0]).toMatchObject({ t: 2, money: '800.000', pre: '23800.000', post: '23000.000' })
    })

    it('refuses with a 400 naming the amount a charge, adjustment or transfer the balance column cannot hold', async () => {
      const n = (await records('globex')).length
      const b0 = await balance('globex')
      // What still fits, in thousandths: the column holds 99999999999.999.
      const room = 99_999_999_999_999n - BigInt(b0.replace('.', ''))
      const yuan = (thousandths: bigint) => `${thousandths / 1000n}.${String(thousandths % 1000n).padStart(3, '0')}`
      const over = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 0, amount: '99999999999.999' }, { token: tokens.admin })
      expect([over.status, over.msg, over.data]).toEqual([400, '金额过大：到账后余额将超过上限 99999999999.999 元', { fields: { amount: 'balanceLimit' } }])
      const en = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 2, amount: yuan(room + 1n) }, { token: tokens.admin, lang: 'en' })
      expect([en.status, en.msg]).toEqual([400, 'Amount too large: the balance would pass its limit of 99999999999.999 yuan'])
      // Past the column itself: the shared schema refuses it before anything is read.
      for (const amount of ['100000000000', '99999999999.9999', '-100000000000']) {
        const res = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 2, amount }, { token: tokens.admin })
        expect([amount, res.status]).toEqual([amount, 400])
      }
      expect([await balance('globex'), (await records('globex')).length]).toEqual([b0, n])
      // Up to the limit exactly is a charge like any other.
      const full = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 0, amount: yuan(room) }, { token: tokens.admin })
      expect([full.status, full.data?.balance]).toEqual([200, '99999999999.999'])
      const back = await h.call('/customer/customerCharge', { cus_id: 'globex', recharge_type: 2, amount: `-${yuan(room)}` }, { token: tokens.admin })
      expect(back.data.balance).toBe(b0)
    })

    it('charges customers only: a sub-account or an administrator is not found', async () => {
      for (const cus_id of ['acme01', 'admin', 'nobody']) {
        expect((await h.call('/customer/customerCharge', { cus_id, recharge_type: 0, amount: '1' }, { token: tokens.admin })).status).toBe(404)
      }
    })

    it('closing a customer ends its sessions at once and refuses its sign-in; opening lets it back in', async () => {
      const token = await h.tokenFor('initech', 'Initech@12345')
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(200)
      const closed = await h.call('/customer/closeCustomer', { cus_id: 'initech' }, { token: tokens.admin })
      expect(closed.status).toBe(200)
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(401)
      expect((await h.call('/user/getUserInfo', {}, { token: tokens.initech })).status).toBe(401)
      const { rows } = await h.db.query("select count(*)::int as n from session_token t join customer c on c.id = t.customer_id where c.cus_id = 'initech' and t.revoked_at is null")
      expect(rows[0]).toEqual({ n: 0 })
      expect((await h.login('initech', 'Initech@12345')).status).toBe(400)
      expect((await h.call('/customer/closeCustomer', { cus_id: 'initech' }, { token: tokens.admin })).status).toBe(409)
      // Nor does it send: not through an administrator, not by a due timed batch (which waits until it is opened).
      const sent = await postForm(h.app, '/user/groupSend', tokens.admin, sendForm({ cus_id: 'initech', content: 'closed' }, 'numbers', '13800138000'))
      expect([sent.status, sent.msg]).toEqual([403, 'This account is closed'])
      await h.db.query(
        `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
         values ('TCLOSED', 'initech', 0, 0, 0, 'due', 1, now() - interval '1 minute', now() - interval '1 hour')`)
      await h.db.query(
        `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
         values ('TCLOSED', 'initech', '13700000001', 'due', 0, now() - interval '1 minute', now())`)
      expect(await runDueBatches(h.db)).not.toContain('TCLOSED')
      expect((await h.call('/customer/openCustomer', { cus_id: 'initech' }, { token: tokens.admin })).status).toBe(200)
      expect((await h.login('initech', 'Initech@12345')).status).toBe(200)
      expect(await runDueBatches(h.db)).toContain('TCLOSED')
      tokens.initech = await h.tokenFor('initech', 'Initech@12345')
    })
  })

  describe('sub-accounts', () => {
    it('an enterprise with sub-accounts creates one with its own products and prices; others may not', async () => {
      const res = await h.call('/subAccount/add', { cus_id: 'acme09', cus_name: 'Acme lab', ...(await sealed('acme', NEW_PASSWORD)) }, { token: tokens.acme })
      expect(res.status).toBe(200)
      const detail = await h.call('/subAccount/detail', { cus_id: 'acme09' }, { token: tokens.acme })
      expect(detail.data).toMatchObject({ parent_id: 'acme', user_type: 3, balance: '0.000' })
      expect(detail.data.products.map((p: { prod_type: number }) => p.prod_type)).toEqual([0, 1, 2, 7])
      // A sub-account, an enterprise without sub-accounts (moreType 0) and an administrator cannot.
      for (const who of ['acme01', 'initech', 'admin']) {
        const r = await h.call('/subAccount/add', { cus_id: `x${who}`, cus_name: 'X', ...(await sealed(who, NEW_PASSWORD)) }, { token: tokens[who] })
        expect([who, r.status]).toEqual([who, 403])
      }
    })

    it("acts only on the caller's own sub-accounts", async () => {
      for (const p of ['charge', 'close', 'open', 'detail']) {
        const other = await h.call(`/subAccount/${p}`, { cus_id: 'globex01', amount: '1' }, { token: tokens.acme })
        expect([p, other.status]).toEqual([p, 404])
        const self = await h.call(`/subAccount/${p}`, { cus_id: 'acme', amount: '1' }, { token: tokens.acme })
        expect([p, self.status]).toEqual([p, 404])
        const sub = await h.call(`/subAccount/${p}`, { cus_id: 'acme02', amount: '1' }, { token: tokens.acme01 })
        expect([p, sub.status]).toEqual([p, 403])
      }
      expect([await balance('globex01'), await balance('globex')]).toEqual(['3200.000', '23000.000'])
    })

    it("charges a sub-account from the parent's balance: both balances and both records", async () => {
      const [p0, s0] = [await balance('acme'), await balance('acme02')]
      const res = await h.call('/subAccount/charge', { cus_id: 'acme02', amount: '250.25' }, { token: tokens.acme, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.data).toEqual({ balance: '1500.750', parent_balance: '49749.750' })
      expect([p0, s0]).toEqual(['50000.000', '1250.500'])
      expect((await records('acme'))[0]).toMatchObject({ t: 3, money: '250.250', pre: '50000.000', post: '49749.750', ent: false })
      expect((await records('acme02'))[0]).toMatchObject({ t: 0, money: '250.250', pre: '1250.500', post: '1500.750', ent: true })
      const tooMuch = await h.call('/subAccount/charge', { cus_id: 'acme02', amount: '49749.751' }, { token: tokens.acme })
      expect(tooMuch.status).toBe(409)
      expect([await balance('acme'), await balance('acme02')]).toEqual(['49749.750', '1500.750'])
      // A sub-account whose balance cannot take the amount: refused whole, the parent keeps its money.
      await h.db.query("update customer set balance = 99999999999 where cus_id = 'acme02'")
      const overflow = await h.call('/subAccount/charge', { cus_id: 'acme02', amount: '1' }, { token: tokens.acme })
      expect([overflow.status, overflow.data]).toEqual([400, { fields: { amount: 'balanceLimit' } }])
      expect([await balance('acme'), await balance('acme02')]).toEqual(['49749.750', '99999999999.000'])
      await h.db.query("update customer set balance = 1500.750 where cus_id = 'acme02'")
    })

    it('twenty transfers at once never take the parent below zero, and the totals add up', async () => {
      await h.db.query("update customer set balance = 100 where cus_id = 'acme'")
      const [s1, s2] = [await balance('acme01'), await balance('acme02')]
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => h.call('/subAccount/charge', { cus_id: i % 2 ? 'acme01' : 'acme02', amount: '7.5' }, { token: tokens.acme })),
      )
      const okCount = results.filter((r) => r.status === 200).length
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true)
      // 100 / 7.5: thirteen fit, the rest are refused whatever the order.
      expect(okCount).toBe(13)
      const [p, a, b] = [Number(await balance('acme')), Number(await balance('acme01')), Number(await balance('acme02'))]
      expect(p).toBeCloseTo(100 - 13 * 7.5, 3)
      expect(p + a + b).toBeCloseTo(100 + Number(s1) + Number(s2), 3)
      const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from recharge_record where cus_id = 'acme' and recharge_type = 3 and pre_balance <= 100 and create_time > now() - interval '1 minute'")
      expect(rows[0].n).toBe(13)
    })

    it('closing a sub-account ends its sessions, refuses transfers to it, and opening restores it', async () => {
      const token = await h.tokenFor('acme01', 'Acme01@12345')
      expect((await h.call('/subAccount/close', { cus_id: 'acme01' }, { token: tokens.acme })).status).toBe(200)
      expect((await h.call('/user/getUserInfo', {}, { token })).status).toBe(401)
      expect((await h.login('acme01', 'Acme01@12345')).status).toBe(400)
      expect((await h.call('/subAccount/charge', { cus_id: 'acme01', amount: '1' }, { token: tokens.acme })).status).toBe(409)
      expect((await h.call('/subAccount/close', { cus_id: 'acme01' }, { token: tokens.acme })).status).toBe(409)
      expect((await h.call('/subAccount/open', { cus_id: 'acme01' }, { token: tokens.acme })).status).toBe(200)
      expect((await h.login('acme01', 'Acme01@12345')).status).toBe(200)
    })

    it("closing a customer stops its sub-accounts: sign-in, sessions, signed calls and timed batches; opening restores them", async () => {
      const path = OPEN_API_PATHS.balance
      const signedBalance = async (lang = 'zh-CN') => {
        const secret = await appSecretOf(h.db, 'initech01')
        const res = await h.app.request(`/api${path}`, {
          method: 'POST', body: '{}',
          headers: { 'content-type': 'application/json', 'accept-language': lang, ...signatureHeaders({ account: 'initech01', secret }, path, '{}') },
        })
        return [res.status, ((await res.json()) as { msg: string }).msg]
      }
      const session = await h.tokenFor('initech01', 'Initech01@12345')
      // Seen once by a list, so the next list request checks the session inside its own statement.
      expect((await h.call('/mtRecord/list', {}, { token: session })).status).toBe(200)
      expect(await signedBalance()).toEqual([200, '操作成功'])
      await h.db.query(
        `insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time)
         values ('TSUBCLOSED', 'initech01', 0, 0, 0, 'due', 1, now() - interval '1 minute', now() - interval '1 hour')`)
      await h.db.query(
        `insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
         values ('TSUBCLOSED', 'initech01', '13700000002', 'due', 0, now() - interval '1 minute', now())`)
      const before = await balance('initech01')

      expect((await h.call('/customer/closeCustomer', { cus_id: 'initech' }, { token: tokens.admin })).status).toBe(200)
      expect((await h.call('/mtRecord/list', {}, { token: session })).status).toBe(401)
      // The sign-in page is told why: the account (its enterprise) is closed.
      expect((await h.call('/user/getUserInfo', {}, { token: session, lang: 'en' })).msg).toBe('Your account has been closed; its sessions have ended')
      const login = await h.login('initech01', 'Initech01@12345')
      expect([login.status, login.msg]).toEqual([400, '账号已停用'])
      expect(await signedBalance('en')).toEqual([403, 'This account is closed'])
      expect(await runDueBatches(h.db)).not.toContain('TSUBCLOSED')
      const sent = await postForm(h.app, '/user/groupSend', tokens.admin, sendForm({ cus_id: 'initech01', content: 'closed' }, 'numbers', '13800138000'))
      expect(sent.status).toBe(403)
      // Waiting is not billed: the batch is billed when it goes out.
      expect(await balance('initech01')).toBe(before)
      // The sub-account's own status is untouched: it is the customer's that stops it.
      const own = await h.db.query("select cus_status::int as s from customer where cus_id = 'initech01'")
      expect(own.rows[0]).toEqual({ s: 1 })

      expect((await h.call('/customer/openCustomer', { cus_id: 'initech' }, { token: tokens.admin })).status).toBe(200)
      expect((await h.login('initech01', 'Initech01@12345')).status).toBe(200)
      expect(await signedBalance()).toEqual([200, '操作成功'])
      expect(await runDueBatches(h.db)).toContain('TSUBCLOSED')
    })

    it("a sub-account's session stops the moment its customer reads as closed, however it was closed", async () => {
      const session = await h.tokenFor('globex01', 'Globex01@12345')
      expect((await h.call('/mtRecord/list', {}, { token: session })).status).toBe(200)
      // Closed behind the API's back (no session revoked): the account's status as every check reads it still stops it.
      await h.db.query("update customer set cus_status = 0 where cus_id = 'globex'")
      try {
        expect((await h.call('/mtRecord/list', {}, { token: session })).status).toBe(401)
        expect((await h.call('/user/getUserInfo', {}, { token: session })).status).toBe(401)
      } finally {
        await h.db.query("update customer set cus_status = 1 where cus_id = 'globex'")
      }
      expect((await h.call('/user/getUserInfo', {}, { token: session })).status).toBe(200)
    })

    it("lets an administrator manage any sub-account, moving money from that sub-account's parent", async () => {
      const [p0, s0] = [Number(await balance('globex')), Number(await balance('globex01'))]
      const res = await h.call('/subAccount/charge', { cus_id: 'globex01', amount: '10' }, { token: tokens.admin })
      expect(res.status).toBe(200)
      expect([Number(await balance('globex')), Number(await balance('globex01'))]).toEqual([p0 - 10, s0 + 10])
      expect((await h.call('/subAccount/detail', { cus_id: 'globex01' }, { token: tokens.admin })).data.parent_id).toBe('globex')
    })
  })
})
