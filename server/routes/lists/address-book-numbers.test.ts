import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../../test/harness'

describe('routes/lists/address-book-numbers', () => {
  describe('address-book groups as a number source', () => {
    let h: Harness
    const tokens: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 200 })
      tokens.acme = await h.tokenFor('acme', 'Acme@12345')
      tokens.acme01 = await h.tokenFor('acme01', 'Acme01@12345')
      tokens.initech = await h.tokenFor('initech', 'Initech@12345')
    })
    afterAll(() => h.close())

    const groupsOf = async (cusId: string) =>
      (await h.db.query<{ group_id: number }>('select group_id from ab_group where cus_id = $1 order by group_id', [cusId])).rows.map((r) => r.group_id)
    const mobilesOf = async (ids: number[]) =>
      (await h.db.query<{ mobile: string }>('select mobile from ab_contact where group_id = any($1::int[]) order by id', [ids])).rows.map((r) => r.mobile)

    async function detail(token: string, groupIds: number[]) {
      const res = await h.app.request('/api/addressBook/groupMobileDetail', {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ group_ids: groupIds }),
      })
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
    }

    it("gives the chosen groups' mobiles as text, one a line", async () => {
      const ids = (await groupsOf('acme')).slice(0, 2)
      const res = await detail(tokens.acme, ids)
      expect(res.status).toBe(200)
      expect(res.type).toMatch(/^text\/plain/)
      expect(res.text.trim().split('\n')).toEqual(await mobilesOf(ids))
    })

    it('an enterprise reads its sub-accounts\' groups; a sub-account and another tenant do not read its parent\'s', async () => {
      const sub = (await groupsOf('acme01'))[0]
      const parent = (await groupsOf('acme'))[0]
      expect((await detail(tokens.acme, [sub])).status).toBe(200)
      expect((await detail(tokens.acme01, [parent])).status).toBe(403)
      const foreign = await detail(tokens.initech, [parent])
      expect(foreign.status).toBe(403)
      expect(foreign.text).not.toContain((await mobilesOf([parent]))[0])
      // One foreign group among its own refuses the whole request.
      expect((await detail(tokens.initech, [(await groupsOf('initech'))[0], parent])).status).toBe(403)
    })

    it('lists only groups with members, within the caller\'s scope, with their counts', async () => {
      const [emptied] = await groupsOf('acme01')
      await h.db.query('delete from ab_contact where group_id = $1', [emptied])
      const own = await h.call('/addressBook/hasMemberGroupList', {}, { token: tokens.acme01 })
      expect(own.status).toBe(200)
      const rows = own.data as { group_id: number; cus_id: string; member_count: number }[]
      expect(rows.length).toBe(3)
      expect(rows.every((g) => g.cus_id === 'acme01' && g.group_id !== emptied)).toBe(true)
      for (const g of rows) expect(g.member_count).toBe((await mobilesOf([g.group_id])).length)
      const enterprise = await h.call('/addressBook/hasMemberGroupList', { cus_id: 'acme01' }, { token: tokens.acme })
      expect((enterprise.data as { group_id: number }[]).map((g) => g.group_id)).toEqual(rows.map((g) => g.group_id))
      const foreign = await h.call('/addressBook/hasMemberGroupList', { cus_id: 'acme01' }, { token: tokens.initech })
      expect(foreign.data).toEqual([])
    })
  })
})
