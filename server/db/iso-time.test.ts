import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../test/harness'
import type { Db } from './types'

/** Times at the edges of the fast path: fractions of every length, other offsets, years past 9999 and BC, infinity. */
const TIMES = [
  '2026-11-24 01:02:03+00', '2026-11-24 01:02:03.1+00', '2026-11-24 01:02:03.12+00', '2026-11-24 01:02:03.123+00',
  '2026-11-24 01:02:03.1239+00', '2026-11-24 01:02:03.999999+00', '2026-01-02 03:04:05.5+08', '2026-03-29 23:59:59.000001-09:30',
  '0999-01-01 00:00:00+00', '12000-06-01 12:00:00+00', '2000-01-01 00:00:00+00 BC', 'infinity', '-infinity',
]
const SQL = `select t::timestamptz as t, now() as now, null::timestamptz as none, 1 as n from unnest($1::text[]) with ordinality u(t, i) order by i`

describe('db/iso-time', () => {
  describe('timestamptz as ISO text (QueryOptions.isoTimes)', () => {
    let db: Db
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ db, close } = await openTestDb())
    })
    afterAll(() => close())

    /** JSON of the rows read with Dates, and of the rows read with isoTimes: the answer a client sees either way. */
    const both = async (run: Db, prepare: boolean) => {
      const dates = await run.query(SQL, [TIMES], { prepare })
      const iso = await run.query(SQL, [TIMES], { prepare, isoTimes: true })
      return { dates: JSON.stringify(dates.rows.map(({ now: _, ...r }) => r)), iso: JSON.stringify(iso.rows.map(({ now: _, ...r }) => r)), rows: iso.rows }
    }

    it('reads every time as the JSON of its Date, plain and prepared, in and out of a transaction', async () => {
      for (const prepare of [false, true]) {
        const out = await both(db, prepare)
        expect(out.iso).toBe(out.dates)
        expect(out.rows[0]).toMatchObject({ t: '2026-11-24T01:02:03.000Z', none: null, n: 1 })
        expect(out.rows[4].t).toBe('2026-11-24T01:02:03.123Z')
        expect(typeof out.rows[0].now).toBe('string')
        const inTx = await db.transaction((tx) => both(tx, prepare))
        expect(inTx.iso).toBe(inTx.dates)
      }
      // Without the option nothing changes: Dates as before.
      expect((await db.query<{ t: unknown }>(SQL, [TIMES.slice(0, 1)], { prepare: true })).rows[0].t).toBeInstanceOf(Date)
    })

    it('reads the text of a session in another time zone alike', async () => {
      const out = await db.transaction(async (tx) => {
        await tx.query(`set local timezone = 'Asia/Kolkata'`)
        return both(tx, false)
      })
      expect(out.iso).toBe(out.dates)
      expect(out.rows[6].t).toBe('2026-01-01T19:04:05.500Z')
    })
  })
})
