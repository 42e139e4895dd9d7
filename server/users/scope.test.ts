import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../test/harness'
import { scopeFor } from './scope'

describe('users/scope', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 500 })
    // One record per account, so the assertions do not hang on how the random history happened to fall.
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time)
       select cus_id, 0, '13800000000', 'probe', 0, 0, now() from customer`,
    )
  })
  afterAll(() => h.close())

  /** Distinct accounts whose sent records the user's scope lets through. */
  async function visible(user: { userType: number; cusId: string }) {
    const scope = scopeFor(user)
    const { rows } = await h.db.query<{ cus_id: string }>(
      `select distinct cus_id from mt_record where ${scope.sql} order by cus_id`,
      scope.params,
    )
    return rows.map((r) => r.cus_id)
  }

  describe('scopeFor', () => {
    it('lets the administrator see every account', async () => {
      const all = await h.db.query<{ cus_id: string }>('select cus_id from customer order by cus_id')
      expect(await visible({ userType: 1, cusId: 'admin' })).toEqual(all.rows.map((r) => r.cus_id))
    })

    it('lets a customer see itself and its sub-accounts only', async () => {
      expect(await visible({ userType: 2, cusId: 'acme' })).toEqual(['acme', 'acme01', 'acme02'])
    })

    it('lets a sub-account see only its own rows', async () => {
      expect(await visible({ userType: 3, cusId: 'acme01' })).toEqual(['acme01'])
    })

    it('numbers its placeholders after a list query’s own filters', async () => {
      const scope = scopeFor({ userType: 3, cusId: 'globex01' }, 'm.cus_id', 2)
      expect(scope.sql).toBe('m.cus_id = $2')
      const { rows } = await h.db.query<{ n: number }>(
        `select count(*)::int as n from mt_record m where m.prod_type = $1 and ${scope.sql}`,
        [0, ...scope.params],
      )
      expect(rows[0].n).toBeGreaterThan(0)
    })
  })
})
