import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../seed'
import { forEachBackend, setup, type Harness } from '../../test/harness'
import { ensureContentIndex } from '../../db/content-index'
import { likeLiteral } from './content'

const WIDE = { start_time: '2000-01-01', pageSize: 500 }
const LONG = '长'.repeat(150) + 'Long message, 200 characters in all: the longest a search may be.'.slice(0, 50)

/** Contents that make a substring search go wrong when it is written as a pattern: wildcards, escapes, case. */
const CONTENTS = [
  '【艾克米】您的短信验证码为 4711，5分钟内有效。', '【艾克米】短信', '验证码', '码',
  'Your CODE is 4711', 'your code is 4712', 'save 50% now', 'save 500 now', 'file a_b.txt', 'file aXb.txt',
  'path C:\\temp\\x', 'path C:temp', 'tab\there', LONG, 'ends with %', 'ends with _',
]
/** [search, why]: each is compared with `strpos(content, search) > 0`, the filter as it was before migration 039. */
const SEARCHES: [string, string][] = [
  ['短信', '2 Chinese characters'], ['验证码', '3 Chinese characters'], ['码', '1 Chinese character'],
  ['短信验证码为 4711', 'Chinese, space and digits'], ['code', 'lower case finds lower case only'], ['CODE', 'upper case only'],
  ['Co', '2 Latin letters'], ['50%', 'a literal percent sign'], ['%', 'a percent sign alone'], ['a_b', 'a literal underscore'],
  ['_', 'an underscore alone'], ['C:\\temp', 'a backslash'], ['\\', 'a backslash alone'], ['\\%', 'backslash then percent'],
  [LONG, 'the longest search (200 characters)'], [LONG.slice(1) + 'x', 'a long search that matches nothing'],
  ['b\th', 'a tab inside'], ['没有这个词', 'nothing matches'],
]
const CASES = SEARCHES.map(([word, why]) => [`${why}: ${JSON.stringify(word).slice(0, 24)}`, word])

forEachBackend((backend) => {
  let h: Harness
  let admin: string
  beforeAll(async () => {
    h = await setup({ backend, historyRows: 2000 })
    admin = await h.tokenFor('admin', DEMO_ACCOUNTS.find((a) => a.cusId === 'admin')!.password)
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time)
       select 'umbrella', 0, '1390000' || lpad(i::text, 4, '0'), c, 0, 0, now() - make_interval(mins => i::int)
       from unnest($1::text[]) with ordinality as t(c, i)`, [CONTENTS])
    await h.db.query(
      `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, deliver_time)
       select 'umbrella', 0, '1069000', '1390000' || lpad(i::text, 4, '0'), c, now() - make_interval(mins => i::int)
       from unnest($1::text[]) with ordinality as t(c, i)`, [CONTENTS])
  })
  afterAll(() => h.close())

  const search = async (path: string, content: string) => {
    const res = await h.call(path, { ...WIDE, cus_id: 'umbrella', content }, { token: admin })
    expect(res.status, res.msg).toBe(200)
    return res.data as { records: { decodeContent: string }[]; total: number }
  }
  const before = async (table: string, time: string, content: string) => (await h.db.query<{ content: string }>(
    `select content from ${table} where cus_id = 'umbrella' and prod_type = 0 and strpos(content, $1) > 0 order by ${time} desc, sn desc`,
    [content])).rows.map((r) => r.content)

  describe('content search matches exactly what strpos matched', () => {
    it.each(CASES)('sent records: %s', async (_why, word) => {
      const page = await search('/mtRecord/list', word)
      const expected = await before('mt_record', 'receive_time', word)
      expect(page.records.map((r) => r.decodeContent)).toEqual(expected)
      expect(page.total).toBe(expected.length)
    })

    it.each(CASES)('replies: %s', async (_why, word) => {
      const res = await h.call('/moRecord/list', { ...WIDE, content: word }, { token: admin })
      expect(res.status, res.msg).toBe(200)
      const got = (res.data as { records: { decodeContent: string; cus_id: string }[] }).records.filter((r) => r.cus_id === 'umbrella')
      expect(got.map((r) => r.decodeContent)).toEqual(await before('mo_record', 'deliver_time', word))
    })

    it('the expectations are not trivial: wildcards would have matched more, case-folding more still', async () => {
      expect(await before('mt_record', 'receive_time', '50%')).toEqual(['save 50% now'])
      expect((await search('/mtRecord/list', 'code')).records.map((r) => r.decodeContent)).toEqual(['your code is 4712'])
      expect((await search('/mtRecord/list', 'a_b')).total).toBe(1)
      expect((await search('/mtRecord/list', '%')).total).toBe(2)
    })

    it('an empty or blank search is no filter', async () => {
      const all = (await h.call('/mtRecord/list', { ...WIDE, cus_id: 'umbrella' }, { token: admin })).data as { total: number }
      expect((await search('/mtRecord/list', '')).total).toBe(all.total)
      expect((await search('/mtRecord/list', '   ')).total).toBe(all.total)
    })

    it('a search longer than 200 characters is refused with a field error, not run', async () => {
      const res = await h.call('/mtRecord/list', { ...WIDE, content: LONG + 'x' }, { token: admin })
      expect(res.status).toBe(400)
    })
  })

  describe('the trigram index (migration 040, CONTENT_SEARCH_INDEX=on)', () => {
    beforeAll(async () => {
      expect(await ensureContentIndex(h.db, true, () => undefined)).toBe(true)
    })

    it('with it, every search still finds exactly what strpos found', async () => {
      for (const [word] of SEARCHES) {
        const page = await search('/mtRecord/list', word)
        const expected = await before('mt_record', 'receive_time', word)
        expect(page.records.map((r) => r.decodeContent), word).toEqual(expected)
        expect(page.total).toBe(expected.length)
      }
    })

    it('exists on sent records and replies', async () => {
      const { rows } = await h.db.query<{ indexname: string }>(
        `select indexname from pg_indexes where schemaname = current_schema() and indexname like '%content_trgm_idx' order by 1`)
      expect(rows.map((r) => r.indexname)).toEqual(['mo_record_content_trgm_idx', 'mt_record_content_trgm_idx'])
    })

    it('answers the filter as the lists write it (like with escapes) for 3 characters or more; strpos could not use it', async () => {
      const plan = async (cond: string, param: string) => h.db.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off')
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain select sn from mt_record m where ${cond}`, [param])
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      for (const word of ['验证码', '验证码 50%', 'code']) {
        expect(await plan('m.content like $1', `%${likeLiteral(word)}%`)).toContain('mt_record_content_trgm_idx')
      }
      expect(await plan('strpos(m.content, $1) > 0', '验证码')).not.toContain('mt_record_content_trgm_idx')
    })
  })
})
