import type { Db } from '../db'
import { seedAccounts } from './accounts'
import { seedHistory } from './history'
import { seedPlatform, syncMenus } from './platform'

export { DEMO_ACCOUNTS } from './accounts'
export { syncMenus }

export interface SeedOptions {
  /** Sent records to generate; replies come to about a tenth of that. Tests pass a few thousand. */
  historyRows?: number
  log?: (msg: string) => void
}

export const DEFAULT_HISTORY_ROWS = 300_000

/** True while no account exists: the demo data goes in only then, never over real data. */
export async function isEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from customer')
  return rows[0].n === 0
}

/** Site settings, products, countries, menus, demo accounts and a history of sends. Returns milliseconds taken. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<number> {
  const log = opts.log ?? (() => undefined)
  const started = Date.now()
  const step = (msg: string) => log(`[seed] ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  await db.transaction(async (tx) => {
    await seedPlatform(tx)
    await seedAccounts(tx)
  })
  step('settings, products, countries, menus and accounts')
  await seedHistory(db, opts.historyRows ?? DEFAULT_HISTORY_ROWS, step)
  await db.exec('analyze')
  step('done')
  return Date.now() - started
}
