import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate, openDb } from '../db'
import { runningPostmaster, startEmbedded } from '../db/embedded'
import { DEMO_ACCOUNTS } from '../seed'
import { hashPassword } from '../security/password'
import { adminQuery, dropDatabase, runDatabases, withDatabase } from './databases'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo accounts' password hashes, made once per run (harness.ts seeds every database with them). */
    demoPasswordHashes: Record<string, string>
    /** A superuser URL of this run's PostgreSQL (its `postgres` database): test files make their databases there. */
    testDatabaseUrl: string
    /** Prefix of this run's database names (several runs may share one TEST_DATABASE_URL server). */
    testRunId: string
  }
}

/**
 * Once per `vitest run`, before any test file:
 * - one PostgreSQL for the whole run: the TEST_DATABASE_URL server when set, else the embedded one (the same binaries
 *   `npm start` runs) in a temporary folder, without fsync (a crash loses a test run, nothing else);
 * - the migrated template database every test database is copied from (databases.ts), so no file migrates or seeds
 *   its own: setup() copies a seeded copy of it, seeded once per run and history size;
 * - scrypt is slow on purpose (~50 ms a password): the demo accounts' hashes are made once here.
 */
export default async function globalSetup(project: TestProject) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.password, await hashPassword(a.password)] as const))
  project.provide('demoPasswordHashes', Object.fromEntries(hashes))

  const runId = `t${Date.now().toString(36)}${process.pid.toString(36)}`
  let url = process.env.TEST_DATABASE_URL
  let stop = async () => {}
  if (!url) {
    await sweepKilledRuns()
    const folder = await mkdtemp(join(tmpdir(), FOLDER_PREFIX))
    // As root, PostgreSQL runs as the user postgres, which has to reach the folder.
    await chmod(folder, 0o755)
    const server = await startTestPostgres(join(folder, 'postgres'))
    url = server.url
    stop = async () => {
      await server.stop()
      await rm(folder, { recursive: true, force: true })
    }
  }
  project.provide('testDatabaseUrl', url)
  project.provide('testRunId', runId)

  const { migrated } = runDatabases(runId)
  await adminQuery(url, `create database ${migrated}`)
  const db = await openDb({ databaseUrl: withDatabase(url, migrated) })
  await migrate(db)
  await db.close()

  return async () => {
    // An external server keeps running: this run's databases go (the embedded one goes with its folder).
    if (process.env.TEST_DATABASE_URL) {
      const names = await adminQuery<{ datname: string }>(url, 'select datname from pg_database where datname like $1', [`${runId}%`])
      for (const { datname } of names) await dropDatabase(url, datname)
    }
    await stop()
  }
}

const FOLDER_PREFIX = 'sms-test-pg-'

/**
 * The folders (and PostgreSQL) of runs that were killed before their teardown: a run's folder whose PostgreSQL has no
 * live parent any more, or none at all after 10 minutes, is stopped and removed, so the machine does not collect them.
 */
async function sweepKilledRuns() {
  for (const name of (await readdir(tmpdir())).filter((n) => n.startsWith(FOLDER_PREFIX))) {
    const folder = join(tmpdir(), name)
    const running = runningPostmaster(join(folder, 'postgres'))
    if (running?.server) continue
    if (!running && Date.now() - (await stat(folder)).mtimeMs < 10 * 60_000) continue
    if (running) {
      process.kill(running.pid, 'SIGQUIT')
      for (let i = 0; i < 100 && runningPostmaster(join(folder, 'postgres')); i++) await new Promise((r) => setTimeout(r, 50))
    }
    await rm(folder, { recursive: true, force: true })
  }
}

/** The embedded PostgreSQL as `npm start` runs it (on a socket in its folder), without durability: a throwaway. */
function startTestPostgres(dir: string) {
  return startEmbedded({
    dir,
    noSync: true,
    settings: { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off', max_connections: '300' },
  })
}
