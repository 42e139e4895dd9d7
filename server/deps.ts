import type { Registry } from 'prom-client'
import type { RateLimiterPostgres } from 'rate-limiter-flexible'
import type { Carrier } from './carrier'
import type { ServerConfig } from './config'
import type { Db } from './db'
import type { DatabaseWatch } from './db/supervise'
import type { BodyBudget } from './http/body-budget'
import type { JobRuns } from './jobs/runs'
import type { MediaUrls } from './materials/media-url'
import type { KeySealer } from './signed-api/key-seal'
import type { ObjectStore } from './storage'

/** Everything a route or a job needs besides the request: built once at start (server/make-deps.ts) and handed down. */
export interface Deps {
  db: Db
  /** Why the database cannot serve now as its supervisor knows it (the embedded one restarting), for /readyz. */
  database: DatabaseWatch
  config: ServerConfig
  carrier: Carrier
  /** Uploaded media (server/storage): files under DATA_DIR/files, or an S3-compatible bucket. */
  storage: ObjectStore
  /** The login key pair, loaded (or made) on first use so createApp can stay synchronous. */
  keys: () => Promise<LoginKeys>
  /** The background jobs this process runs (the loop writes it; /readyz and /metrics read it). */
  jobRuns: JobRuns
  /** What /metrics answers: the process's counters and this Deps' pool and job gauges (server/ops/metrics.ts). */
  metrics: Registry
  /** Signed media addresses, with the signing key read from the database once (server/materials/media-url.ts). */
  mediaUrls: MediaUrls
  /** Seals and opens API keys' secrets (server/signed-api/key-seal.ts). */
  keySealer: KeySealer
  /** Bulk-read cursors open now, each holding a pooled connection (capped in server/lists/bulk-read.ts). */
  bulkCursors: { open: number }
  /** The memory the request bodies this process reads at once may take, uploads' and send forms' (server/http/body-budget.ts). */
  bodyBudget: BodyBudget
  /** The rate limits' limiters, one per rule and scale, made on first use (server/security/rate-limit.ts). */
  rateLimiters: Map<string, RateLimiterPostgres>
  /** The clock whose platform day the figures' today, yesterday and months are (tests pin it). */
  now: () => Date
}

export interface LoginKeys {
  publicKey: string
  /** PKCS#1 v1.5 plaintext, or null when the cipher text is not ours. */
  decrypt: (cipher: string) => string | null
}
