import type { Db } from '../db'
import { seedAccounts } from './accounts'
import { seedCsp } from './csp'
import { seedHistory } from './history'
import { seedLists } from './lists'
import { seedPlatform, syncMenus } from './platform'
import { seedPushHistory } from './push'
import { seedRecordExtras } from './records'
import { seedSignatures } from './signatures'
import { seedVideoFrames } from './video'
import { lockInSchema } from '../db/locks'

export { DEMO_ACCOUNTS } from './accounts'
export { syncMenus }

export interface SeedOptions {
  /** Sent records to generate; replies come to about a tenth of that. Tests pass a few thousand. */
  historyRows?: number
  log?: (msg: string) => void
  /** How the demo passwords are hashed (default: hashPassword); the test harness reuses hashes made once per run. */
  passwordHash?: (password: string) => Promise<string>
}

export const DEFAULT_HISTORY_ROWS = 300_000

/** True while no account exists: the demo data goes in only then, never over real data. */
export async function isEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from customer')
  return rows[0].n === 0
}

// Same idea as the migration lock: processes starting together on one empty PostgreSQL seed it once.
const SEED_LOCK_KEY = 72_410_002

/** Seeds only an empty database, in one transaction; returns milliseconds taken, or null when data was there. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockInSchema(tx, SEED_LOCK_KEY, 'seed')
    if (!(await isEmpty(tx))) return null
    opts.log?.('[seed] empty database: creating the demo data')
    return seedDemo(tx, opts)
  })
}

/** Site settings, products, countries, menus, demo accounts and a history of sends. Returns milliseconds taken. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<number> {
  const log = opts.log ?? (() => undefined)
  const started = Date.now()
  const step = (msg: string) => log(`[seed] ${msg} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  await db.transaction(async (tx) => {
    await seedPlatform(tx)
    await seedAccounts(tx, undefined, opts.passwordHash)
    await seedSignatures(tx)
  })
  step('settings, products, countries, menus, accounts and signatures')
  await seedHistory(db, opts.historyRows ?? DEFAULT_HISTORY_ROWS, step)
  await seedLists(db)
  await seedCsp(db)
  await seedVideoFrames(db)
  step('timed batches, recharges, templates, address books, number checks')
  await seedRecordExtras(db)
  await seedPushHistory(db)
  step('short links and interaction records')
  await db.exec('analyze')
  step('done')
  return Date.now() - started
}
