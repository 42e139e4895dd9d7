import { join } from 'node:path'
import { z } from 'zod'

export interface S3Settings {
  /** Endpoint, e.g. https://s3.cn-north-1.amazonaws.com.cn or http://127.0.0.1:9000 (path-style addressing). */
  url: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export interface ServerConfig {
  /** Test-only captcha code accepted besides the drawn one (SMS_CAPTCHA_FIXED); ignored unless 4 characters. */
  captchaFixed?: string
  /** The built console served under /sms-cloud/. */
  distDir: string
  /** Written into /sms-cloud/config.js so one build can talk to another API host. */
  apiBase: string
  /** CORS_ORIGIN: `*` lets any origin read the API with a token; unset (''), only the console's own origin and ALLOWED_ORIGINS; one origin adds it. */
  corsOrigin: string
  /** Origin of the short links of link sends (SHORT_LINK_BASE, e.g. https://s.example.cn); unset: the first of publicOrigins. */
  shortLinkBase?: string
  /**
   * The origins browsers reach this server at (PUBLIC_ORIGIN, comma separated; unset: http://127.0.0.1:PORT and
   * http://localhost:PORT). A request for another host is refused (421), and only these, ALLOWED_ORIGINS and
   * CORS_ORIGIN count as the console's own pages: never the Host a request names (server/http/host-guard.ts).
   */
  publicOrigins: string[]
  /** Multiplies the points of every rate limit (RATE_LIMIT_SCALE, default 1): tests and demos that sign in hundreds of times. */
  rateLimitScale: number
  /** Other origins whose pages may write to the API (ALLOWED_ORIGINS, comma separated), besides the console's own. */
  allowedOrigins: string[]
  /** Origins /myiframe/ may frame besides the console's own (FRAME_ORIGINS, comma separated); in config.js and the CSP. */
  frameOrigins: string[]
  /** Served over HTTPS (HTTPS=1): HSTS header and `Secure` cookies. */
  https: boolean
  /** Behind a reverse proxy (TRUST_PROXY=1): its X-Forwarded-* headers are believed. */
  trustProxy: boolean
  /** Report pushes may go to loopback and private addresses (PUSH_ALLOW_PRIVATE=1; local testing only, see server/push/target.ts). */
  pushAllowPrivate: boolean
  /** LIST_TOTALS=exact counts every sent-record list total instead of summing the daily rollups (the bench's baseline). */
  listTotals: 'rollup' | 'exact'
  /** false: sent-record content searches walk the records without the per-content rollup, mt_content_daily (the bench's baseline). */
  contentRollup?: boolean
  /** How long a counted sent-record total is reused by this process (LIST_COUNT_CACHE_MS, default 5000; the test harness sets 0: off). */
  listCountCacheMs: number
  /** Where uploads are stored without S3: DATA_DIR/files (default ./.data/files). */
  filesDir: string
  /** S3_URL, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: uploads go to that bucket instead. */
  s3?: S3Settings
  /** Bytes a customer's materials may take unless its own storage_quota says otherwise (STORAGE_QUOTA_BYTES, default 1 GiB). */
  storageQuotaBytes: number
  /** Bytes of memory the upload and send bodies one process reads at once may take (UPLOAD_MEMORY_BYTES, default 320 MiB; a tenant's uploads a quarter): server/http/body-budget.ts. */
  uploadMemoryBytes: number
  /** Seconds a new template or signature application waits before its review worker decides it (TEMPLATE_REVIEW_DELAY_SECONDS, default 15: a demo sees it pending, then reviewed). */
  templateReviewDelaySeconds: number
  /**
   * How often the carrier's reports, the timed-batch scheduler, the report push and the template review look for work
   * (WORKER_INTERVAL_MS; unset: each its own, 2–5 s). Browser tests shorten it so they wait for the work, not the timer.
   */
  workerIntervalMs?: number
  /** Bearer token that lets a non-loopback caller read /metrics (METRICS_TOKEN); unset: loopback only. */
  metricsToken?: string
  /** API_KEY_SEAL_KEY: 32 bytes (64 hex digits) that seal new API keys' secrets; unset, a key kept in the database does (server/signed-api/key-seal.ts). */
  apiKeySealKey?: string
  /** How long a rotated API key's previous secret still verifies (API_KEY_ROTATION_OVERLAP_HOURS, default 24). */
  apiKeyOverlapHours: number
  /** The report push's first retry waits this long before jitter (PUSH_RETRY_FIRST_SECONDS, default 30; then doubling). */
  pushRetryFirstMs: number
  /**
   * The simulated UE file checker (server/number-check/ue-checker.ts): numbers a second per process, the share of files
   * it fails part way and the seed that picks them; `chunk` (numbers a transaction, default 20,000) only tests set.
   */
  ueCheck: { rate: number; failShare: number; seed: string; chunk?: number }
  /** Days an audit entry is kept before the prune deletes it (AUDIT_KEEP_DAYS, default 400: server/audit/prune.ts). */
  auditKeepDays: number
}

/** The configuration an empty environment gives: every default is the schema's (`variables` below), nowhere else. */
export const defaultConfig = (): ServerConfig => configFromSettings(readSettings({}))

/**
 * Who a variable is for: operators (docs/operations.md, the essential ones in the README too), operators tuning the
 * defaults or the simulators, the test harness, or the benchmarks' baselines (documented with the benchmarks only).
 */
export type SettingKind = 'setting' | 'tuning' | 'test' | 'bench'

interface Variable<T extends z.ZodType = z.ZodType> {
  schema: T
  /** The rule a bad value breaks, as the refusal to start says it. */
  rule: string
  /** Shown in the settings tables; `''` when the default is "unset". */
  fallback: string
  description: string
  kind: SettingKind
}

const v = <T extends z.ZodType>(kind: SettingKind, schema: T, rule: string, fallback: string, description: string): Variable<T> =>
  ({ schema, rule, fallback, description, kind })

const num = (min: number, max = Number.MAX_SAFE_INTEGER, whole = true) => {
  const n = z.coerce.number().min(min).max(max)
  return whole ? n.int() : n
}
const flag = z.enum(['0', '1']).transform((s) => s === '1')
const httpUrl = z.url({ protocol: /^https?$/ })
/** A comma-separated list of origins (scheme://host[:port]). */
const originList = z.string().transform((raw, ctx) => raw.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
  const url = URL.canParse(s) ? new URL(s) : null
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== s.replace(/\/$/, '')) ctx.addIssue({ code: 'custom', message: s })
  return url?.origin ?? s
}))
const origins = 'comma-separated origins such as https://console.example.com'

