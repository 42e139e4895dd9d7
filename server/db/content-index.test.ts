import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureContentIndex, hasCharacterIndex } from './content-index'
import { migrate, openDb, type Db } from '.'
import { openTestDb, testServer } from '../test/harness'

const ALL = ['mo_record_content_chars_idx', 'mo_record_content_trgm_idx', 'mt_content_daily_trgm_idx', 'mt_record_content_chars_idx', 'mt_record_content_trgm_idx']

describe('db/content-index', () => {
  it('the content search indexes are built when wanted, silently, and dropped when no longer wanted', async () => {
    const { db, close } = await openTestDb()
    const indexes = async () => (await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = current_schema() and (indexname like '%record_content_%_idx' or indexname = 'mt_content_daily_trgm_idx') order by 1`)).rows.map((r) => r.indexname)
    try {
      await migrate(db)
      const lines: string[] = []
      expect(await indexes()).toEqual([])
      expect(await ensureContentIndex(db, false, (l) => lines.push(l))).toBe(false)
      expect(lines).toEqual([])
      expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(true)
      expect(await indexes()).toEqual(ALL)
      expect(hasCharacterIndex(db)).toBe(true)
      expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(true)
      expect(lines.filter((l) => !l.includes('building'))).toEqual([])
      expect(await ensureContentIndex(db, false, (l) => lines.push(l))).toBe(false)
      expect(await indexes()).toEqual([])
      expect(hasCharacterIndex(db)).toBe(false)
      expect(lines.at(-1)).toMatch(/content search indexes dropped/)
      // A database left with only the trigram indexes, without the index of characters, gets the characters at the next start.
      await db.exec('create extension if not exists pg_trgm; create index mt_record_content_trgm_idx on mt_record using gin (content gin_trgm_ops)')
      expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(true)
      expect(await indexes()).toEqual(ALL)
      expect(hasCharacterIndex(db)).toBe(true)
    } finally {
      await close()
    }
  })
})

// A PostgreSQL whose user may not add extensions: a database of its own (the shared one has pg_trgm already) and a
// role without CREATE on it, owning only the schema of its name (first on its default search_path).
describe('postgres without the right to create extensions', () => {
  const tag = randomBytes(4).toString('hex')
  const [dbName, role] = [`noext_${tag}`, `noext_${tag}`]
  let admin: pg.Client
  let db: Db
  beforeAll(async () => {
    const { url } = testServer()
    admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    await admin.query(`create role ${role} login password '${tag}'`)
    const inDb = new pg.Client({ connectionString: url.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`) })
    await inDb.connect()
    await inDb.query(`revoke create on database ${dbName} from public; create schema ${role} authorization ${role}`)
    await inDb.end()
    const u = new URL(url)
    u.username = role
    u.password = tag
    u.pathname = `/${dbName}`
    db = await openDb({ databaseUrl: u.toString() })
  })
  afterAll(async () => {
    await db?.close()
    // The pool's connections close a moment after end() resolves; forcing them would fail them in flight.
    for (let i = 0; ; i++) {
      try {
        await admin.query(`drop database if exists ${dbName}`)
        break
      } catch (e) {
        if (i > 50) throw e
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    await admin.query(`drop role if exists ${role}`)
    await admin.end()
  })

  it('migrates, cannot build the trigram index, says so at start, builds the characters index, and content search still works', async () => {
    await migrate(db)
    const { rows } = await db.query(`select 1 from pg_extension where extname = 'pg_trgm'`)
    expect(rows).toEqual([])
    const lines: string[] = []
    expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(false)
    expect(lines.at(-1)).toMatch(/content search runs without the trigram index \(pg_trgm: permission denied/)
    expect(hasCharacterIndex(db)).toBe(true)
    const { rows: chars } = await db.query(`select indexname from pg_indexes where indexname like '%content_chars_idx' order by 1`)
    expect(chars).toEqual([{ indexname: 'mo_record_content_chars_idx' }, { indexname: 'mt_record_content_chars_idx' }])
    await db.query(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time)
      values ('c1', 0, '13900000000', '您的验证码 50%', 0, now())`)
    const { rows: found } = await db.query(`select content from mt_record where content like $1`, ['%码 50\\%%'])
    expect(found).toEqual([{ content: '您的验证码 50%' }])
  })
})
