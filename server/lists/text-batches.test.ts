import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzipSync, strFromU8 } from 'fflate'
import type { Db } from '../db'
import { openTestDb } from '../test/harness'
import { keysetBatches, type KeysetSpec } from './keyset'
import { csvLineSql, xlsxRowSql, type SqlCell } from './sql-lines'
import { Where } from './sql'
import { textBatches, type TextBatch } from './text-batches'
import { csvWriter, xlsxWriter, type Cell, type FileWriter } from './writers'

type Row = Record<string, unknown>

// Every kind of text a cell may hold: what csv quotes or neutralises, what XML escapes or drops, empty and null,
// Chinese, a character outside the BMP, a lone apostrophe, line ends of both kinds.
const WORDS = [
  'plain', '', null, 'a,b', 'say "hi"', 'two\nlines', 'cr\rlf\r\n', '=1+2', '+86', '-5', '@user', '\tlead tab', '\rlead cr',
  'a & b <c> >', 'bell\u0007 and \u001F unit', '\u0001', '您的验证码为123，请勿泄露', '😀 emoji', "it's", '"', ',', '=', "'",
  ' spaced ', '\uFFFE\uFFFFx', '&amp;', '</row>',
]

describe('lists/text-batches', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openTestDb())
    // Each word in the first column, paired with another in the second (nulls too), 1,001 rows; times repeat so the
    // key's second part orders them, and a formatted time cell stands for the database's own formatting.
    await db.exec(`create table tb (id bigint primary key, t timestamptz not null, a text, b text)`)
    await db.query(`insert into tb select i, timestamptz '2026-01-01 00:00:00.123456+00' + make_interval(secs => i / 7),
        w[1 + i % cardinality(w)], w[1 + (i * 7) % cardinality(w)]
      from generate_series(1, 1001) i, (select $1::text[] as w) x`, [WORDS])
  })
  afterAll(() => close())

  const spec = (batchSize: number, where = new Where()): KeysetSpec => ({
    select: `a, b, to_char(t at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at`, from: 'tb', where, order: 'desc', batchSize,
    key: [{ sql: 't', type: 'timestamptz' }, { sql: 'id', type: 'bigint' }],
  })
  const cells: SqlCell[] = [{ sql: 'a' }, { sql: 'b' }, { sql: 'at', plain: true }]
  const values = ['a', 'b', 'at'].map((f) => (row: Row) => row[f] as Cell)

  /** The file one writer makes of all batches, each written as the download writes it. */
  async function file(make: (push: (c: Uint8Array) => void) => FileWriter, batches: AsyncIterable<Row[] | TextBatch>) {
    const parts: Uint8Array[] = []
    const w = make((c) => parts.push(c))
    w.start(['A', 'B', 'At'])
    for await (const b of batches) {
      if (Array.isArray(b)) await w.rowsOf(b, values)
      else await w.text(b.text, b.rows)
    }
    await w.end()
    return Buffer.concat(parts)
  }
  const collect = async <T>(it: AsyncIterable<T>) => {
    const out: T[] = []
    for await (const x of it) out.push(x)
    return out
  }
  const rowsPath = (size: number, where?: Where) => keysetBatches<Row>(db, spec(size, where))
  const textPath = (size: number, line: string, where?: Where) => textBatches(db, { ...spec(size, where), line })

  it('csv written by the database is byte for byte the csv of the rows, across batches of every fill', async () => {
    for (const size of [1000, 7, 1001, 5000]) {
      const old = await file(csvWriter, rowsPath(size))
      const now = await file(csvWriter, textPath(size, csvLineSql(cells)))
      expect(now.length).toBeGreaterThan(30_000)
      expect(now.equals(old)).toBe(true)
    }
    // The cases themselves, so the comparison above cannot pass by both sides going wrong alike.
    const text = (await file(csvWriter, textPath(1000, csvLineSql(cells)))).toString('utf8')
    expect(text).toContain('\r\n"say ""hi""",')
    expect(text).toContain(`\r\n'=1+2,`)
    expect(text).toContain(`\r\n"'\rlead cr",`)
  })

  it('xlsx rows written by the database are the same sheet as the rows, also when a sheet fills inside a batch', async () => {
    const sheets = async (batches: AsyncIterable<Row[] | TextBatch>) => {
      const zip = unzipSync(new Uint8Array(await file((push) => xlsxWriter(push, 300), batches)))
      return Object.keys(zip).filter((n) => n.startsWith('xl/worksheets/')).sort().map((n) => strFromU8(zip[n]))
    }
    const old = await sheets(rowsPath(128))
    const now = await sheets(textPath(128, xlsxRowSql(cells)))
    expect(old).toHaveLength(4)
    expect(now).toEqual(old)
    const all = now.join('')
    expect(all).toContain('<t xml:space="preserve">a &amp; b &lt;c&gt; &gt;</t>')
    expect(all).toContain('<t xml:space="preserve">bell and  unit</t>')
    expect(all).toContain('<t xml:space="preserve">&lt;/row&gt;</t>')
  })

  it('a statement that fails gives its database error, and the connection serves the next statement', async () => {
    const failing = textBatches(db, { ...spec(10), line: `(1 / (length(coalesce(a, '')) - length(coalesce(a, ''))))::text` })
    await expect(collect(failing)).rejects.toThrow(/division by zero/)
    expect((await db.query<{ n: number }>('select count(*)::int as n from tb')).rows[0].n).toBe(1001)
  })


  it('a filter matching nothing gives no batch; one matching fewer rows than a batch gives one', async () => {
    const none = new Where()
    none.and(`id = ${none.bind(-1)}`)
    expect(await collect(textPath(10, csvLineSql(cells), none))).toEqual([])
    const few = new Where()
    few.and(`id <= ${few.bind(3)}`)
    const got = await collect(textPath(10, csvLineSql(cells), few))
    expect(got.map((b) => b.rows)).toEqual([3])
  })
})