/**
 * Every environment variable the server and its cluster read, and nothing is read elsewhere in server/. The tables
 * of docs/operations.md and the README's essential settings are generated from it (config.test.ts keeps them equal).
 */
export const variables = {
  HOST: v('setting', z.string().min(1).default('127.0.0.1'), 'an address to listen on', '127.0.0.1', 'address the server listens on'),
  PORT: v('setting', num(0, 65_535).default(8080), 'a whole number 0–65535', '8080', 'port'),
  PUBLIC_ORIGIN: v('setting', originList.optional(), origins, 'http://127.0.0.1:PORT, http://localhost:PORT',
    'the origins users reach the console at (what the browser\'s address bar shows): a request naming another host is refused with 421, so a DNS name rebound to this server reaches nothing; behind a proxy the `Host` it forwards (or `X-Forwarded-Host` with `TRUST_PROXY`) must be one of them'),
  DATA_DIR: v('setting', z.string().min(1).default('./.data'), 'a folder', './.data',
    'where the embedded PostgreSQL (`DATA_DIR/postgres`) and uploaded files live; one server (or one `start:cluster`) at a time'),
  DATABASE_URL: v('setting', z.string().regex(/^postgres(ql)?:\/\//).optional(), 'a postgres://… address', '',
    '`postgres://…`: use that PostgreSQL instead of the embedded one (same migrations and demo data)'),
  DB_CONNECT_TIMEOUT_MS: v('setting', num(100, 600_000).default(5000), 'milliseconds, 100–600000', '5000',
    'how long a request waits for a database connection (a free one of the pool, or a new one opened) before it answers 503 with `Retry-After`'),
  DB_STATEMENT_TIMEOUT_MS: v('setting', num(100, 3_600_000).default(30_000), 'milliseconds, 100–3600000', '30000',
    'the longest one statement of a request or a job may run (PostgreSQL\'s `statement_timeout`, rolled back past it); a database that does not answer at all (stopped, a network cut) fails the statement 2 s later: 503 with `Retry-After`, never a hang'),
  DB_RESTART_ATTEMPTS: v('setting', num(0, 100).default(8), 'a whole number 0–100', '8',
    'the embedded PostgreSQL exited while serving: restarts tried (0.25 s, doubling up to 15 s apart, about 45 s for 8) before the server exits with status 1 for its supervisor to restart it'),
  API_BASE: v('setting', z.string().min(1).default('/api'), 'a path or URL', '/api',
    'the API base the console calls, served to it in `/sms-cloud/config.js`, so one build can point at another API host'),
  DIST_DIR: v('setting', z.string().min(1).default('./dist'), 'a folder', './dist', 'the built console served under `/sms-cloud/`'),
  SEED_HISTORY_ROWS: v('setting', num(0, 50_000_000).optional(), 'a whole number 0–50000000', '300000',
    'size of the generated sent-record history on first start'),
  SHORT_LINK_BASE: v('setting', httpUrl.optional(), 'an http(s) URL', 'the first `PUBLIC_ORIGIN`',
    'what the short links of link sends start with (`<base>/s/<code>`), e.g. a short domain in front of this server'),
  RATE_LIMIT_SCALE: v('tuning', num(0.000_001, 1e9, false).default(1), 'a positive number', '1',
    'multiplies every rate limit\'s allowance (`RATE_RULES` in `server/security/rate-limit.ts`); the test harness uses 1000'),
  SEND_WORKERS: v('setting', flag.default(true), '0 or 1', '1',
    '`0`: this process runs no background job (the registry of `server/jobs`: carrier simulator, scheduler, report push and its prune, template review, UE checker, orphan sweep, balance-warning texts)'),
  ALLOWED_ORIGINS: v('setting', originList.default([]), origins, '',
    'origins besides the server\'s own that may call the API from a browser (a console served from another host)'),
  CORS_ORIGIN: v('setting', z.union([z.literal('*'), z.literal(''), httpUrl]).default(''), '*, empty or one origin', '',
    'unset: CORS only for the own origin and `ALLOWED_ORIGINS`; one origin: that one too; `*`: any origin may read the API with a token (not advised)'),
  FRAME_ORIGINS: v('setting', originList.default([]), origins, '', 'origins `/myiframe/` may frame besides the console\'s own (also the CSP\'s `frame-src`)'),
  HTTPS: v('setting', flag.default(false), '0 or 1', '0', '`1`: served over https: HSTS on every answer, the token cookie `Secure`'),
  TRUST_PROXY: v('setting', flag.default(false), '0 or 1', '0',
    '`1`: behind a reverse proxy: the client address is the last `X-Forwarded-For` entry, scheme and host come from `X-Forwarded-Proto`/`-Host`'),
  PUSH_ALLOW_PRIVATE: v('setting', flag.default(false), '0 or 1', '0', '`1`: report pushes may go to loopback and private addresses (local receivers); never in production'),
  PUSH_RETRY_FIRST_SECONDS: v('tuning', num(0.001, 86_400, false).default(30), 'seconds, more than 0', '30',
    'the report push\'s first retry waits this long (plus jitter), then each retry twice as long'),
  S3_URL: v('setting', httpUrl.optional(), 'an http(s) URL', '', 'uploads go to this S3-compatible endpoint instead of `DATA_DIR/files` (needs the three below)'),
  S3_BUCKET: v('setting', z.string().min(1).optional(), 'a bucket name', '', 'the bucket uploads go to'),
  S3_REGION: v('setting', z.string().min(1).default('us-east-1'), 'a region name', 'us-east-1', 'the bucket\'s region'),
  S3_ACCESS_KEY_ID: v('setting', z.string().min(1).optional(), 'a key id', '', 'the S3 access key id'),
  S3_SECRET_ACCESS_KEY: v('setting', z.string().min(1).optional(), 'a secret key', '', 'the S3 secret access key'),
  STORAGE_QUOTA_BYTES: v('setting', num(1).default(1024 ** 3), 'a whole number of bytes, more than 0', '1073741824 (1 GiB)',
    'bytes a customer\'s materials may take unless its own quota says otherwise'),
  // 320 MiB: six of the largest uploads at once (five times their 10 MB body each, as the bench measured), or six
  // send previews of 4 MB (330,000 numbers) at twelve times theirs.
  UPLOAD_MEMORY_BYTES: v('tuning', num(1).default(320 * 1024 * 1024), 'a whole number of bytes, more than 0', '335544320 (320 MiB)',
    'bytes of memory the request bodies one process reads at once may take, each reserved as its size times what reading it costs (uploads 5×, send forms and previews 12×: `server/http/body-budget.ts`); past it: 503 with `Retry-After`; one account\'s uploads a quarter'),
  TEMPLATE_REVIEW_DELAY_SECONDS: v('tuning', num(0, 86_400, false).default(15), 'seconds, 0–86400', '15',
    'how long a new template or signature application waits before the simulated review decides it'),
  UE_CHECK_RATE: v('tuning', num(0.001, 1e9, false).default(2000), 'a positive number', '2000', 'numbers the simulated UE file checker checks per second per process'),
  UE_CHECK_FAIL_SHARE: v('tuning', num(0, 1, false).default(0.05), 'a share 0–1', '0.05', 'the share of files the simulated UE checker fails part way'),
  UE_CHECK_FAIL_SEED: v('tuning', z.string().min(1).default('ue'), 'any text', 'ue', 'which files the simulated UE checker fails is fixed by it, so a run can be repeated'),
  AUDIT_KEEP_DAYS: v('setting', num(1, 36_500).default(400), 'a whole number of days, 1–36500', '400',
    'how long an audit entry is kept: older ones are deleted by the `audit-prune` job, the only code that deletes entries'),
  LIST_COUNT_CACHE_MS: v('tuning', num(0).default(5000), 'milliseconds, 0 or more', '5000', 'how long a counted sent-record total is reused by this process (0: never)'),
  CONTENT_SEARCH_INDEX: v('tuning', z.enum(['on', 'off']).default('off'), 'on or off', 'off',
    '`on`: trigram and character indexes for content searches over very long histories, at a cost to every send (docs/architecture.md)'),
  CLUSTER_WORKERS: v('setting', num(1, 1024).optional(), 'a whole number 1–1024', 'available parallelism', 'processes `npm run start:cluster` starts'),
  SHUTDOWN_GRACE_MS: v('setting', num(0).default(30_000), 'milliseconds, 0 or more', '30000',
    'how long requests in flight may hold the exit after SIGTERM/SIGINT'),
  KEEP_ALIVE_TIMEOUT_MS: v('setting', num(1000, 600_000).default(2000), 'milliseconds, 1000–600000', '2000',
    'how long an idle keep-alive connection is kept, announced in every answer (`Keep-Alive: timeout=<seconds>`): a stop waits that long at most for idle connections, so a reverse proxy must reuse its upstream connections for less'),
  LOG_LEVEL: v('setting', z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), 'fatal, error, warn, info, debug, trace or silent', 'info',
    'the least severe log lines written (one JSON line each on stdout; `debug` adds every background job run that found nothing to do)'),
  LOG_FORMAT: v('setting', z.enum(['json', 'pretty']).default('json'), 'json or pretty', 'json',
    '`pretty`: human-readable lines (`npm run dev`; needs the development dependencies)'),
  METRICS_TOKEN: v('setting', z.string().min(16).optional(), 'at least 16 characters', '',
    '`/metrics` answers loopback callers, and others sending `Authorization: Bearer <METRICS_TOKEN>`'),
  API_KEY_SEAL_KEY: v('setting', z.string().regex(/^[0-9a-fA-F]{64}$/).optional(), '64 hex digits (32 bytes)', '',
    'seals the secrets of new API keys (AES-256-GCM), so a copy of the database alone cannot sign calls; unset: a key made once and kept in the database does. Keys sealed under one stay readable only while it is there: keep it with the backups\' keys, never in them'),
  API_KEY_ROTATION_OVERLAP_HOURS: v('setting', num(0, 720).default(24), 'a whole number of hours, 0–720', '24',
    'how long a rotated API key\'s previous secret still signs calls, so its systems can change over'),
  SMS_CAPTCHA_FIXED: v('test', z.string().length(4).optional(), '4 characters', '',
    'the server also accepts this captcha code, so browser tests can sign in'),
  WORKER_INTERVAL_MS: v('test', num(1, 600_000).optional(), 'milliseconds, 1–600000', 'each job its own, 1–5 s',
    'how often the background jobs look for work; browser tests shorten it to wait for the work, not the timer'),
  CARRIER_OUTBOX: v('test', z.string().min(1).optional(), 'a file path', '',
    'the carrier simulator appends every text it sends (SMS codes included) to this file, one JSON line each, so browser tests can read them; the log never has them'),
  LIST_TOTALS: v('bench', z.enum(['rollup', 'exact']).default('rollup'), 'rollup or exact', 'rollup',
    '`exact` counts every sent-record list total instead of summing the daily rollups (the baseline of tests/bench/list-load)'),
} satisfies Record<string, Variable>

