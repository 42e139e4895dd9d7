import { join } from 'node:path'
import type { Carrier } from './carrier'
import { s3FromEnv } from './storage'
import { STORAGE_QUOTA_DEFAULT } from '../src/domain/materials'
import { UPLOAD_MEMORY_DEFAULT } from './materials/upload-budget'
import type { Db } from './db'
import type { ObjectStore, S3Settings } from './storage'

export interface ServerConfig {
  /** Test-only captcha code accepted besides the drawn one (SMS_CAPTCHA_FIXED); ignored unless 4 characters. */
  captchaFixed?: string
  /** The built console served under /sms-cloud/. */
  distDir: string
  /** Written into /sms-cloud/config.js so one build can talk to another API host. */
  apiBase: string
  /** CORS_ORIGIN: `*` lets any origin read the API with a token; unset (''), only the console's own origin and ALLOWED_ORIGINS; one origin adds it. */
  corsOrigin: string
  /** Origin of the short links of link sends (SHORT_LINK_BASE, e.g. https://s.example.cn); unset: the origin the request reached. */
  shortLinkBase?: string
  /** Multiplies the points of every rate limit (RATE_LIMIT_SCALE, default 1): tests and demos that sign in hundreds of times. */
  rateLimitScale?: number
  /** Other origins whose pages may write to the API (ALLOWED_ORIGINS, comma separated), besides the console's own. */
  allowedOrigins?: string[]
  /** Origins /myiframe/ may frame besides the console's own (FRAME_ORIGINS, comma separated); in config.js and the CSP. */
  frameOrigins?: string[]
  /** Served over HTTPS (HTTPS=1): HSTS header and `Secure` cookies. */
  https?: boolean
  /** Behind a reverse proxy (TRUST_PROXY=1): its X-Forwarded-* headers are believed. */
  trustProxy?: boolean
  /** Report pushes may go to loopback and private addresses (PUSH_ALLOW_PRIVATE=1; local testing only, see server/push/target.ts). */
  pushAllowPrivate?: boolean
  /** LIST_TOTALS=exact counts every sent-record list total instead of summing the daily rollups (the bench's baseline). */
  listTotals?: 'rollup' | 'exact'
  /** false: sent-record content searches walk the records as before migration 058's per-content rollup (the bench's baseline). */
  contentRollup?: boolean
  /** How long a counted sent-record total is reused by this process (LIST_COUNT_CACHE_MS, default 5000; 0 or unset in tests: off). */
  listCountCacheMs?: number
  /** Where uploads are stored without S3: DATA_DIR/files (default ./.data/files). */
  filesDir?: string
  /** S3_URL, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: uploads go to that bucket instead. */
  s3?: S3Settings
  /** Bytes a customer's materials may take unless its own storage_quota says otherwise (STORAGE_QUOTA_BYTES, default 1 GiB). */
  storageQuotaBytes?: number
  /** Bytes of upload bodies one process reads at once (UPLOAD_MEMORY_BYTES, default 64 MiB; a tenant a quarter): server/materials/upload-budget.ts. */
  uploadMemoryBytes?: number
  /** Seconds a new template waits before the review worker decides it (TEMPLATE_REVIEW_DELAY_SECONDS, default 15: a demo sees it pending, then reviewed). */
  templateReviewDelaySeconds?: number
  /**
   * How often the carrier's reports, the timed-batch scheduler, the report push and the template review look for work
   * (WORKER_INTERVAL_MS; unset: each its own, 2–5 s). Browser tests shorten it so they wait for the work, not the timer.
   */
  workerIntervalMs?: number
  /** The report push's first retry waits this long before jitter (PUSH_RETRY_FIRST_SECONDS, default 30; then doubling). */
  pushRetryFirstMs?: number
}

export const defaultConfig = (): ServerConfig => ({ distDir: './dist', apiBase: '/api', corsOrigin: '', rateLimitScale: 1 })

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`)
  return n
}

function nonNegative(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of seconds (0 or more), not ${JSON.stringify(raw)}`)
  return n
}

/** A comma-separated list of origins (scheme://host[:port]); anything else stops the start with the setting's name. */
function origins(name: string, raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const url = URL.canParse(s) ? new URL(s) : null
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== s.replace(/\/$/, '')) throw new Error(`${name}: ${JSON.stringify(s)} is not an origin such as https://console.example.com`)
    return url.origin
  })
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    captchaFixed: env.SMS_CAPTCHA_FIXED || undefined,
    distDir: env.DIST_DIR || './dist',
    apiBase: env.API_BASE || '/api',
    corsOrigin: env.CORS_ORIGIN || '',
    shortLinkBase: env.SHORT_LINK_BASE || undefined,
    rateLimitScale: positive('RATE_LIMIT_SCALE', env.RATE_LIMIT_SCALE, 1),
    allowedOrigins: origins('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS),
    frameOrigins: origins('FRAME_ORIGINS', env.FRAME_ORIGINS),
    https: env.HTTPS === '1',
    trustProxy: env.TRUST_PROXY === '1',
    pushAllowPrivate: env.PUSH_ALLOW_PRIVATE === '1',
    listTotals: env.LIST_TOTALS === 'exact' ? 'exact' : 'rollup',
    listCountCacheMs: env.LIST_COUNT_CACHE_MS === '0' ? 0 : positive('LIST_COUNT_CACHE_MS', env.LIST_COUNT_CACHE_MS, 5000),
    filesDir: join(env.DATA_DIR || './.data', 'files'),
    s3: s3FromEnv(env),
    storageQuotaBytes: positive('STORAGE_QUOTA_BYTES', env.STORAGE_QUOTA_BYTES, STORAGE_QUOTA_DEFAULT),
    uploadMemoryBytes: positive('UPLOAD_MEMORY_BYTES', env.UPLOAD_MEMORY_BYTES, UPLOAD_MEMORY_DEFAULT),
    templateReviewDelaySeconds: nonNegative('TEMPLATE_REVIEW_DELAY_SECONDS', env.TEMPLATE_REVIEW_DELAY_SECONDS, 15),
    workerIntervalMs: env.WORKER_INTERVAL_MS ? positive('WORKER_INTERVAL_MS', env.WORKER_INTERVAL_MS, 0) : undefined,
    pushRetryFirstMs: env.PUSH_RETRY_FIRST_SECONDS ? positive('PUSH_RETRY_FIRST_SECONDS', env.PUSH_RETRY_FIRST_SECONDS, 0) * 1000 : undefined,
  }
}

/** Everything a route needs besides the request. */
export interface Deps {
  db: Db
  config: ServerConfig
  carrier: Carrier
  /** Uploaded media (server/storage): files under DATA_DIR/files, or an S3-compatible bucket. */
  storage: ObjectStore
  /** The login key pair, loaded (or made) on first use so createApp can stay synchronous. */
  keys: () => Promise<LoginKeys>
}

export interface LoginKeys {
  publicKey: string
  /** PKCS#1 v1.5 plaintext, or null when the cipher text is not ours. */
  decrypt: (cipher: string) => string | null
}
