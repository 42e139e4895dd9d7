import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_BODY_LIMIT_BYTES } from '../../../src/domain/contact-import'
import { RATE_RULES } from '../../security/rate-limit'
import { INSERT_CHUNK } from '../../send/store'
import { setup, type Harness } from '../../test/harness'

const UPLOAD = '/file/uploadAddressBook'
const COMMIT = '/addressBook/addressBookMemberImport'

describe('routes/lists/address-book-import', () => {
  let h: Harness
  let t: Record<string, string>
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    t = await h.tokensFor('acme', 'acme01', 'globex')
  })
  afterAll(() => h.close())

  const upload = async (u: string, payload: unknown, rows: string | Uint8Array, lang = 'en') => {
    const f = new FormData()
    f.append('payload', JSON.stringify(payload))
    f.append('rows', new Blob([rows as BlobPart], { type: 'text/tab-separated-values' }), 'rows.tsv')
    const res = await h.app.request(`/api${UPLOAD}`, { method: 'POST', headers: { authorization: `Bearer ${t[u]}`, 'accept-language': lang }, body: f })
    return { status: res.status, ...((await res.json()) as { msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  const commit = (u: string, upload_id: number, idempotency_key = randomUUID()) => h.call(COMMIT, { upload_id, idempotency_key }, { token: t[u], lang: 'en' })
  const group = async (u: string, group_name: string) => {
    const res = await h.call('/addressBook/addressBookGroupAdd', { group_name }, { token: t[u] })
    expect(res.status, res.msg).toBe(200)
    return res.data.group_id as number
  }
  const members = async (groupId: number) =>
    (await h.db.query<{ name: string; mobile: string; email: string; gender: number; birthday: string | null; remark: string }>(
      `select name, mobile, email, gender::int as gender, to_char(birthday, 'YYYY-MM-DD') as birthday, remark from ab_contact where group_id = $1 order by mobile`, [groupId])).rows
  const count = async (groupId: number) => (await members(groupId)).length

  it('previews the counts, then adds every row at once, keeping each field; a repeated mobile and one already in the group are left out', async () => {
    const g = await group('acme', 'Imported')
    await h.call('/addressBook/addressBookMemberAdd', { group_id: g, name: 'Old', mobile: '13900000001' }, { token: t.acme })
    const rows = ['3\t张三\t+86 139-0000-0002\tzhang@example.com\tA7\t男\t1990/1/15\tvip', '4\t李四\t13900000003', '5\t重复\t13900000002', '6\tOld again\t13900000001'].join('\n')
    const up = await upload('acme', { group_id: g }, rows)
    expect(up).toMatchObject({ status: 200, data: { rows: 4, add: 2, in_group: 1, in_file: 1 }, msg: '4 rows checked; 2 contacts will be added' })
    expect(await count(g)).toBe(1)
    const done = await commit('acme', up.data.upload_id)
    expect(done).toMatchObject({ status: 200, data: { added: 2, duplicates: 2 }, msg: '2 contacts imported into the group "Imported" (2 duplicates left out)' })
    expect(await members(g)).toEqual([
      { name: 'Old', mobile: '13900000001', email: '', gender: 0, birthday: null, remark: '' },
      { name: '张三', mobile: '13900000002', email: 'zhang@example.com', gender: 1, birthday: '1990-01-15', remark: 'vip' },
      { name: '李四', mobile: '13900000003', email: '', gender: 0, birthday: null, remark: '' },
    ])
  })

  it('is all or nothing: one bad row refuses the upload with its line and reason, and nothing is kept', async () => {
    const g = await group('acme', 'All or nothing')
    const before = Number((await h.db.query<{ n: number }>('select count(*)::int as n from ab_import')).rows[0].n)
    const res = await upload('acme', { group_id: g }, '2\tA\t13900000011\n3\tB\t1390000001\n4\tC\t13900000013')
    expect(res).toMatchObject({ status: 400, data: { line: 3, field: 'mobile', reason: 'mobileLength' } })
    expect(res.msg).toContain('Line 3')
    expect(await upload('acme', { group_id: g }, '2\t\t13900000011')).toMatchObject({ status: 400, data: { line: 2, field: 'name', reason: 'required' } })
    expect(Number((await h.db.query<{ n: number }>('select count(*)::int as n from ab_import')).rows[0].n)).toBe(before)
    expect(await count(g)).toBe(0)
  })

  it('a retry with the same idempotency key, or the same upload committed again, adds nothing twice', async () => {
    const g = await group('acme', 'Retried')
    const up = await upload('acme', { group_id: g }, '1\tA\t13900000021\n2\tB\t13900000022')
    const key = randomUUID()
    const [a, b] = await Promise.all([commit('acme', up.data.upload_id, key), commit('acme', up.data.upload_id, key)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.data).toEqual(b.data)
    expect((await commit('acme', up.data.upload_id)).data).toMatchObject({ added: 2 })
    expect(await count(g)).toBe(2)
    // A new upload of the same file into the same group finds them all there already.
    const again = await upload('acme', { group_id: g }, '1\tA\t13900000021\n2\tB\t13900000022')
    expect(again.data).toMatchObject({ add: 0, in_group: 2 })
    expect((await commit('acme', again.data.upload_id)).data).toMatchObject({ added: 0, duplicates: 2 })
  })

  it('an upload nobody committed within the hour is removed by the next upload, and can no longer be committed', async () => {
    const g = await group('acme', 'Stale')
    const up = await upload('acme', { group_id: g }, '1\tA\t13900000061')
    await h.db.query("update ab_import set create_time = now() - interval '2 hours' where upload_id = $1", [up.data.upload_id])
    await upload('globex', { group_id: await group('globex', 'Other uploader') }, '1\tB\t13900000062')
    expect(await commit('acme', up.data.upload_id)).toMatchObject({ status: 404 })
    expect(await count(g)).toBe(0)
  })

  it("another tenant's group, or another tenant's upload, is refused and left untouched", async () => {
    const theirs = await group('globex', 'Globex only')
    expect(await upload('acme', { group_id: theirs }, '1\tA\t13900000031')).toMatchObject({ status: 404 })
    // A sub-account's group is its own working data: the parent does not import into it either.
    const sub = await group('acme01', 'Sub group')
    expect(await upload('acme', { group_id: sub }, '1\tA\t13900000031')).toMatchObject({ status: 404 })
    const up = await upload('globex', { group_id: theirs }, '1\tA\t13900000031')
    expect(await commit('acme', up.data.upload_id)).toMatchObject({ status: 404, msg: 'The import does not exist or has expired; upload the file again' })
    expect(await count(theirs)).toBe(0)
    expect((await commit('globex', up.data.upload_id)).data).toMatchObject({ added: 1 })
  })

  it('refuses what is not rows: binary, a NUL, bad UTF-8, no line number, nothing at all, and a body over the limit', async () => {
    const g = await group('acme', 'Bad input')
    expect(await upload('acme', { group_id: g }, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 1, 2]))).toMatchObject({ status: 400 })
    expect(await upload('acme', { group_id: g }, new Uint8Array([0x31, 0x09, 0x41, 0x09, 0xff, 0xfe]))).toMatchObject({ status: 400, msg: 'The import could not be read; no contact was imported' })
    expect(await upload('acme', { group_id: g }, 'A\t13900000041')).toMatchObject({ status: 400 })
    expect(await upload('acme', { group_id: g }, '\n\n')).toMatchObject({ status: 400, msg: 'There is no contact to import' })
    expect(await upload('acme', { group_id: 'x' }, '1\tA\t13900000041')).toMatchObject({ status: 400 })
    const big = new Uint8Array(IMPORT_BODY_LIMIT_BYTES + 1).fill(0x41)
    expect((await upload('acme', { group_id: g }, big)).status).toBe(413)
    expect(await count(g)).toBe(0)
  })

  // Past two lookup and insert statements of INSERT_CHUNK rows and into a third; the same at 500,000 contacts, timed,
  // is `npm run bench address-book-volume`.
  const MANY = INSERT_CHUNK * 2 + 500
  it(`stores a group of ${MANY} contacts, which lists, searches and streams as a send source`, async () => {
    const g = await group('acme', 'Many')
    const lines: string[] = []
    for (let i = 0; i < MANY; i++) lines.push(`${i + 2}\tContact ${i}\t1${String(3_000_000_000 + i * 7).padStart(10, '0')}`)
    const up = await upload('acme', { group_id: g }, lines.join('\n'))
    expect(up.data).toMatchObject({ rows: MANY, add: MANY })
    expect((await commit('acme', up.data.upload_id)).data).toMatchObject({ added: MANY, duplicates: 0 })
    const { rows } = await h.db.query<{ n: number }>('select count(*)::int as n from ab_contact where group_id = $1', [g])
    expect(rows[0].n).toBe(MANY)
    const list = await h.call('/addressBook/list', { group_id: g, mobile: '13000000007', pageSize: 10 }, { token: t.acme })
    expect(list.data.records.map((r: { name: string }) => r.name)).toEqual(['Contact 1'])
    // The group as a send's number source: every mobile, streamed.
    const source = await h.app.request('/api/addressBook/groupMobileDetail', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${t.acme}` }, body: JSON.stringify({ group_ids: [g] }),
    })
    expect((await source.text()).split('\n').filter(Boolean)).toHaveLength(MANY)
  })
})

describe('import allowance', () => {
  it('spends addressBookImport per upload: the one past it is 429 and keeps nothing', async () => {
    const strict = await setup({ historyRows: 0, rateLimitScale: 1 })
    try {
      const { acme } = await strict.tokensFor('acme')
      const g = (await strict.call('/addressBook/addressBookGroupAdd', { group_name: 'Limited' }, { token: acme })).data.group_id
      const statuses: number[] = []
      for (let i = 0; i <= RATE_RULES.addressBookImport.points; i++) {
        const f = new FormData()
        f.append('payload', JSON.stringify({ group_id: g }))
        f.append('rows', new Blob(['1\tA\t13900000051']), 'rows.tsv')
        statuses.push((await strict.app.request(`/api${UPLOAD}`, { method: 'POST', headers: { authorization: `Bearer ${acme}` }, body: f })).status)
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_RULES.addressBookImport.points)
      expect(statuses.at(-1)).toBe(429)
    } finally {
      await strict.close()
    }
  })
})
