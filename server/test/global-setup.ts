import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { DEMO_ACCOUNTS } from '../seed'
import { hashPassword } from '../security/password'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo accounts' password hashes, made once per run (harness.ts seeds every database with them). */
    demoPasswordHashes: Record<string, string>
    /** This run's folder of seeded PGlite dumps (seeded-pglite.ts), removed when the run ends. */
    pgliteDumpDir: string
  }
}

/**
 * Once per `vitest run`, before any test file: scrypt is slow on purpose (~50 ms a password), and every setup() of
 * every server test seeded nine accounts, on each database, with hashes made afresh: about a minute of CPU a run.
 * Also the folder where the first setup() of each history size leaves its seeded PGlite for the later ones.
 */
export default async function globalSetup(project: TestProject) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.password, await hashPassword(a.password)] as const))
  project.provide('demoPasswordHashes', Object.fromEntries(hashes))
  // Per run, never reused: the seed's times are relative to when it ran.
  const dumps = await mkdtemp(join(tmpdir(), 'sms-test-pglite-'))
  project.provide('pgliteDumpDir', dumps)
  return () => rm(dumps, { recursive: true, force: true })
}