type Variables = typeof variables
export type Settings = { [K in keyof Variables]: z.output<Variables[K]['schema']> }

/** A bad value: the message names every variable that broke its rule. */
export class SettingsError extends Error {}

/**
 * The settings from the environment: empty values count as unset. Throws a SettingsError naming each bad variable,
 * its value and its rule.
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const bad: string[] = []
  const out: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(variables) as [string, Variable][]) {
    const raw = env[name] === '' ? undefined : env[name]
    const r = spec.schema.safeParse(raw)
    if (r.success) out[name] = r.data
    else bad.push(`${name}=${JSON.stringify(raw)}: must be ${spec.rule}`)
  }
  const s3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => out.S3_URL && !out[k])
  if (s3.length) bad.push(`S3_URL is set but ${s3.join(', ')} ${s3.length > 1 ? 'are' : 'is'} not: must be set together`)
  if (bad.length) throw new SettingsError(`bad settings (see docs/operations.md, "Settings"):\n  ${bad.join('\n  ')}`)
  return out as Settings
}

/** readSettings, or the refusal on stderr and exit 1: a bad value is the operator's to fix, no stack. */
export function settingsOrExit(who: string, env: NodeJS.ProcessEnv = process.env): Settings {
  try {
    return readSettings(env)
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e
    console.error(`[${who}] ${e.message}`)
    process.exit(1)
  }
}

