import { Carrier } from './carrier'
import { defaultConfig, type ServerConfig } from './config'
import type { Db } from './db'
import { UNWATCHED, type DatabaseWatch } from './db/supervise'
import { BodyBudget } from './http/body-budget'
import type { Deps, LoginKeys } from './deps'
import { JOBS } from './jobs'
import type { JobRuns } from './jobs/runs'
import { mediaUrls } from './materials/media-url'
import { metricsOf } from './ops/metrics'
import { keySealer } from './signed-api/key-seal'
import { loadKeyPair, makeDecryptor } from './security/rsa'
import { openStore, type ObjectStore } from './storage'

/** What a start (server/main.ts) or a test (server/test/harness.ts) gives; the rest of Deps is made from it. */
export interface AppOptions {
  db: Db
  /** The embedded database's supervisor (server/start-database.ts); default: none. */
  database?: DatabaseWatch
  /** Over defaultConfig(), the schema's defaults. */
  config?: Partial<ServerConfig>
  carrier?: Carrier
  /** The object store of uploads; default from config (S3 when configured, else files). */
  storage?: ObjectStore
  jobRuns?: JobRuns
}

function lazyKeys(db: Db): () => Promise<LoginKeys> {
  let pending: Promise<LoginKeys> | undefined
  return () =>
    (pending ??= loadKeyPair(db).then((k) => ({ publicKey: k.publicKey, decrypt: makeDecryptor(k.privateKey) })).catch((e) => {
      pending = undefined
      throw e
    }))
}

/**
 * The one Deps object of a process (or of a test's app), built at start and handed to the routes and the jobs. A
 * complete Deps passed back in is returned as it is, so `createApp(makeDeps(…))` shares it with the job loop.
 */
export function makeDeps(opts: AppOptions | Deps): Deps {
  if (isDeps(opts)) return opts
  const config = { ...defaultConfig(), ...opts.config }
  const jobRuns = opts.jobRuns ?? new Map()
  return {
    db: opts.db,
    database: opts.database ?? UNWATCHED,
    config,
    carrier: opts.carrier ?? new Carrier(),
    storage: opts.storage ?? openStore(config),
    keys: lazyKeys(opts.db),
    jobRuns,
    metrics: metricsOf({ db: opts.db, jobRuns, jobs: JOBS }),
    mediaUrls: mediaUrls(opts.db, config.apiBase),
    keySealer: keySealer(opts.db, config.apiKeySealKey),
    bulkCursors: { open: 0 },
    bodyBudget: new BodyBudget(config.uploadMemoryBytes),
    rateLimiters: new Map(),
    now: () => new Date(),
  }
}

const isDeps = (o: AppOptions | Deps): o is Deps => 'metrics' in o && 'keys' in o
