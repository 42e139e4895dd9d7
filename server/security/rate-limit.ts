import { createHash } from 'node:crypto'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'

interface RateRule {
  /** Points a key may spend per window (requests, or bytes when the caller passes `points`). */
  points: number
  /** Window length in seconds, starting at the key's first spend. */
  duration: number
  /** Once over the limit, the key stays refused this many seconds instead of until the window ends. */
  blockDuration?: number
}

/**
 * Every limit the server keeps, by name. Keys are the caller's choice (client address, account id, phone …);
 * `RATE_LIMIT_SCALE` multiplies every `points` (tests and demos that sign in hundreds of times from one address).
 */
export const RATE_RULES = {
  /** Short links minted per account and minute (a repeat of a known long URL is free). */
  shortLinkMint: { points: 60, duration: 60 },
  /** New short links per account and day. */
  shortLinkDay: { points: 2_000, duration: 86_400 },
  /** Error-log uploads per account and minute (the console uploads when its user asks). */
  errorLogUpload: { points: 10, duration: 60 },
  /** Report push address changes (and clears) per account and hour: each one is a DNS look-up. */
  pushUrlModify: { points: 20, duration: 3_600 },
  /** Error-log bytes stored per account and hour: more than the largest upload the schema admits (~4.2 MB of UTF-8). */
  errorLogBytes: { points: 5_000_000, duration: 3_600 },
  /** Content templates submitted for review per account and hour (each a pending row until checked). */
  templateAdd: { points: 60, duration: 3_600 },
  /** Batch resends and cancels per account and minute (each reads or changes every record of a batch). */
  batchAction: { points: 20, duration: 60 },
  /** Timed-batch content edits per account and minute (each rewrites every detail of the batch). */
  timedEdit: { points: 10, duration: 60 },
  /** Password and SMS-code sign-ins per client address and minute (the per-account guesses: security/attempts.ts). */
  signInAddress: { points: 20, duration: 60 },
  /** Registrations per client address and hour. */
  registerAddress: { points: 10, duration: 3_600 },
  /** Captcha images per client address and minute (each address also keeps at most CAPTCHAS_PER_ADDRESS live). */
  captchaAddress: { points: 30, duration: 60 },
  /** SMS-code sends (sign-in and registration) per client address: ten an hour, thirty a day. */
  smsCodeAddress: { points: 10, duration: 3_600 },
  smsCodeAddressDay: { points: 30, duration: 86_400 },
  /** SMS-code sends per network (IPv4 /24, IPv6 /64) and day: many addresses of one network are one sender. */
  smsCodeNetworkDay: { points: 200, duration: 86_400 },
  /** SMS-code sends per phone and day (sign-in codes from an address the account knows spend smsCodeKnown instead). */
  smsCodePhoneDay: { points: 10, duration: 86_400 },
  /** Registration and binding codes per number range (a phone's first seven digits) and day: SMS pumping's target. */
  smsCodePrefixDay: { points: 100, duration: 86_400 },
  /** Sign-in code sends per account name typed (known or not, alike): the resend interval, and ten a day. */
  smsCodeAccount: { points: 1, duration: 60 },
  smsCodeAccountDay: { points: 10, duration: 86_400 },
  /** Sign-in code sends per (account, address it has signed in from): the owner's own allowance, apart from strangers'. */
  smsCodeKnown: { points: 1, duration: 60 },
  smsCodeKnownDay: { points: 10, duration: 86_400 },
  /** Password nonces (POST /user/passwordNonce) per account and minute: each is a row until spent or expired. */
  passwordNonce: { points: 30, duration: 60 },
  /** Checks of the signed-in account's own password (password change, app-secret reveal) per account, right or wrong. */
  passwordCheck: { points: 10, duration: 900 },
  /** App-secret reads (masked or revealed) per account and minute; a reveal also spends passwordCheck. */
  appSecretRead: { points: 30, duration: 60 },
  /** App-secret rotations per account and hour: each breaks the customer's integration until they update it. */
  appSecretRotate: { points: 5, duration: 3_600 },
  /** API keys made, rotated and revoked per account and hour: each make and rotation hands out a secret. */
  apiKeyWrite: { points: 60, duration: 3_600 },
  /** Balance-warning changes per account and minute. */
  balanceWarnWrite: { points: 20, duration: 60 },
  /** Opt-out list writes (add, remove, settings) per account and minute; imports spend addressBookImport's budget. */
  optOutWrite: { points: 120, duration: 60 },
  /** An enterprise's marketing hours and cap per account and minute. */
  marketingWrite: { points: 20, duration: 60 },
  /** Two-factor enrolments begun and confirmed per account and minute. */
  twoFactorWrite: { points: 10, duration: 60 },
  /** Notice reads and marks per account and minute (the bell polls every 30 seconds). */
  noticeCall: { points: 120, duration: 60 },
  /** Customer and sub-account writes (charge, transfer, close, open) per operating account and minute. */
  accountWrite: { points: 120, duration: 60 },
  /** Accounts created (customerAdd, sub-account add) per operating account and hour: each hashes a password and adds rows. */
  accountCreate: { points: 60, duration: 3_600 },
  /** Signed calls (/api/open/v1) per client address and minute, spent before the signature is checked. */
  signedApiAddress: { points: 600, duration: 60 },
  /** Signed calls per account and minute, spent once the signature is right (it also bounds the nonces stored). */
  signedApiAccount: { points: 120, duration: 60 },
  /** Codes to a mobile about to be bound (/user/sendBindCode) per account and hour; each phone also spends smsCodePhoneDay. */
  bindCodeAccount: { points: 5, duration: 3_600 },
  /** Bind-code checks (/user/modifyMobile) per account, right or wrong: six digits must not be guessable. */
  bindCodeCheck: { points: 10, duration: 900 },
  /** Account name and certification saves per account and minute. */
  settingsWrite: { points: 20, duration: 60 },
  /** Public interaction pages (no token): page reads per client address and minute, and per page and minute. */
  interactViewAddress: { points: 60, duration: 60 },
  interactViewCode: { points: 30, duration: 60 },
  /** Answers on public interaction pages per client address and hour, and per page and minute (MAX_ANSWERS in all). */
  interactAnswerAddress: { points: 30, duration: 3_600 },
  interactAnswerCode: { points: 5, duration: 60 },
  /** Online number checks per paying account and minute: each checks and stores up to 10,000 numbers. */
  numberCheckOnline: { points: 20, duration: 60 },
  /** UE file uploads per paying account and minute: each stores up to a million numbers. */
  numberCheckUe: { points: 10, duration: 60 },
  /** Read-message capability checks per account and minute: each answers up to 100,000 numbers as a file. */
  numberCheckAim: { points: 20, duration: 60 },
  /** Address book edits (groups and contacts: add, change, delete, move) per account and minute. */
  addressBookWrite: { points: 120, duration: 60 },
  /** Contact-import uploads per account and hour: each reads up to a million rows and keeps them until committed. */
  addressBookImport: { points: 30, duration: 3_600 },
  /** Material uploads per account and minute (each is sniffed, checked and stored). */
  materialUpload: { points: 30, duration: 60 },
  /** Material bytes stored per account and hour: fifty of the largest (10 MB) videos. */
  materialUploadBytes: { points: 500 * 1024 * 1024, duration: 3_600 },
  /** Material deletes per account and minute (each removes objects from the store). */
  materialDelete: { points: 60, duration: 60 },
} as const satisfies Record<string, RateRule>

