import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walkMenu, type MenuItem } from '../../../src/domain/menu'
import { DEMO_ACCOUNTS } from '../../seed/accounts'
import { hashPassword } from '../../security/password'
import { setup, type Harness } from '../../test/harness'
import { countOf } from '../../test/send-kit'

const SELF = { cusId: 'selfreg', password: 'Selfreg@123' }
/** Every demo account that can sign in (a closed one cannot call anything). */
const OPEN = DEMO_ACCOUNTS.filter((a) => a.status !== 0)
const row = { name: 'Pen', mobile: '13912345678', amount: 3.5 }

describe('routes/lists/crud-admin', () => {
  describe('the generic sample table is the administrator’s alone', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    let sampleId: number
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      // The row /user/epRegist makes: an enterprise (user type 2) with no products.
      await h.db.query(`insert into customer (cus_id, cus_name, user_type, password_hash, mobile) values ($1, 'Self', 2, $2, '13512345678')`,
        [SELF.cusId, await hashPassword(SELF.password)])
      for (const a of [...OPEN, SELF]) tok[a.cusId] = await h.tokenFor(a.cusId, a.password)
      sampleId = (await h.db.query<{ id: number }>('select min(id)::int as id from crud_sample')).rows[0].id
    })
    afterAll(() => h.close())

    const send = async (who: string, method: string, path: string, b?: unknown) => {
      const res = await h.app.request(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[who]}`, 'accept-language': 'en' },
        body: b === undefined ? undefined : JSON.stringify(b),
      })
      return { status: res.status, ...((await res.json()) as { msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
    }
    const snapshot = () => h.db.query('select * from crud_sample order by id').then((r) => r.rows)
    const crudInMenu = async (who: string) => {
      const res = await h.call('/user/getMenu', { permCode: 'userCenter' }, { token: tok[who] })
      return [...walkMenu(res.data as MenuItem[])].some((i) => i.path === '/crud/index')
    }

    it.each([...OPEN.filter((a) => a.userType !== 1).map((a) => a.cusId), SELF.cusId])(
      '%s may neither list, add, change nor delete its rows (403), and its menu has no entry for it',
      async (who) => {
        const before = await snapshot()
        for (const [method, path, b] of [
          ['GET', '/crud/list?page=1&size=5', undefined],
          ['POST', '/crud/add', row],
          ['PUT', '/crud/update', { id: sampleId, ...row, name: 'Changed' }],
          ['DELETE', '/crud/delete', { id: sampleId }],
          ['DELETE', `/crud/delete?id=${sampleId}`, undefined],
        ] as const) {
          expect(await send(who, method, path, b), `${method} ${path}`).toMatchObject({ status: 403, msg: 'Not permitted', data: null })
        }
        expect(await snapshot()).toEqual(before)
        expect(await crudInMenu(who)).toBe(false)
      },
    )

    it('the administrator lists, adds, changes and deletes, and has it in the menu', async () => {
      expect(await crudInMenu('admin')).toBe(true)
      expect((await send('admin', 'GET', '/crud/list?page=1&size=5')).data.records).toHaveLength(5)
      const added = await send('admin', 'POST', '/crud/add', row)
      expect(added).toMatchObject({ status: 200, msg: 'Added' })
      expect((await send('admin', 'PUT', '/crud/update', { id: added.data.id, ...row, name: 'Pencil' })).msg).toBe('Updated')
      expect((await send('admin', 'DELETE', '/crud/delete', { id: added.data.id })).msg).toBe('Deleted')
      expect(await countOf(h.db, 'select count(*)::int as n from crud_sample where id = $1', [added.data.id])).toBe(0)
    })

    it('an anonymous call is 401, not 403', async () => {
      const res = await h.app.request('/api/crud/list?page=1&size=5')
      expect(res.status).toBe(401)
    })
  })
})
