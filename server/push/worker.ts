import { PUSH_BATCH_MAX, PUSH_DEADLINE_HOURS, PUSH_OUTCOME, type PushBody } from '../../src/domain/push'
import { pushErrorText } from '../../src/domain/push-error'
import type { Db } from '../db'
import { appSecretOf } from '../users/app-secret'
import { PUSH_HEADERS, signPush } from './sign'
import { postTo, PushTargetError, resolveTarget, type PostResult, type Resolve } from './target'
import { jobRetried } from '../ops/metrics'
import { cappedDepth, defineJob } from '../jobs/define'

/**
 * The push worker: groups waiting outbox items into batches (one account each, at most PUSH_BATCH_MAX items) and
 * delivers due batches. Several processes may run it on one PostgreSQL: batches are formed and claimed with
 * `for update skip locked`, and a claim is a lease (next_at moved past the attempt's time-out) taken in its own
 * short transaction, so no transaction is held open while a receiver answers. A process that dies mid-attempt
 * leaves the lease to expire and the batch is tried again: at least once, never lost; receivers de-duplicate by
 * the items' ids. Failures (non-2xx, time-out, connection error, refused address) are retried with exponential
 * backoff and jitter until PUSH_DEADLINE_HOURS after the batch was formed, then the batch is marked failed.
 */
export interface PushOptions {
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date
  /** 0 ≤ x < 1 for the jitter. */
  random?: () => number
  /** PUSH_ALLOW_PRIVATE=1: loopback and private receivers allowed (local testing only). */
  allowPrivate?: boolean
  resolve?: Resolve
  timeoutMs?: number
  /** Batches delivered at once per tick (one slow receiver does not hold up the others). */
  parallel?: number
  /** Batches attempted per tick at most. */
  perTick?: number
  secretOf?: (db: Db, cusId: string) => Promise<string>
  /** The first retry's wait before jitter (default 30 s; PUSH_RETRY_FIRST_SECONDS, browser tests: a few seconds). */
  firstDelayMs?: number
}

const FIRST_DELAY_MS = 30_000
const MAX_DELAY_MS = 3_600_000
const TIMEOUT_MS = 10_000

/** Wait before attempt n+1 after n failures: 30 s doubling up to 1 h, times 0.5–1 (jitter spreads a crowd of retries). */
export function backoffMs(failures: number, random: number, firstDelayMs = FIRST_DELAY_MS): number {
  const base = Math.min(MAX_DELAY_MS, firstDelayMs * 2 ** Math.max(0, failures - 1))
  return Math.round(base * (0.5 + random / 2))
}

/** Groups waiting outbox items into batches; returns how many batches were formed. */
export async function formBatches(db: Db, now: Date, max = 5_000): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; cus_id: string }>(
      'select id, cus_id from push_outbox where batch_id is null order by id limit $1 for update skip locked', [max])
    const byAccount = new Map<string, string[]>()
    for (const r of rows) byAccount.set(r.cus_id, [...(byAccount.get(r.cus_id) ?? []), r.id])
    let formed = 0
    for (const [cusId, ids] of byAccount) {
      for (let i = 0; i < ids.length; i += PUSH_BATCH_MAX) {
        const chunk = ids.slice(i, i + PUSH_BATCH_MAX)
        const b = await tx.query<{ id: string }>(
          'insert into push_batch (cus_id, items, next_at, create_time) values ($1, $2, $3, $3) returning id', [cusId, chunk.length, now])
        await tx.query('update push_outbox set batch_id = $1 where id = any($2::bigint[])', [b.rows[0].id, chunk])
        formed++
      }
    }
    return formed
  })
}

interface Claimed {
  id: string
  cus_id: string
  attempts: number
  create_time: Date
  push_url: string | null
}

/** Leases the most overdue waiting batch for one attempt (exported for its test). */
export async function claim(db: Db, now: Date, leaseMs: number): Promise<Claimed | null> {
  const { rows } = await db.query<Claimed>(
    // The due batch as a scalar subquery, run once per statement. As a join (`from (…limit 1…) d where b.id = d.id`)
    // a nested loop, planned when the statistics say the table is nearly empty, ran it again for each batch row; each
    // run skipped the batch the statement had just updated and took the next: one claim leased every due batch,
    // attempted one, and the others waited out their lease.
    `update push_batch b set attempts = attempts + 1, next_at = $1::timestamptz + make_interval(secs => $2)
     where b.id = (select id from push_batch where status = 0 and next_at <= $1 order by next_at limit 1 for update skip locked)
     returning b.id, b.cus_id, b.attempts, b.create_time, (select push_url from customer c where c.cus_id = b.cus_id) as push_url`,
    [now, leaseMs / 1000])
  return rows[0] ?? null
}

async function bodyOf(db: Db, b: Claimed): Promise<string> {
  const { rows } = await db.query<{ item: PushBody['items'][number] }>('select item from push_outbox where batch_id = $1 order by id', [b.id])
  const body: PushBody = { delivery_id: String(b.id), account: b.cus_id, items: rows.map((r) => r.item) }
  return JSON.stringify(body)
}

