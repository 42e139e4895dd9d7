import type { Server } from 'node:http'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { APP_BASE } from '../src/domain/api'
import { createApp } from './app'
import { Carrier } from './carrier'
import { configFromSettings, settingsOrExit } from './config'
import { migrate, openDb } from './db'
import { ensureContentIndex } from './db/content-index'
import { DEMO_ACCOUNTS, seedIfEmpty, syncMenus } from './seed'
import { JOBS } from './jobs'
import { makeDeps } from './make-deps'
import { closeConnectionsWhenShuttingDown, shutdownGracefully, trackHandlers } from './shutdown'
import { refuseWith, startDatabase } from './start-database'
import { openStore } from './storage'
import { startJobs } from './worker-loop'
import { seedDemoMedia } from './seed/materials'
import { createLogger, setLogger } from './log'
import { markShuttingDown } from './ops/health'

const env = settingsOrExit('server')
const log = createLogger({ level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === 'pretty' })
setLogger(log)
const host = env.HOST
const port = env.PORT
// Startup refusals that are the operator's to fix: one paragraph, no stack.
const refuse = refuseWith(log)

// A promise some background step forgot to handle is a bug to log, not a reason to stop serving every user (Node
// would end the process). A thrown exception still ends it: its state is unknown, and a restart is the safe answer.
process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection (a bug; the server keeps serving)'))

// Without DATABASE_URL: the embedded PostgreSQL in DATA_DIR/postgres, started (and made, the first time) here and
// stopped after the pool at shutdown (server/db/embedded.ts).
// Supervised: restarted when it exits while serving; when it cannot come back the server exits 1 (its own supervisor
// restarts it), having answered 503 meanwhile.
// Before the server listens there is nothing to finish: it exits at once.
let serving = false
const { url, embedded, watch } = await startDatabase(env, log, () => (serving ? void shutdown('the database did not come back', 1) : process.exit(1)))
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`
// The start's one-off work (migrations, the demo data on an empty database) runs on connections of their own,
// closed before serving: their backends leave with the caches that work built (25 MB after the demo seed).
const setup = await openDb({ databaseUrl: url })
const migrating = performance.now()
const applied = await migrate(setup).catch(refuse)
if (applied.length) log.info({ applied }, `migrations applied in ${secs(performance.now() - migrating)}`)
// CONTENT_SEARCH_INDEX=on trades send speed for fast content searches (docs/architecture.md, "How a list request travels").
await ensureContentIndex(setup, env.CONTENT_SEARCH_INDEX === 'on', (m) => log.warn(m))
// SEED_HISTORY_ROWS lets browser tests start on a smaller history; the demo default is 300k sent records.
const seeded = await seedIfEmpty(setup, { log: (m) => log.info(m), historyRows: env.SEED_HISTORY_ROWS })
if (seeded === null) await syncMenus(setup)
else log.info(`demo data ready in ${(seeded / 1000).toFixed(1)} s`)
await setup.close()
// Serving connections are bounded in time: a database that is gone, stopped or cut off fails the request with 503.
const db = await openDb({ databaseUrl: url, timeouts: { connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS } })

const config = configFromSettings(env)
if (!env.PUBLIC_ORIGIN?.length && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
  log.warn(`PUBLIC_ORIGIN is not set: only ${config.publicOrigins.join(' and ')} are served, every other host name is refused (421)`)
}
if (config.captchaFixed) log.warn('SMS_CAPTCHA_FIXED is set: a fixed captcha is accepted (tests only)')
const storage = openStore(config)
if (seeded !== null) await seedDemoMedia(db, storage)
log.info(`uploads: ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.url}` : `files in ${resolve(config.filesDir!)}`}`)
const deps = makeDeps({ db, config, carrier: new Carrier({ log: true, outboxFile: env.CARRIER_OUTBOX }), storage, database: watch })
const app = createApp(deps)

// Every job of the registry (server/jobs/index.ts) on the same Deps; SEND_WORKERS=0 starts none (several processes may run them).
if (config.pushAllowPrivate) log.warn('PUSH_ALLOW_PRIVATE is set: report pushes may reach loopback and private addresses')
const stopWorkers = env.SEND_WORKERS ? [startJobs(deps, JOBS)] : []

const handlers = trackHandlers(app.fetch)
const server = serve({ fetch: handlers.fetch, hostname: host, port }, () => {
  // No passwords in the log: the demo accounts' are in the README.
  log.info({ demoAccounts: DEMO_ACCOUNTS.slice(0, 3).map((a) => a.cusId) }, `SMS cloud console: http://${host}:${port}${APP_BASE}`)
})

// On SIGTERM/SIGINT: stop accepting, finish the requests in flight and the workers' current step, then close the
// pool and stop the embedded PostgreSQL (a kill without it loses nothing committed: the next start recovers). SHUTDOWN_GRACE_MS bounds
// how long slow requests (a download to a slow client) may hold the exit.
const ending = closeConnectionsWhenShuttingDown(server as Server, env.KEEP_ALIVE_TIMEOUT_MS)
let closing = false
async function shutdown(signal: string, status = 0) {
  if (closing) return
  closing = true
  markShuttingDown()
  ending.begin()
  // shutdownGracefully stops accepting before it returns; the line says so only then (a client acting on the line,
  // as the shutdown test does, found the port still open when the line came first).
  const done = shutdownGracefully({
    server: server as Server,
    handlersIdle: handlers.idle,
    workers: stopWorkers,
    closeDb: async () => {
      await db.close().catch((err) => log.error({ err }, 'closing the database failed'))
      // A fast shutdown: ends its sessions and writes a checkpoint, so the next start needs no recovery.
      await embedded?.stop()
    },
    graceMs: env.SHUTDOWN_GRACE_MS,
    log: (m) => log.warn(m),
  })
  log.info(`${signal}: stopped accepting; finishing requests in flight, then closing`)
  await done
  log.info('closed')
  process.exit(status)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
serving = true
