import type { Server } from 'node:http'
import { join, resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { APP_BASE } from '../src/domain/api'
import { createApp } from './app'
import { Carrier } from './carrier'
import { configFromSettings, settingsOrExit } from './config'
import { migrate, openDb } from './db'
import { ensureContentIndex } from './db/content-index'
import { DataDirOpenError } from './db/data-dir-errors'
import { DataLockError, lockDataDir } from './db/data-lock'
import { DEMO_ACCOUNTS, seedIfEmpty, syncMenus } from './seed'
import { startCarrierSim } from './send/carrier-sim'
import { startPushWorker } from './push/worker'
import { startScheduler } from './send/scheduler'
import { closeConnectionsWhenShuttingDown, shutdownGracefully, trackHandlers } from './shutdown'
import { startUeChecker } from './number-check/ue-checker'
import { openStore } from './storage'
import { undoStoringLeft } from './send/storing'
import { undoImportsLeft } from './routes/lists/address-book-storing'
import { startReviewWorker } from './templates/review'
import { seedDemoMedia } from './seed/materials'
import { startOrphanSweep } from './materials/sweep'

const env = settingsOrExit('server')
const host = env.HOST
const port = env.PORT
const dataDir = env.DATA_DIR
const databaseUrl = env.DATABASE_URL

// Startup refusals that are the operator's to fix: one paragraph, no stack.
function refuse(e: unknown): never {
  if (!(e instanceof DataLockError || e instanceof DataDirOpenError)) throw e
  console.error(`[server] ${e.message}`)
  process.exit(1)
}

// One server process per PGlite folder; PostgreSQL takes several. Released on exit, after the database is closed.
const lock = databaseUrl
  ? null
  : await lockDataDir(dataDir, {
      waitMs: env.DATA_DIR_LOCK_WAIT_MS,
      onWait: (h) => console.log(`[server] waiting for process ${h.pid} to release DATA_DIR ${resolve(dataDir)}`),
    }).catch(refuse)
process.on('exit', () => lock?.release())
// A promise some background step forgot to handle is a bug to log, not a reason to stop serving every user (Node
// would end the process). A thrown exception still ends it: its state is unknown, and a restart is the safe answer.
process.on('unhandledRejection', (reason) => console.error('[server] unhandled rejection (a bug; the server keeps serving):', reason))
const gone = lock?.tookOverFrom
if (gone) console.warn(`[server] took over DATA_DIR from process ${gone.pid} (since ${gone.since}), which is no longer running`)

const db = await openDb({ databaseUrl, dataDir: join(dataDir, 'pglite') }).catch(refuse)
console.log(`[server] database: ${databaseUrl ? 'PostgreSQL' : `PGlite in ${join(dataDir, 'pglite')}`}`)
const applied = await migrate(db)
if (applied.length) console.log(`[server] migrations applied: ${applied.join(', ')}`)
// CONTENT_SEARCH_INDEX=on trades send speed for fast content searches (server/README.md, migrations 040 and 057).
await ensureContentIndex(db, env.CONTENT_SEARCH_INDEX === 'on', console.warn)
// PGlite stores large sends in chunks; one a crash cut off is undone and refunded before anything else runs.
if (!databaseUrl) await undoStoringLeft(db, console.log)
// Likewise a large contact import it cut off: its contacts are removed and the upload can be committed again.
if (!databaseUrl) await undoImportsLeft(db, console.log)
// SEED_HISTORY_ROWS lets browser tests start on a smaller history; the demo default is 300k sent records.
const seeded = await seedIfEmpty(db, { log: console.log, historyRows: env.SEED_HISTORY_ROWS })
if (seeded === null) await syncMenus(db)
else console.log(`[server] demo data ready in ${(seeded / 1000).toFixed(1)} s`)

const config = configFromSettings(env)
if (config.captchaFixed) console.warn('[server] SMS_CAPTCHA_FIXED is set: a fixed captcha is accepted (tests only)')
const storage = openStore(config)
if (seeded !== null) await seedDemoMedia(db, storage)
console.log(`[server] uploads: ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.url}` : `files in ${resolve(config.filesDir!)}`}`)
const app = createApp({ db, config, carrier: new Carrier({ log: true }), storage })

// The carrier's reports, the timed-batch scheduler, the report push and the template review; SEND_WORKERS=0 turns them off (several
// processes may run them).
if (config.pushAllowPrivate) console.warn('[server] PUSH_ALLOW_PRIVATE is set: report pushes may reach loopback and private addresses')
const every = config.workerIntervalMs
const stopWorkers = !env.SEND_WORKERS ? [] : [
  startCarrierSim(db, every), startScheduler(db, every),
  startPushWorker(db, { allowPrivate: config.pushAllowPrivate, firstDelayMs: config.pushRetryFirstMs }, every), startUeChecker(db, { rate: env.UE_CHECK_RATE, failShare: env.UE_CHECK_FAIL_SHARE, seed: env.UE_CHECK_FAIL_SEED }),
  startReviewWorker(db, env.TEMPLATE_REVIEW_DELAY_SECONDS * 1000, every), startOrphanSweep(db, storage),
]

const handlers = trackHandlers(app.fetch)
const server = serve({ fetch: handlers.fetch, hostname: host, port }, () => {
  console.log(`\n  SMS cloud console: http://${host}:${port}${APP_BASE}\n`)
  console.log('  Demo accounts:')
  for (const a of DEMO_ACCOUNTS.slice(0, 3)) console.log(`    ${a.cusId.padEnd(8)} / ${a.password}`)
  console.log('')
})

// On SIGTERM/SIGINT: stop accepting, finish the requests in flight and the workers' current step, then close the
// database (PGlite writes its files on close; a kill without it can lose the latest changes). SHUTDOWN_GRACE_MS bounds
// how long slow requests (a download to a slow client) may hold the exit.
const ending = closeConnectionsWhenShuttingDown(server as Server)
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  ending.begin()
  // shutdownGracefully stops accepting before it returns; the line says so only then (a client acting on the line,
  // as the shutdown test does, found the port still open when the line came first).
  const done = shutdownGracefully({
    server: server as Server,
    handlersIdle: handlers.idle,
    workers: stopWorkers,
    closeDb: () => db.close().catch((e) => console.error('[server] closing the database failed', e)),
    graceMs: env.SHUTDOWN_GRACE_MS,
    log: console.log,
  })
  console.log(`[server] ${signal}: stopped accepting; finishing requests in flight, then closing`)
  await done
  console.log('[server] closed')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
