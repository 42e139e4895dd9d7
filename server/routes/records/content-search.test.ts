import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../seed'
import { setup, type Harness } from '../../test/harness'
import { createApp } from '../../app'
import type { Db } from '../../db'
import { ensureContentIndex, hasCharacterIndex } from '../../db/content-index'
import { FEW_ROWS, Where } from '../../lists'
import { contentCondition, likeLiteral } from './content'

const WIDE = { start_time: '2000-01-01', pageSize: 500 }
const LONG = '长'.repeat(150) + 'Long message, 200 characters in all: the longest a search may be.'.slice(0, 50)

/** Contents that make a substring search go wrong when it is written as a pattern: wildcards, escapes, case. */
const CONTENTS = [
  '【艾克米】您的短信验证码为 4711，5分钟内有效。', '【艾克米】短信', '验证码', '码',
  'Your CODE is 4711', 'your code is 4712', 'save 50% now', 'save 500 now', 'file a_b.txt', 'file aXb.txt',
  'path C:\\temp\\x', 'path C:temp', 'tab\there', LONG, 'ends with %', 'ends with _',
  '证书已验收', '验证', 'class', 'sas', 'smile 😀 now', '😀',
]
/** [search, why]: each is compared with `strpos(content, search) > 0`, the filter without any index. */
const SEARCHES: [string, string][] = [
  ['短信', '2 Chinese characters'], ['验证码', '3 Chinese characters'], ['码', '1 Chinese character'],
  ['短信验证码为 4711', 'Chinese, space and digits'], ['code', 'lower case finds lower case only'], ['CODE', 'upper case only'],
  ['Co', '2 Latin letters'], ['50%', 'a literal percent sign'], ['%', 'a percent sign alone'], ['a_b', 'a literal underscore'],
  ['_', 'an underscore alone'], ['C:\\temp', 'a backslash'], ['\\', 'a backslash alone'], ['\\%', 'backslash then percent'],
  [LONG, 'the longest search (200 characters)'], [LONG.slice(1) + 'x', 'a long search that matches nothing'],
  ['b\th', 'a tab inside'], ['没有这个词', 'nothing matches'],
  ['验证', '2 characters that other contents hold apart'], ['ss', 'one character twice'], ['😀', 'a character outside the BMP'],
  ['s😀', '2 characters, one outside the BMP'], ['证验', '2 characters in the other order'], ['a_', '2 characters, one a wildcard'],
]
const CASES = SEARCHES.map(([word, why]) => [`${why}: ${JSON.stringify(word).slice(0, 24)}`, word])

