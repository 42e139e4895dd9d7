import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { createApp } from '../app'
import { Carrier } from '../carrier'
import { openDb, type Db } from '../db'
import { sealPassword } from '../../src/domain/auth'
import type { ServerConfig } from '../config'
import type { Job } from '../jobs/define'
import { makeDeps } from '../make-deps'
import { DEMO_ACCOUNTS, type SeedOptions } from '../seed'
import { seedDemoMedia } from '../seed/materials'
import { openStore } from '../storage'
import { createDatabase, seededTemplate } from './databases'
import { hashPassword } from '../security/password'

export const CAPTCHA = 'T3ST'
/** The origin app.request('/api/…') reaches, the harness' PUBLIC_ORIGIN. */
export const TEST_ORIGIN = 'http://localhost'
/** Small enough to seed in well under a second, big enough for every product, status and account to appear. */
export const TEST_HISTORY_ROWS = 3000

interface JsEncrypt {
  setPublicKey(k: string): void
  encrypt(s: string): string | false
}
// The same bundle and call the login page uses, so the server is tested against what browsers really send.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => JsEncrypt

/** The run's PostgreSQL (global-setup.ts): its superuser URL and the prefix of this run's databases. */
export const testServer = () => ({ url: inject('testDatabaseUrl'), runId: inject('testRunId') })

/** An empty database of its own (no migrations), dropped on close; `url` lets a test open more pools on it. */
export async function openTestDb(): Promise<{ db: Db; url: string; close: () => Promise<void> }> {
  const { url, runId } = testServer()
  const made = await createDatabase(url, runId)
  const db = await openDb({ databaseUrl: made.url })
  return {
    db,
    url: made.url,
    close: async () => {
      await db.close()
      await made.drop()
    },
  }
}

/**
 * Suites sign in and send hundreds of times from one address and account; the rate limits' own tests pass
 * `rateLimitScale: 1` to run with the real limits.
 */
export const TEST_RATE_LIMIT_SCALE = 1000

/** The demo passwords' hashes made once per run (global-setup.ts), else made here. */
function demoPasswordHash(password: string): Promise<string> {
  const made = inject('demoPasswordHashes')?.[password]
  return made ? Promise.resolve(made) : hashPassword(password)
}

/** A migrated and seeded database of its own: a copy of the run's seeded template for that history size (databases.ts). */
async function seededDb(seed: SeedOptions & { historyRows: number }) {
  const { url, runId } = testServer()
  const made = await createDatabase(url, runId, await seededTemplate(url, runId, seed))
  const db = await openDb({ databaseUrl: made.url })
  return {
    db,
    url: made.url,
    close: async () => {
      await db.close()
      await made.drop()
    },
  }
}

export async function setup(
  opts: { historyRows?: number; distDir?: string; rateLimitScale?: number; config?: Partial<ServerConfig> } = {},
) {
  const { db, url, close } = await seededDb({ historyRows: opts.historyRows ?? TEST_HISTORY_ROWS, passwordHash: demoPasswordHash })
  const carrier = new Carrier()
  // Uploads of a test go to a folder of its own under the system's temporary directory, never into ./.data.
  const filesDir = join(tmpdir(), `sms-test-files-${randomBytes(6).toString('hex')}`)
  // Counted totals are never reused (listCountCacheMs 0): a test that writes between two lists sees the second count.
  // app.request() reaches http://localhost: the public origin of these apps.
  const config = { captchaFixed: CAPTCHA, publicOrigins: [TEST_ORIGIN], distDir: opts.distDir ?? '/nonexistent-dist', rateLimitScale: opts.rateLimitScale ?? TEST_RATE_LIMIT_SCALE, filesDir, listCountCacheMs: 0, ...opts.config }
  const storage = openStore(config)
  await seedDemoMedia(db, storage)
  const deps = makeDeps({ db, carrier, config, storage })
  const app = createApp(deps)
  /** One run of a registered job on this harness' Deps, as the loop would run it first. */
  const runJob = (job: Job) => job.tick(deps, { intervalMs: job.every(deps.config), count: 0, previousAt: null, instance: `test-${job.name}` })

  const call = async (path: string, body: unknown = {}, init: { token?: string; lang?: string; headers?: Record<string, string> } = {}) => {
    const res = await app.request(`/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.lang ? { 'accept-language': init.lang } : {}),
        ...init.headers,
      },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as { code: number; msg: string; data: any; type?: number } // eslint-disable-line @typescript-eslint/no-explicit-any
    return { status: res.status, ...json }
  }

  let publicKey: string | undefined
  const encrypt = async (plain: string) => {
    publicKey ??= (await call('/user/publicKey')).data.publicKey as string
    const rsa = new JSEncrypt()
    rsa.setPublicKey(publicKey)
    const out = rsa.encrypt(plain)
    if (!out) throw new Error('encryption failed')
    return out
  }

  const redom = () => `r${randomBytes(8).toString('hex')}`
  /** A captcha the server issued: its name is the one-time nonce a sign-in seals the password with. */
  const captcha = async (headers?: Record<string, string>) => (await call('/code/captcha', {}, { headers })).data.redomStr as string
  const seal = (redomStr: string, password: string) => encrypt(sealPassword(redomStr, password))
  const login = async (username: string, password: string, code = CAPTCHA, headers?: Record<string, string>) => {
    const redomStr = await captcha(headers)
    return call('/user/login', { username, password: await seal(redomStr, password), code, redomStr }, { headers })
  }
  const tokenFor = async (username: string, password: string) => {
    const res = await login(username, password)
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.msg}`)
    return res.data.token as string
  }

  /** A session token for each named demo account, signed in with its demo password. */
  const tokensFor = async (...names: string[]) => {
    const tokens: Record<string, string> = {}
    for (const name of names) {
      const account = DEMO_ACCOUNTS.find((a) => a.cusId === name)
      if (!account) throw new Error(`no demo account ${name}`)
      tokens[name] = await tokenFor(name, account.password)
    }
    return tokens
  }
  const closeAll = async () => {
    await close()
    await rm(filesDir, { recursive: true, force: true })
  }
  return { db, url, app, deps, runJob, carrier, call, encrypt, captcha, seal, login, tokenFor, tokensFor, redom, close: closeAll, filesDir }
}

export type Harness = Awaited<ReturnType<typeof setup>>

/** A second app over the harness' database that records the text of every statement it runs into `statements`. */
export function countingApp(h: Harness, statements: string[]) {
  const counting: Db = { ...h.db, query: (t, p, o) => (statements.push(t), h.db.query(t, p, o)) }
  return createApp({ db: counting, carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' } })
}
