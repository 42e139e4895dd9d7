import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serverMessage } from '../../src/domain/messages'
import { migrate, type Db } from '../db'
import type { Deps } from '../deps'
import { ApiError } from '../http/envelope'
import { makeDeps } from '../make-deps'
import { openTestDb } from '../test/harness'
import { consumeRate, peekRate, RATE_RULES, resetRate } from './rate-limit'

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('security/rate-limit', () => {
  let db: Db
  let close: () => Promise<void>
  // One Deps per scale and database, as a server process has one.
  let made = new Map<number, Deps>()
  const deps = (scale = 1) => made.get(scale) ?? made.set(scale, makeDeps({ db, config: { rateLimitScale: scale } })).get(scale)!
  const limit = RATE_RULES.errorLogUpload.points

  beforeEach(async () => {
    ;({ db, close } = await openTestDb())
    made = new Map()
    await migrate(db)
  })
  afterEach(() => close())

  it('allows a rule its points per window, then refuses with 429 tooManyRequests naming the seconds left', async () => {
    for (let i = 0; i < limit; i++) await consumeRate(deps(), 'errorLogUpload', 'acct:1')
    const err = await refusal(consumeRate(deps(), 'errorLogUpload', 'acct:1', { type: 7 }))
    expect(err).toBeInstanceOf(ApiError)
    const e = err as ApiError
    expect([e.status, e.key, e.type]).toEqual([429, 'tooManyRequests', 7])
    expect(e.vars.seconds).toBeGreaterThanOrEqual(1)
    expect(e.vars.seconds).toBeLessThanOrEqual(RATE_RULES.errorLogUpload.duration)
    expect(serverMessage(e.key, 'en', e.vars)).toBe(`Too many requests, try again in ${e.vars.seconds} seconds`)
  })

  it('counts keys and rules apart', async () => {
    for (let i = 0; i < limit; i++) await consumeRate(deps(), 'errorLogUpload', 'acct:1')
    await expect(consumeRate(deps(), 'errorLogUpload', 'acct:2')).resolves.toBeUndefined()
    await expect(consumeRate(deps(), 'shortLinkMint', 'acct:1')).resolves.toBeUndefined()
    await expect(consumeRate(deps(), 'errorLogUpload', 'acct:1')).rejects.toBeInstanceOf(ApiError)
  })

  it('keeps the count in the database, so a second server process on it sees the same spending', async () => {
    for (let i = 0; i < limit - 1; i++) await consumeRate(deps(), 'errorLogUpload', 'acct:1')
    // A new Db object shares no limiter or memory with the first, as another process would not.
    const other = makeDeps({ db: { ...db }, config: deps().config })
    await consumeRate(other, 'errorLogUpload', 'acct:1')
    await expect(consumeRate(other, 'errorLogUpload', 'acct:1')).rejects.toBeInstanceOf(ApiError)
    const { rows } = await db.query<{ points: number }>('select points from rate_limits where key = $1', ['errorLogUpload:acct:1'])
    expect(rows[0].points).toBe(limit + 1)
  })

  it('lets exactly the limit through when requests arrive at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: limit * 2 }, () => consumeRate(deps(), 'errorLogUpload', 'acct:1')))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(limit)
  })

  it('spends caller-given points (bytes) and refuses the spend that crosses the limit', async () => {
    const bytes = RATE_RULES.errorLogBytes.points
    await consumeRate(deps(), 'errorLogBytes', 'acct:1', { points: bytes - 10 })
    await consumeRate(deps(), 'errorLogBytes', 'acct:1', { points: 10 })
    await expect(consumeRate(deps(), 'errorLogBytes', 'acct:1', { points: 1 })).rejects.toMatchObject({ status: 429 })
  })

  it('starts a new window once the old one has expired', async () => {
    for (let i = 0; i < limit; i++) await consumeRate(deps(), 'errorLogUpload', 'acct:1')
    await expect(consumeRate(deps(), 'errorLogUpload', 'acct:1')).rejects.toBeInstanceOf(ApiError)
    await db.query('update rate_limits set expire = $1 where key = $2', [Date.now() - 1, 'errorLogUpload:acct:1'])
    await expect(consumeRate(deps(), 'errorLogUpload', 'acct:1')).resolves.toBeUndefined()
    expect((await peekRate(deps(), 'errorLogUpload', 'acct:1')).remaining).toBe(limit - 1)
  })

  it('resetRate forgets a key; peekRate reports without spending', async () => {
    for (let i = 0; i < limit; i++) await consumeRate(deps(), 'errorLogUpload', 'acct:1')
    expect((await peekRate(deps(), 'errorLogUpload', 'acct:1')).remaining).toBe(0)
    expect((await peekRate(deps(), 'errorLogUpload', 'acct:1')).remaining).toBe(0)
    await resetRate(deps(), 'errorLogUpload', 'acct:1')
    expect(await peekRate(deps(), 'errorLogUpload', 'acct:1')).toEqual({ remaining: limit, seconds: 0 })
    await expect(consumeRate(deps(), 'errorLogUpload', 'acct:1')).resolves.toBeUndefined()
  })

  it('stores a long key (request-chosen) as a short hash, still counted apart from its neighbours', async () => {
    const long = 'x'.repeat(10_000)
    for (let i = 0; i < limit; i++) await consumeRate(deps(), 'errorLogUpload', long)
    await expect(consumeRate(deps(), 'errorLogUpload', long)).rejects.toBeInstanceOf(ApiError)
    await expect(consumeRate(deps(), 'errorLogUpload', `${long}y`)).resolves.toBeUndefined()
    const { rows } = await db.query<{ n: number }>('select max(length(key))::int as n from rate_limits')
    expect(rows[0].n).toBeLessThan(100)
  })

  it('RATE_LIMIT_SCALE multiplies every rule’s points', async () => {
    for (let i = 0; i < limit * 2; i++) await consumeRate(deps(2), 'errorLogUpload', 'acct:1')
    await expect(consumeRate(deps(2), 'errorLogUpload', 'acct:1')).rejects.toBeInstanceOf(ApiError)
  })
})
