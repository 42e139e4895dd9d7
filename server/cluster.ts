import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { settingsOrExit } from './config'
import { createLogger } from './log'
import { startDatabase } from './start-database'

/*
 * `npm run start:cluster`: N server processes (server/main.ts) on one port with Node's cluster module; the primary
 * hands connections out round-robin and does no other work. Without DATABASE_URL the primary starts the embedded
 * PostgreSQL (one postmaster for all the processes, server/db/embedded.ts) and stops it after the last process exits.
 *   CLUSTER_WORKERS  processes (default: the machine's available parallelism)
 *   SIGHUP           rolling restart: one process at a time, the new one listening before the old one drains
 *   SIGTERM, SIGINT  every process finishes its requests in flight, then all exit
 * A process that dies unexpectedly is replaced.
 */
const env = settingsOrExit('cluster')
const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === 'pretty' }).child({ role: 'cluster primary' })
const log = (m: string) => logger.info(m)

// The processes forked below inherit the database the primary started (or DATABASE_URL's) as theirs.
// An embedded PostgreSQL that exits is restarted on the same socket, which the processes' pools reach again; one that
// cannot come back stops them all and the primary exits 1.
const { url, embedded } = await startDatabase(env, logger, () => void stopAll('the database did not come back', 1))
process.env.DATABASE_URL = url
const size = env.CLUSTER_WORKERS ?? availableParallelism()

// The server itself, next to this file (main.ts under tsx, main.js once compiled); execArgv carries the loader.
const main = fileURLToPath(new URL(`./main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url))
cluster.setupPrimary({ exec: main })

const retiring = new Set<Worker>()
let stopping = false

function fork(): Promise<Worker> {
  const w = cluster.fork()
  w.once('exit', (code, signal) => {
    if (stopping || retiring.delete(w)) return
    log(`process ${w.process.pid} ended (${signal ?? code}); starting another`)
    void fork()
  })
  return new Promise((resolve, reject) => {
    w.once('listening', () => resolve(w))
    w.once('exit', () => reject(new Error(`process ${w.process.pid} ended before listening`)))
  })
}

const retire = (w: Worker) => new Promise<void>((resolve) => {
  retiring.add(w)
  w.once('exit', () => resolve())
  w.process.kill('SIGTERM')
})

let restarting = false
async function rollingRestart() {
  if (restarting || stopping) return
  restarting = true
  log('rolling restart')
  try {
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || retiring.has(old)) continue
      const fresh = await fork()
      log(`process ${fresh.process.pid} listening; ${old.process.pid} finishing its requests`)
      await retire(old)
    }
    log('rolling restart done')
  } catch (e) {
    logger.error({ err: e }, 'rolling restart stopped')
  } finally {
    restarting = false
  }
}

async function stopAll(signal: string, status = 0) {
  if (stopping) return
  stopping = true
  log(`${signal}: every process finishes its requests, then exits`)
  await Promise.all(Object.values(cluster.workers ?? {}).map((w) => w && retire(w)))
  await embedded?.stop()
  log('stopped')
  process.exit(status)
}

process.on('SIGHUP', () => void rollingRestart())
process.on('SIGTERM', () => void stopAll('SIGTERM'))
process.on('SIGINT', () => void stopAll('SIGINT'))

log(`starting ${size} server processes on one port`)
await Promise.all(Array.from({ length: size }, fork))
log(`${size} processes listening (pids ${Object.values(cluster.workers ?? {}).map((w) => w?.process.pid).join(', ')})`)
