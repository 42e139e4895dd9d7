import { openAsBlob, statSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { inject } from 'vitest'
import { migrate, type Db } from '../db'
import { dumpPglite, openPglite } from '../db/pglite'
import { seedDemo, type SeedOptions } from '../seed'

/**
 * A migrated and seeded in-memory PGlite for setup(). Making one (initdb inside WebAssembly, every migration, the demo
 * seed) took about 3 s of CPU in every server test file; a copy of one made earlier in the run loads in a fraction of
 * that. The first file of a run that asks for a history size makes its database the usual way and leaves a dump of it
 * in the run's folder (global-setup.ts); later files start from that dump, so each still gets a database of its own.
 * The dump is written under a temporary name and renamed: a reader never sees half of one, and two files making the
 * same one at once both write whole ones. A dump older than DUMP_FRESH_MS is made again: the seed's times are
 * relative to when it ran (timed batches due in 30 minutes, today's records), and a slow run (a loaded CI machine)
 * would otherwise hand a later file a seed whose first scheduled batch has come due.
 */
export const DUMP_FRESH_MS = 10 * 60_000

const fresh = (file: string) => {
  const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs
  return at !== undefined && Date.now() - at < DUMP_FRESH_MS
}

export async function seededPglite(seed: SeedOptions & { historyRows: number }): Promise<Db> {
  const dir = inject('pgliteDumpDir')
  const file = dir ? join(dir, `seeded-${seed.historyRows}.tar`) : null
  if (file && fresh(file)) return openPglite(undefined, await openAsBlob(file))
  const db = await openPglite()
  await migrate(db)
  await seedDemo(db, seed)
  if (file) {
    const tmp = `${file}.${process.pid}.tmp`
    await writeFile(tmp, (await dumpPglite(db)).stream())
    await rename(tmp, file)
  }
  return db
}
