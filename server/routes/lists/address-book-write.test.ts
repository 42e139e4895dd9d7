import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_RULES } from '../../security/rate-limit'
import { setup, type Harness } from '../../test/harness'

const GROUP = '/addressBook/addressBookGroup'
const MEMBER = '/addressBook/addressBookMember'

describe('routes/lists/address-book-write', () => {
  let h: Harness
  const t: Record<string, string> = {}
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    for (const [u, pw] of [['acme', 'Acme@12345'], ['acme01', 'Acme01@12345'], ['globex', 'Globex@12345'], ['admin', 'Admin@12345']]) t[u] = await h.tokenFor(u, pw)
  })
  afterAll(() => h.close())

  const as = (u: string, path: string, body: unknown, lang = 'en') => h.call(path, body, { token: t[u], lang })
  const addGroup = async (u: string, group_name: string) => {
    const res = await as(u, `${GROUP}Add`, { group_name })
    expect(res.status, res.msg).toBe(200)
    return res.data.group_id as number
  }
  const addMember = async (u: string, group_id: number, mobile: string, name = 'Li Lei') => {
    const res = await as(u, `${MEMBER}Add`, { group_id, name, mobile })
    expect(res.status, res.msg).toBe(200)
    return res.data.id as number
  }
  const groupOf = async (id: number) =>
    (await h.db.query<{ group_id: number }>('select group_id from ab_contact where id = $1', [id])).rows[0]?.group_id
  const contacts = async (groupId: number) =>
    Number((await h.db.query<{ n: number }>('select count(*)::int as n from ab_contact where group_id = $1', [groupId])).rows[0].n)

  describe('groups', () => {
    it('add, change and show a group of the caller, and refuse a name it has already', async () => {
      const id = await addGroup('acme', 'Suppliers')
      expect((await as('acme', `${GROUP}Add`, { group_name: 'Suppliers' }))).toMatchObject({ status: 409, msg: 'A group named "Suppliers" exists already' })
      const mod = await as('acme', `${GROUP}Mod`, { group_id: id, group_name: 'Key suppliers', remark: 'top ten' })
      expect(mod).toMatchObject({ status: 200, msg: 'Group "Key suppliers" saved' })
      const detail = await as('acme', `${GROUP}Detail`, { group_id: id })
      expect(detail.data).toMatchObject({ group_id: id, cus_id: 'acme', group_name: 'Key suppliers', remark: 'top ten', member_count: 0 })
      // Renaming onto a name the caller has is refused too, naming the field.
      const other = await addGroup('acme', 'Suppliers')
      expect(await as('acme', `${GROUP}Mod`, { group_id: other, group_name: 'Key suppliers' })).toMatchObject({
        status: 409, msg: 'A group named "Key suppliers" exists already', data: { fields: { group_name: 'abGroupNameTaken' } },
      })
      // Another account may use the same name for its own group.
      await addGroup('globex', 'Key suppliers')
    })

    it('refuse deleting a group with contacts unless the caller confirms deleting them too', async () => {
      const id = await addGroup('acme', 'To delete')
      await addMember('acme', id, '13911110001')
      await addMember('acme', id, '13911110002')
      expect(await as('acme', `${GROUP}Del`, { group_id: id })).toMatchObject({
        status: 409, msg: 'The group "To delete" still holds 2 contacts; confirm deleting them too to delete it',
      })
      expect(await contacts(id)).toBe(2)
      const del = await as('acme', `${GROUP}Del`, { group_id: id, with_members: true })
      expect(del).toMatchObject({ status: 200, msg: 'Group "To delete" deleted (with 2 contacts)', data: { count: 2 } })
      expect(await contacts(id)).toBe(0)
      expect((await as('acme', `${GROUP}Detail`, { group_id: id })).status).toBe(404)
      const empty = await addGroup('acme', 'Empty')
      expect((await as('acme', `${GROUP}Del`, { group_id: empty })).status).toBe(200)
    })
  })

  describe('contacts', () => {
    it('add with every field, show, change, and keep a mobile unique within its group', async () => {
      const g = await addGroup('acme', 'Unique')
      const res = await as('acme', `${MEMBER}Add`, {
        group_id: g, name: '韩梅梅', mobile: ' 13922220001 ', email: 'mm@example.com', job_number: 'E42', gender: 2, birthday: '1990-02-28', remark: 'r',
      })
      expect(res).toMatchObject({ status: 200, msg: 'Contact "韩梅梅" saved' })
      const id = res.data.id as number
      expect((await as('acme', `${MEMBER}Detail`, { id })).data).toMatchObject({
        id, group_id: g, groupName: 'Unique', name: '韩梅梅', mobile: '13922220001', email: 'mm@example.com', job_number: 'E42', gender: 2, birthday: '1990-02-28',
      })
      const dup = await as('acme', `${MEMBER}Add`, { group_id: g, name: 'Other', mobile: '13922220001' })
      expect(dup).toMatchObject({ status: 409, msg: 'The group "Unique" already holds the mobile 13922220001', data: { fields: { mobile: 'abMobileTaken' } } })
      // The same mobile in another group is fine.
      const other = await addGroup('acme', 'Unique 2')
      await addMember('acme', other, '13922220001')
      const second = await addMember('acme', g, '13922220002')
      expect((await as('acme', `${MEMBER}Mod`, { id: second, group_id: g, name: 'x', mobile: '13922220001' })).status).toBe(409)
      const mod = await as('acme', `${MEMBER}Mod`, { id: second, group_id: g, name: 'Renamed', mobile: '13922220003', birthday: '' })
      expect(mod).toMatchObject({ status: 200, msg: 'Contact "Renamed" saved' })
      expect((await as('acme', `${MEMBER}Detail`, { id: second })).data).toMatchObject({ name: 'Renamed', mobile: '13922220003', birthday: '' })
    })

    it('refuse a bad contact with each field named', async () => {
      const g = await addGroup('acme', 'Bad input')
      const res = await as('acme', `${MEMBER}Add`, { group_id: g, name: ' ', mobile: '02088887777', email: 'no-at', birthday: '2023-02-29', gender: 3 })
      expect(res).toMatchObject({
        status: 400,
        data: { fields: { name: 'required', mobile: 'mobileFormat', email: 'invalidValue', birthday: 'invalidValue', gender: 'invalidValue' } },
      })
      for (const mobile of ['1392222000', '139222200011', '12922220001', '1392222000a\u0000']) {
        expect((await as('acme', `${MEMBER}Add`, { group_id: g, name: 'n', mobile })).status, mobile).toBe(400)
      }
      expect((await as('acme', `${MEMBER}Del`, { ids: [] })).status).toBe(400)
      expect((await as('acme', `${MEMBER}Del`, { ids: Array.from({ length: 501 }, (_, i) => i + 1) })).status).toBe(400)
      expect((await as('acme', `${MEMBER}Del`, { ids: [2 ** 60] })).status).toBe(400)
      expect(await contacts(g)).toBe(0)
    })

    it('delete several at once, all or nothing', async () => {
      const g = await addGroup('acme', 'Delete many')
      const ids = [await addMember('acme', g, '13933330001'), await addMember('acme', g, '13933330002'), await addMember('acme', g, '13933330003')]
      const foreign = await addMember('globex', await addGroup('globex', 'Theirs'), '13933330004')
      expect(await as('acme', `${MEMBER}Del`, { ids: [ids[0], foreign] })).toMatchObject({ status: 404 })
      expect(await contacts(g)).toBe(3)
      expect(await as('acme', `${MEMBER}Del`, { ids: [ids[0], ids[1], ids[1]] })).toMatchObject({ status: 200, msg: '2 contacts deleted' })
      expect(await contacts(g)).toBe(1)
    })

    it('move several into another group, refusing a move that would hold a mobile twice', async () => {
      const from = await addGroup('acme', 'Move from')
      const to = await addGroup('acme', 'Move to')
      const a = await addMember('acme', from, '13944440001')
      const b = await addMember('acme', from, '13944440002')
      const c = await addMember('acme', from, '13944440003')
      await addMember('acme', to, '13944440003')
      expect(await as('acme', `${MEMBER}Move`, { ids: [a, c], group_id: to })).toMatchObject({
        status: 409, msg: 'The group "Move to" already holds the mobile 13944440003',
      })
      expect(await groupOf(a)).toBe(from)
      expect(await as('acme', `${MEMBER}Move`, { ids: [a, b], group_id: to })).toMatchObject({ status: 200, msg: '2 contacts moved to the group "Move to"' })
      expect([await groupOf(a), await groupOf(b), await groupOf(c)]).toEqual([to, to, from])
    })
  })

  describe('tenant scope', () => {
    it('writes reach only the caller\'s own rows: not another tenant\'s, not a sub-account\'s, not the parent\'s', async () => {
      const theirs = await addGroup('globex', 'Private')
      const theirMember = await addMember('globex', theirs, '13955550001')
      const subGroup = await addGroup('acme01', 'Sub group')
      const subMember = await addMember('acme01', subGroup, '13955550002')
      const mine = await addGroup('acme', 'Mine')
      const myMember = await addMember('acme', mine, '13955550003')
      const tries: [string, string, Record<string, unknown>][] = [
        ['acme', `${GROUP}Mod`, { group_id: theirs, group_name: 'x' }],
        ['acme', `${GROUP}Del`, { group_id: theirs, with_members: true }],
        ['acme', `${MEMBER}Add`, { group_id: theirs, name: 'x', mobile: '13955550009' }],
        ['acme', `${MEMBER}Mod`, { id: theirMember, group_id: mine, name: 'x', mobile: '13955550009' }],
        ['acme', `${MEMBER}Mod`, { id: myMember, group_id: theirs, name: 'x', mobile: '13955550009' }],
        ['acme', `${MEMBER}Del`, { ids: [theirMember] }],
        ['acme', `${MEMBER}Move`, { ids: [myMember], group_id: theirs }],
        ['acme', `${MEMBER}Move`, { ids: [theirMember], group_id: mine }],
        ['acme', `${GROUP}Detail`, { group_id: theirs }],
        ['acme', `${MEMBER}Detail`, { id: theirMember }],
        // A parent sees its sub-account's address book but does not edit it; a sub-account does not touch its parent's.
        ['acme', `${GROUP}Mod`, { group_id: subGroup, group_name: 'x' }],
        ['acme', `${MEMBER}Del`, { ids: [subMember] }],
        ['acme01', `${MEMBER}Del`, { ids: [myMember] }],
        ['acme01', `${GROUP}Detail`, { group_id: mine }],
        ['admin', `${MEMBER}Del`, { ids: [theirMember] }],
        ['globex', `${MEMBER}Detail`, { id: subMember }],
      ]
      for (const [u, path, payload] of tries) expect((await as(u, path, payload)).status, `${u} ${path} ${JSON.stringify(payload)}`).toBe(404)
      expect(await contacts(theirs)).toBe(1)
      expect(await groupOf(theirMember)).toBe(theirs)
      expect(await groupOf(subMember)).toBe(subGroup)
      expect(await groupOf(myMember)).toBe(mine)
      expect((await h.db.query('select group_name from ab_group where group_id = $1', [theirs])).rows[0]).toEqual({ group_name: 'Private' })
      // The read scope of the lists: the parent and the administrator see the sub-account's rows in detail.
      expect((await as('acme', `${MEMBER}Detail`, { id: subMember })).status).toBe(200)
      expect((await as('admin', `${GROUP}Detail`, { group_id: theirs })).status).toBe(200)
    })

    it('answers in Chinese by default', async () => {
      expect((await h.call(`${GROUP}Detail`, { group_id: 999999 }, { token: t.acme })).msg).toBe('分组不存在或无权操作')
    })
  })

  describe('rate limit', () => {
    let strict: Harness
    beforeAll(async () => {
      strict = await setup({ historyRows: 0, rateLimitScale: 1 })
    })
    afterAll(() => strict.close())

    it('refuses an account\'s writes beyond its allowance with 429 and stores nothing, other accounts unaffected', async () => {
      const token = await strict.tokenFor('globex', 'Globex@12345')
      const statuses: number[] = []
      for (let i = 0; i <= RATE_RULES.addressBookWrite.points; i++) {
        statuses.push((await strict.call(`${GROUP}Add`, { group_name: `limit ${i}` }, { token })).status)
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      const { rows } = await strict.db.query<{ n: number }>(`select count(*)::int as n from ab_group where cus_id = 'globex' and group_name like 'limit %'`)
      expect(rows[0].n).toBe(RATE_RULES.addressBookWrite.points)
      const acme = await strict.tokenFor('acme', 'Acme@12345')
      expect((await strict.call(`${GROUP}Add`, { group_name: 'limit other' }, { token: acme })).status).toBe(200)
    })
  })
})