describe('routes/records/content-search', () => {
  let h: Harness
  let admin: string
  beforeAll(async () => {
    h = await setup({ historyRows: 2000 })
    admin = await h.tokenFor('admin', DEMO_ACCOUNTS.find((a) => a.cusId === 'admin')!.password)
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time)
       select 'umbrella', 0, '1390000' || lpad(i::text, 4, '0'), c, 0, 0, now() - make_interval(mins => i::int)
       from unnest($1::text[]) with ordinality as t(c, i)`, [CONTENTS])
    await h.db.query(
      `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, deliver_time)
       select 'umbrella', 0, '1069000', '1390000' || lpad(i::text, 4, '0'), c, now() - make_interval(mins => i::int)
       from unnest($1::text[]) with ordinality as t(c, i)`, [CONTENTS])
    // More matches of one word than FEW_ROWS, older than the rows above, mobiles in another order than times.
    await h.db.query(
      `insert into mt_record (cus_id, prod_type, mobile, content, mt_status, report_result, receive_time)
       select 'umbrella', 0, '1370000' || lpad(((i * 7919) % 10000)::text, 4, '0'), '批量通知 ' || i, 0, 0, now() - interval '1 day' - make_interval(secs => i::int)
       from generate_series(1, $1::int) i`, [FEW_ROWS + 100])
  })
  afterAll(() => h.close())

  /** Pages 1, 2 and the last of a search, in time and in mobile order, against strpos; `many`: more than FEW_ROWS match. */
  const pagesMatch = async (word: string, many: boolean) => {
    for (const [orderBy, order, sql] of [[undefined, undefined, 'receive_time desc, sn desc'], ['decodeMobile', 'asc', 'mobile asc, sn asc']] as const) {
      const { rows } = await h.db.query<{ sn: string }>(
        `select sn::text from mt_record where cus_id = 'umbrella' and prod_type = 0 and strpos(content, $1) > 0 order by ${sql}`, [word])
      expect(rows.length > FEW_ROWS, word).toBe(many)
      for (const pageNumber of [1, 2, Math.ceil(rows.length / 50)]) {
        const res = await h.call('/mtRecord/list', { start_time: '2000-01-01', cus_id: 'umbrella', content: word, pageNumber, pageSize: 50, orderBy, order }, { token: admin })
        const page = res.data as { records: { sn: number | string }[]; total: number }
        expect(page.total).toBe(rows.length)
        expect(page.records.map((r) => String(r.sn)), `${word} ${orderBy} ${pageNumber}`).toEqual(rows.slice((pageNumber - 1) * 50, pageNumber * 50).map((r) => r.sn))
      }
    }
  }

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

    it('pages of a word in more records than FEW_ROWS (the window walked) and in fewer (the matches sorted) are right', async () => {
      await pagesMatch('批量通知', true)
      await pagesMatch('批量通知 7', false)
      await pagesMatch('量', true)
    })

    it('with the count cache, a page read by the remembered total (no count in its statement) is the same', async () => {
      const cached = createApp({ db: h.db, config: { distDir: '/nonexistent-dist', listCountCacheMs: 60_000 } })
      const list = async (content: string, pageNumber: number) => {
        const res = await cached.request('/api/mtRecord/list', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ start_time: '2000-01-01', cus_id: 'umbrella', content, pageNumber, pageSize: 50 }),
        })
        return ((await res.json()) as { data: { records: { sn: number | string }[]; total: number } }).data
      }
      for (const word of ['批量通知', '批量通知 7']) {
        for (const pageNumber of [1, 2]) {
          const [first, second] = [await list(word, pageNumber), await list(word, pageNumber)]
          expect(second.total).toBe(first.total)
          expect(second.records.map((r) => r.sn), word).toEqual(first.records.map((r) => r.sn))
          expect(first.records.length).toBe(50)
        }
      }
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

  describe('the indexes (trigrams and characters, CONTENT_SEARCH_INDEX=on)', () => {
    beforeAll(async () => {
      expect(await ensureContentIndex(h.db, true, () => undefined)).toBe(true)
      await h.db.exec('analyze mt_record; analyze mo_record')
    })

    it('with them, every search still finds exactly what strpos found, on sent records and replies', async () => {
      for (const [word] of SEARCHES) {
        const page = await search('/mtRecord/list', word)
        const expected = await before('mt_record', 'receive_time', word)
        expect(page.records.map((r) => r.decodeContent), word).toEqual(expected)
        expect(page.total).toBe(expected.length)
        const res = await h.call('/moRecord/list', { ...WIDE, content: word }, { token: admin })
        const got = (res.data as { records: { decodeContent: string; cus_id: string }[] }).records.filter((r) => r.cus_id === 'umbrella')
        expect(got.map((r) => r.decodeContent), word).toEqual(await before('mo_record', 'deliver_time', word))
      }
    })

    it('with them, pages of many and of few matches are right', async () => {
      await pagesMatch('批量通知', true)
      await pagesMatch('批量通知 7', false)
      await pagesMatch('量', true)
      await pagesMatch('知 7', false)
    })

    it('exist on sent records and replies: trigrams and characters', async () => {
      const { rows } = await h.db.query<{ indexname: string }>(
        `select indexname from pg_indexes where schemaname = current_schema() and indexname like '%record_content_%_idx' order by 1`)
      expect(rows.map((r) => r.indexname)).toEqual(
        ['mo_record_content_chars_idx', 'mo_record_content_trgm_idx', 'mt_record_content_chars_idx', 'mt_record_content_trgm_idx'])
    })

    const plan = async (cond: string, params: unknown[]) => h.db.transaction(async (tx) => {
      await tx.exec('set local enable_seqscan = off')
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain select sn from mt_record m where ${cond}`, params)
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    /** The condition exactly as the lists write it, with its parameters. */
    const listCondition = (word: string) => {
      const w = new Where()
      const cond = contentCondition(w, 'm.content', word, h.db)
      return [cond, w.params] as const
    }

    it('answers the filter as the lists write it (like with escapes) for 3 characters or more; strpos could not use it', async () => {
      for (const word of ['验证码', '验证码 50%', 'code']) {
        expect(await plan('m.content like $1', [`%${likeLiteral(word)}%`])).toContain('mt_record_content_trgm_idx')
        expect(await plan(...listCondition(word))).toContain('mt_record_content_trgm_idx')
      }
      expect(await plan('strpos(m.content, $1) > 0', ['验证码'])).not.toContain('mt_record_content_trgm_idx')
    })

    it('answers 1- and 2-character words, which have no trigram, by the characters index', async () => {
      for (const word of ['码', '验证', 'TD', '%', '😀']) {
        const [cond, params] = listCondition(word)
        expect(cond).toContain('string_to_array(m.content, null) @>')
        expect(await plan(cond, params), word).toContain('mt_record_content_chars_idx')
      }
      expect(listCondition('验证码')[0]).not.toContain('string_to_array')
    })

    it('a search is planned for its own word: its statement is never a named (generic-planned) one', async () => {
      const seen: { text: string; prepared: boolean }[] = []
      const spy: Db = { ...h.db, query: (t, p, o) => (seen.push({ text: t, prepared: !!o?.prepare }), h.db.query(t, p, o)) }
      await ensureContentIndex(spy, true, () => undefined)
      const app = createApp({ db: spy, config: { distDir: '/nonexistent-dist' } })
      const list = async (body: object) => {
        seen.length = 0
        const res = await app.request('/api/mtRecord/list', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ pageNumber: 1, pageSize: 20, start_time: '2000-01-01', ...body }),
        })
        expect(res.status).toBe(200)
        return seen.filter((s) => s.text.includes('from mt_record m'))
      }
      for (const word of ['验证码', '码', 'save 50%']) {
        const statements = await list({ content: word })
        expect(statements.length, word).toBeGreaterThan(0)
        expect(statements.every((s) => !s.prepared), word).toBe(true)
      }
      // (the other searches keep their named statements)
      expect((await list({ mobile: '13900000001' })).some((s) => s.prepared)).toBe(true)
    })

    it('when the indexes are turned off, no search names the characters (it would compute them for every row)', async () => {
      const other: Db = { ...h.db }
      expect(hasCharacterIndex(h.db)).toBe(true)
      expect(listCondition('码')[0]).toContain('string_to_array')
      expect(contentCondition(new Where(), 'm.content', '码', other)).not.toContain('string_to_array')
      expect(await ensureContentIndex(h.db, false, () => undefined)).toBe(false)
      expect(hasCharacterIndex(h.db)).toBe(false)
      expect(listCondition('码')[0]).not.toContain('string_to_array')
      expect((await search('/mtRecord/list', '码')).total).toBe((await before('mt_record', 'receive_time', '码')).length)
    })
  })
})