async function attempt(db: Db, b: Claimed, o: Required<Pick<PushOptions, 'allowPrivate' | 'timeoutMs' | 'secretOf'>> & PushOptions, now: Date): Promise<PostResult> {
  if (!b.push_url) return { status: null, error: pushErrorText.noAddress() }
  try {
    const target = await resolveTarget(b.push_url, { allowPrivate: o.allowPrivate, resolve: o.resolve })
    const body = await bodyOf(db, b)
    const timestamp = String(Math.floor(now.getTime() / 1000))
    const secret = await o.secretOf(db, b.cus_id)
    return await postTo(target, body, {
      [PUSH_HEADERS.timestamp]: timestamp,
      [PUSH_HEADERS.signature]: signPush(secret, timestamp, body),
      [PUSH_HEADERS.deliveryId]: String(b.id),
      [PUSH_HEADERS.account]: b.cus_id,
      'user-agent': 'sms-cloud-push/1',
    }, o.timeoutMs)
  } catch (e) {
    if (e instanceof PushTargetError) return { status: null, error: e.message }
    throw e
  }
}

/** Records an attempt's result: delivered, retried after a backoff, or failed once past the deadline. */
async function settle(db: Db, b: Claimed, r: PostResult, now: Date, random: number, firstDelayMs?: number): Promise<number> {
  const delivered = r.error === ''
  const next = new Date(now.getTime() + backoffMs(b.attempts, random, firstDelayMs))
  const deadline = new Date(new Date(b.create_time).getTime() + PUSH_DEADLINE_HOURS * 3_600_000)
  const outcome = delivered ? PUSH_OUTCOME.delivered : next > deadline ? PUSH_OUTCOME.failed : PUSH_OUTCOME.retry
  const nextAt = outcome === PUSH_OUTCOME.retry ? next : null
  await db.transaction(async (tx) => {
    await tx.query(
      `update push_batch set status = $2::smallint, next_at = coalesce($3::timestamptz, next_at),
         done_time = case when $2::smallint > 0 then $4::timestamptz end
       where id = $1 and status = 0`, [b.id, outcome, nextAt, now])
    await tx.query(
      `insert into push_attempt (batch_id, cus_id, attempt, url, status_code, error, outcome, next_at, create_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [b.id, b.cus_id, b.attempts, (b.push_url ?? '').slice(0, 500), r.status, r.error.slice(0, 500), outcome, nextAt, now])
  })
  return outcome
}

/** Delivered and failed batches are kept this long for the push log, then removed with their items and attempts. */
export const PUSH_KEEP_DAYS = 30

/**
 * Removes up to `max` finished batches older than PUSH_KEEP_DAYS (their outbox items and attempts first), so the
 * push tables stay bounded by a month of traffic. Returns how many batches went.
 */
export async function prunePush(db: Db, now: Date, max = 2_000): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `select id from push_batch where status <> 0 and done_time < $1 order by done_time limit $2 for update skip locked`,
      [new Date(now.getTime() - PUSH_KEEP_DAYS * 86_400_000), max])
    if (!rows.length) return 0
    const ids = rows.map((r) => r.id)
    await tx.query('delete from push_attempt where batch_id = any($1::bigint[])', [ids])
    await tx.query('delete from push_outbox where batch_id = any($1::bigint[])', [ids])
    await tx.query('delete from push_batch where id = any($1::bigint[])', [ids])
    return ids.length
  })
}

/** One tick: form batches, then attempt due ones; returns the outcomes of the attempts made. */
export async function pushTick(db: Db, opts: PushOptions = {}): Promise<number[]> {
  const o = { allowPrivate: false, timeoutMs: TIMEOUT_MS, secretOf: appSecretOf, parallel: 4, perTick: 40, ...opts }
  const clock = o.now ?? (() => new Date())
  const random = o.random ?? Math.random
  await formBatches(db, clock())
  const outcomes: number[] = []
  const lane = async () => {
    while (outcomes.length < o.perTick) {
      const now = clock()
      const b = await claim(db, now, o.timeoutMs + 50_000)
      if (!b) return
      const r = await attempt(db, b, o, now)
      outcomes.push(await settle(db, b, r, clock(), random(), o.firstDelayMs))
    }
  }
  await Promise.all(Array.from({ length: o.parallel }, lane))
  return outcomes
}

/** Forms and attempts the report pushes; its queue is the batches not yet delivered or given up. */
export const reportPushJob = defineJob({
  name: 'report-push',
  every: (c) => c.workerIntervalMs ?? 2000,
  tick: async (deps) => {
    const outcomes = await pushTick(deps.db, { allowPrivate: deps.config.pushAllowPrivate, firstDelayMs: deps.config.pushRetryFirstMs })
    const count = (o: number) => outcomes.filter((x) => x === o).length
    jobRetried('report-push', count(PUSH_OUTCOME.retry))
    return { delivered: count(PUSH_OUTCOME.delivered), retried: count(PUSH_OUTCOME.retry), failed: count(PUSH_OUTCOME.failed) }
  },
  queue: {
    depth: cappedDepth('push_batch where status = 0'),
    oldest: 'select min(create_time) as oldest from push_batch where status = 0',
  },
})

/** Keeps the push tables to PUSH_KEEP_DAYS of traffic, every ten minutes. */
export const pushPruneJob = defineJob({
  name: 'push-prune',
  every: () => 10 * 60_000,
  tick: async (deps) => ({ pruned: await prunePush(deps.db, new Date()) }),
})
