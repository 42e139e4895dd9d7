import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../seed'
import { setup, type Harness } from '../test/harness'

/**
 * The tenant-isolation matrix of the account writes: every sub-account and customer call, by each demo
 * caller, on accounts of its own family and of others. A caller acts on a sub-account only when it is the
 * administrator or the sub-account's parent (with moreType 1–4); a sub-account is refused outright (403); anyone
 * else finds nothing (404) and changes nothing. Customer calls are the administrator's alone.
 */
const CALLERS = ['admin', 'acme', 'acme01', 'globex', 'initech'] as const
const TARGETS = ['acme01', 'globex01', 'initech01', 'acme', 'admin'] as const
type Caller = (typeof CALLERS)[number]
type Target = (typeof TARGETS)[number]

const parentOf = (t: Target) => DEMO_ACCOUNTS.find((a) => a.cusId === t)?.parent
/** moreType of the demo enterprises: acme 1, globex 2, initech 0 (no sub-account actions). */
function expected(caller: Caller, target: Target): number {
  if (caller === 'acme01' || caller === 'initech') return 403
  const sub = parentOf(target)
  if (!sub) return 404
  return caller === 'admin' || caller === sub ? 200 : 404
}

const CALLS: [path: string, body: (t: Target) => Record<string, unknown>][] = [
  ['/subAccount/detail', (t) => ({ cus_id: t })],
  ['/subAccount/charge', (t) => ({ cus_id: t, amount: '0.001' })],
  ['/subAccount/close', (t) => ({ cus_id: t })],
  ['/subAccount/open', (t) => ({ cus_id: t })],
]

describe('customers/isolation', () => {
  let h: Harness
  // Closing a sub-account ends its sessions, so each case signs in afresh rather than sharing tokens.
  const tokenOf = (u: Caller) => h.tokenFor(u, DEMO_ACCOUNTS.find((a) => a.cusId === u)!.password)
  const state = async () =>
    (await h.db.query('select cus_id, cus_status::int as s, balance::text as b, storage_quota::text as q from customer order by cus_id')).rows

  beforeAll(async () => {
    h = await setup({ historyRows: 100 })
  })
  afterAll(() => h.close())

  const cases = CALLERS.flatMap((c) => TARGETS.map((t) => [`${c} on ${t}`, c, t] as const))
  it.each(cases)('sub-account calls: %s', async (_n, caller, target) => {
    const want = expected(caller, target)
    const before = want === 200 ? null : await state()
    const token = await tokenOf(caller)
    for (const [path, body] of CALLS) {
      const res = await h.call(path, body(target), { token })
      expect([path, res.status]).toEqual([path, want])
    }
    if (before) expect(await state()).toEqual(before)
  })

  // A closed customer's sub-account, signed in before the closing: every account call, its own reads included, is a
  // lost session (401), and nothing changes.
  it.each(['globex01', 'initech01'] as const)('a sub-account of a closed customer (%s) is signed out of every call', async (sub) => {
    const parent = parentOf(sub)!
    const token = await h.tokenFor(sub, DEMO_ACCOUNTS.find((a) => a.cusId === sub)!.password)
    const admin = await tokenOf('admin')
    expect((await h.call('/customer/closeCustomer', { cus_id: parent }, { token: admin })).status).toBe(200)
    const before = await state()
    try {
      for (const [path, body] of [...CALLS, ['/user/getUserInfo', () => ({})], ['/user/getList', () => ({ prodType: 0 })], ['/customer/customerCharge', () => ({ cus_id: parent, recharge_type: 0, amount: '1' })]] as const) {
        const res = await h.call(path, body(sub), { token })
        expect([path, res.status]).toEqual([path, 401])
      }
      expect(await state()).toEqual(before)
    } finally {
      expect((await h.call('/customer/openCustomer', { cus_id: parent }, { token: admin })).status).toBe(200)
    }
  })

  // The suppression lists: an enterprise's calls reach its own list only. Another enterprise's entry is not on the
  // caller's list (404), a sub-account takes nothing off (403), and another's import cannot be committed.
  const ENTERPRISES = ['acme', 'globex', 'initech'] as const
  const enterpriseOf = (c: Caller) => (c === 'acme01' ? 'acme' : c)
  const optOuts = async () => (await h.db.query('select ent_id, mobile, removed_at, source from opt_out order by ent_id, mobile')).rows
  const optCases = CALLERS.flatMap((c) => ENTERPRISES.filter((e) => e !== enterpriseOf(c)).map((e) => [`${c} on ${e}'s list`, c, e] as const))
  it.each(optCases)('opt-out calls: %s', async (_n, caller, ent) => {
    // A number of the target's list alone.
    const mobile = `1379999000${ENTERPRISES.indexOf(ent)}`
    await h.db.query('insert into opt_out (ent_id, mobile, source) values ($1, $2, 2) on conflict do nothing', [ent, mobile])
    const { rows } = await h.db.query<{ upload_id: number }>(
      "insert into opt_out_import (ent_id, cus_id, rows, row_count, in_file) values ($1, $1, '13799991111', 1, 0) returning upload_id", [ent])
    const before = await optOuts()
    const token = await tokenOf(caller)
    const removed = await h.call('/optOut/remove', { mobiles: [mobile], reason: 'x' }, { token })
    expect(removed.status).toBe(caller === 'acme01' ? 403 : 404)
    expect((await h.call('/optOut/importCommit', { upload_id: rows[0].upload_id }, { token })).status).toBe(404)
    const list = await h.call('/optOut/list', { mobile, cus_id: ent }, { token })
    expect(list.data.records.map((r: { ent_id: string }) => r.ent_id)).toEqual(caller === 'admin' ? [ent] : [])
    expect(await optOuts()).toEqual(before)
  })

  it.each(CALLERS.filter((c) => c !== 'admin'))('customer calls are refused to %s and change nothing', async (caller) => {
    const before = await state()
    const token = await tokenOf(caller)
    for (const path of ['customerDetail', 'customerCharge', 'closeCustomer', 'openCustomer', 'chargeDetail', 'customerAdd', 'prodTypes', 'busCtys', 'customerQuota']) {
      const res = await h.call(`/customer/${path}`, { cus_id: 'globex', recharge_type: 0, amount: '1', storage_quota: '1048576' }, { token })
      expect([path, res.status]).toEqual([path, 403])
    }
    expect(await state()).toEqual(before)
  })
})
