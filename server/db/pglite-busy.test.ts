import { expect, it } from 'vitest'
import { openDb } from '.'

it('PGlite reports itself busy while any statement runs or waits, in or out of a transaction, and idle after', async () => {
  const db = await openDb()
  try {
    expect(db.busy?.()).toBe(false)
    const a = db.query('select pg_sleep(0.05)')
    const b = db.exec('select 1')
    expect(db.busy?.()).toBe(true)
    await a
    expect(db.busy?.()).toBe(true)
    await b
    expect(db.busy?.()).toBe(false)
    let inside: boolean | undefined
    await db.transaction(async (tx) => {
      const q = tx.query('select 1')
      inside = db.busy?.()
      await q
    })
    expect(inside).toBe(true)
    await db.query('select nonsense_column').catch(() => undefined)
    expect(db.busy?.()).toBe(false)
  } finally {
    await db.close()
  }
})