export type RateRuleName = keyof typeof RATE_RULES

type RateDeps = Pick<Deps, 'db' | 'config' | 'rateLimiters'>

const TABLE = 'rate_limits'

/** rate-limiter-flexible's 'client' store: anything with query({ text, values }) → { rows, rowCount }. */
function storeClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const { rows } = await db.query(q.text, q.values)
      return { rows, rowCount: rows.length }
    },
  }
}

function limiter(deps: RateDeps, rule: RateRuleName): RateLimiterPostgres {
  const scale = deps.config.rateLimitScale
  // One limiter per rule in a Deps; a second server process builds its own over the same table and sees the same counts.
  const byRule = deps.rateLimiters
  const id = `${rule}@${scale}`
  let rl = byRule.get(id)
  if (!rl) {
    const r: RateRule = RATE_RULES[rule]
    rl = new RateLimiterPostgres({
      storeClient: storeClient(deps.db),
      storeType: 'client',
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: rule,
      points: Math.max(1, Math.round(r.points * scale)),
      duration: r.duration,
      blockDuration: r.blockDuration ?? 0,
      // The library sweeps rows expired an hour ago every 5 minutes; one sweeper per database is enough.
      clearExpiredByTimeout: byRule.size === 0,
    })
    byRule.set(id, rl)
  }
  return rl
}

const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000))

/** Keys often come from the request (a typed account name, a phone): a long one is stored as its hash, not whole. */
const KEY_MAX = 64
const storeKey = (key: string) => (key.length > KEY_MAX ? `#${createHash('sha256').update(key).digest('base64url')}` : key)

/**
 * Spends `points` (default 1) of `rule` for `key`; over the limit it throws 429 `tooManyRequests` naming the seconds
 * until the key may try again. A database failure propagates (the request fails rather than skipping the limit).
 */
export async function consumeRate(deps: RateDeps, rule: RateRuleName, key: string, opts: { type?: number; points?: number } = {}): Promise<void> {
  try {
    await limiter(deps, rule).consume(storeKey(key), opts.points ?? 1)
  } catch (e) {
    if (e instanceof RateLimiterRes) throw new ApiError(429, 'tooManyRequests', { seconds: secondsOf(e) }, opts.type)
    throw e
  }
}

/** What `key` has left of `rule` in its current window, without spending any. */
export async function peekRate(deps: RateDeps, rule: RateRuleName, key: string): Promise<{ remaining: number; seconds: number }> {
  const rl = limiter(deps, rule)
  const res = await rl.get(storeKey(key))
  if (!res) return { remaining: rl.points, seconds: 0 }
  return { remaining: res.remainingPoints, seconds: secondsOf(res) }
}

/** Forgets `key`'s spending of `rule` (e.g. a sign-in counter after a success). */
export async function resetRate(deps: RateDeps, rule: RateRuleName, key: string): Promise<void> {
  await limiter(deps, rule).delete(storeKey(key))
}