/** The default public origins: the loopback names a browser on this machine uses for the port, the address `npm start` prints first. */
const loopbackOrigins = (port: number) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`].map((o) => new URL(o).origin)

/** What createApp needs from the settings. */
export function configFromSettings(s: Settings): ServerConfig {
  return {
    captchaFixed: s.SMS_CAPTCHA_FIXED,
    distDir: s.DIST_DIR,
    apiBase: s.API_BASE,
    corsOrigin: s.CORS_ORIGIN,
    shortLinkBase: s.SHORT_LINK_BASE,
    publicOrigins: s.PUBLIC_ORIGIN?.length ? s.PUBLIC_ORIGIN : loopbackOrigins(s.PORT),
    rateLimitScale: s.RATE_LIMIT_SCALE,
    allowedOrigins: s.ALLOWED_ORIGINS,
    frameOrigins: s.FRAME_ORIGINS,
    https: s.HTTPS,
    trustProxy: s.TRUST_PROXY,
    pushAllowPrivate: s.PUSH_ALLOW_PRIVATE,
    listTotals: s.LIST_TOTALS,
    listCountCacheMs: s.LIST_COUNT_CACHE_MS,
    filesDir: join(s.DATA_DIR, 'files'),
    s3: s.S3_URL ? { url: s.S3_URL, bucket: s.S3_BUCKET!, region: s.S3_REGION, accessKeyId: s.S3_ACCESS_KEY_ID!, secretAccessKey: s.S3_SECRET_ACCESS_KEY! } : undefined,
    storageQuotaBytes: s.STORAGE_QUOTA_BYTES,
    uploadMemoryBytes: s.UPLOAD_MEMORY_BYTES,
    templateReviewDelaySeconds: s.TEMPLATE_REVIEW_DELAY_SECONDS,
    workerIntervalMs: s.WORKER_INTERVAL_MS,
    pushRetryFirstMs: s.PUSH_RETRY_FIRST_SECONDS * 1000,
    metricsToken: s.METRICS_TOKEN,
    apiKeySealKey: s.API_KEY_SEAL_KEY,
    apiKeyOverlapHours: s.API_KEY_ROTATION_OVERLAP_HOURS,
    ueCheck: { rate: s.UE_CHECK_RATE, failShare: s.UE_CHECK_FAIL_SHARE, seed: s.UE_CHECK_FAIL_SEED },
    auditKeepDays: s.AUDIT_KEEP_DAYS,
  }
}

/** What someone starting the server may need first: the README's table. */
export const ESSENTIAL_SETTINGS: readonly (keyof Variables)[] = ['HOST', 'PORT', 'PUBLIC_ORIGIN', 'DATA_DIR', 'DATABASE_URL', 'HTTPS', 'TRUST_PROXY', 'LOG_LEVEL', 'METRICS_TOKEN']

/** The markdown table of one kind of variable (or of the named ones), as docs/operations.md and the README show it. */
export function settingsTable(kind: SettingKind, only?: readonly string[]): string {
  const rows = Object.entries(variables).filter(([name, x]) => x.kind === kind && (!only || only.includes(name)))
    .map(([name, x]) => `| \`${name}\` | ${x.fallback || 'unset'} | ${x.description} |`)
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n')
}
