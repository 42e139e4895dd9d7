import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureContentIndex } from './content-index'
import { migrate, openDb, type Db } from '.'
import { forEachBackend, openTestDb } from '../test/harness'

forEachBackend((backend) => {
  it('the content search index is built when wanted, silently, and dropped when no longer wanted', async () => {
    const { db, close } = await openTestDb(backend)
    const indexes = async () => (await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = current_schema() and indexname like '%content_trgm_idx' order by 1`)).rows.map((r) => r.indexname)
    try {
      await migrate(db)
      const lines: string[] = []
      expect(await indexes()).toEqual([])
      expect(await ensureContentIndex(db, false, (l) => lines.push(l))).toBe(false)
      expect(lines).toEqual([])
      expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(true)
      expect(await indexes()).toEqual(['mo_record_content_trgm_idx', 'mt_record_content_trgm_idx'])
      expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(true)
      expect(lines.filter((l) => !l.includes('building'))).toEqual([])
      expect(await ensureContentIndex(db, false, (l) => lines.push(l))).toBe(false)
      expect(await indexes()).toEqual([])
      expect(lines.at(-1)).toMatch(/content search index dropped/)
    } finally {
      await close()
    }
  })
})

// A PostgreSQL whose user may not add extensions: a database of its own (the shared one has pg_trgm already) and a
// role without CREATE on it, owning only the schema of its name (first on its default search_path).
const url = process.env.TEST_DATABASE_URL
describe.runIf(url)('postgres without the right to create extensions', () => {
  const tag = randomBytes(4).toString('hex')
  const [dbName, role] = [`noext_${tag}`, `noext_${tag}`]
  let admin: pg.Client
  let db: Db
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    await admin.query(`create role ${role} login`)
    const inDb = new pg.Client({ connectionString: url!.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`) })
    await inDb.connect()
    await inDb.query(`revoke create on database ${dbName} from public; create schema ${role} authorization ${role}`)
    await inDb.end()
    const u = new URL(url!)
    u.username = role
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

  it('migrates, cannot build the wanted index, says so at start, and content search still works', async () => {
    await migrate(db)
    const { rows } = await db.query(`select 1 from pg_extension where extname = 'pg_trgm'`)
    expect(rows).toEqual([])
    const lines: string[] = []
    expect(await ensureContentIndex(db, true, (l) => lines.push(l))).toBe(false)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/content search runs without an index \(pg_trgm: permission denied/)
    await db.query(`insert into mt_record (cus_id, prod_type, mobile, content, mt_status, receive_time)
      values ('c1', 0, '13900000000', '您的验证码 50%', 0, now())`)
    const { rows: found } = await db.query(`select content from mt_record where content like $1`, ['%码 50\\%%'])
    expect(found).toEqual([{ content: '您的验证码 50%' }])
  })
})
