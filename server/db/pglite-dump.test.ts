import { expect, it } from 'vitest'
import { dumpPglite, openPglite } from './pglite'

// The test harness copies one seeded database per history size (server/test/seeded-pglite.ts): a copy holds what the
// original held, sequences included, and each goes its own way after.
it('starts an in-memory PGlite from a dump of another: same rows and sequence, then independent', async () => {
  const first = await openPglite()
  await first.exec('create table t (id serial primary key, v text); insert into t (v) values (\'a\'), (\'b\')')
  const copy = await openPglite(undefined, await dumpPglite(first))
  try {
    expect((await copy.query<{ v: string }>('select v from t order by id')).rows.map((r) => r.v)).toEqual(['a', 'b'])
    await copy.query("insert into t (v) values ('c')")
    expect((await copy.query<{ id: number }>("select id from t where v = 'c'")).rows[0].id).toBeGreaterThan(2)
    expect((await first.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n).toBe(2)
  } finally {
    await copy.close()
    await first.close()
  }
})
