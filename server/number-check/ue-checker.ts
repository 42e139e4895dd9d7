import { createHash } from 'node:crypto'
import { PROD_TYPE } from '../../src/domain/constants'
import { serverMessage } from '../../src/domain/messages'
import { UE_FILE_STATUS } from '../../src/domain/number-check-ue'
import { applyEntry } from '../customers/money'
import type { Db } from '../db'
import { defineJob } from '../jobs/define'
import { chinaDay } from './online'

/*
 * The reference checking service's UE answers and the background checker of confirmed UE files. Like the online
 * check (online.ts), an answer is a hash of the number and the China day: the same number answers the same all day.
 * About 62 % of Chinese mobiles were on 5G terminals in 2025, so 6,200 in 10,000 answer "supported".
 */
const hash32 = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0)

export const UE_SHARE_PER_10K = 6_200
export const ueOf = (mobile: string, day: string) => hash32(`ue|${mobile}|${day}`) % 10_000 < UE_SHARE_PER_10K

/** Read-message capability: about 78 % of terminals render read (rich) messages. */
export const aimOf = (mobile: string, day: string) => hash32(`aim|${mobile}|${day}`) % 10_000 < 7_800

export interface UeCheckerOptions {
  /** Share (0 … 1) of files the service fails part way (UE_CHECK_FAIL_SHARE); decided per file by `seed`. */
  failShare: number
  /** UE_CHECK_FAIL_SEED: which files fail is fixed by it, so a run can be repeated. */
  seed: string
  /** Numbers checked and committed per transaction. */
  chunk?: number
}

/**
 * The number of checked numbers after which the service fails this file, or null when it does not: a seeded share of
 * files, each at a point between 10 % and 90 % of its numbers, the same on every process and after every restart.
 */
export function failPointOf(batchId: string, batchCount: number, o: Pick<UeCheckerOptions, 'failShare' | 'seed'>): number | null {
  const h = hash32(`fail|${o.seed}|${batchId}`)
  if ((h % 1_000_000) / 1_000_000 >= o.failShare) return null
  const at = Math.floor(batchCount * (0.1 + ((h >>> 20) % 81) / 100))
  return Math.min(Math.max(at, 0), batchCount - 1)
}

interface Claimed {
  batch_id: string
  cus_id: string
  batch_count: number
  check_count: number
  cost: string
}

/** Adds `n` requests (answered or failed) to the day's blacklist and porting rows: one lookup answers all three. */
async function addStats(tx: Db, cusId: string, day: string, answered: number, failed: number) {
  for (const table of ['mobile_black_stat', 'number_porting_stat']) {
    await tx.query(
      `insert into ${table} (cus_id, gather_time, request_count, success_count, failure_count) values ($1, $2::date, $3, $4, $5)
       on conflict (cus_id, gather_time) do update set request_count = ${table}.request_count + excluded.request_count,
         success_count = ${table}.success_count + excluded.success_count, failure_count = ${table}.failure_count + excluded.failure_count`,
      [cusId, day, answered + failed, answered, failed])
  }
}

/**
 * One step of one file in one transaction: the least recently advanced confirmed file with status 0 or 1, claimed
 * with `for update skip locked` (a second checker on the same PostgreSQL takes another file or none), checks up to
 * `budget` numbers after its watermark, and commits them with the new watermark and counts. At its fail point the
 * file turns failed (3) and its whole cost is refunded (recharge type 1) in the same transaction, so exactly once.
 * Returns the numbers checked, or null when no file was free.
 */
async function stepOne(tx: Db, budget: number, o: UeCheckerOptions): Promise<number | null> {
  const { rows } = await tx.query<Claimed>(
    `select batch_id, cus_id, batch_count, check_count, cost::text as cost from mobile_ue_file
     where confirmed and file_status in (0, 1) order by check_time nulls first, create_time limit 1 for update skip locked`)
  const f = rows[0]
  if (!f) return null
  const failAt = failPointOf(f.batch_id, f.batch_count, o)
  const end = Math.max(f.check_count, Math.min(f.batch_count, f.check_count + budget, failAt ?? Infinity))
  const day = chinaDay()
  // ueOf in SQL (the first 4 bytes of the same sha256, big-endian): the answers never leave the database.
  const { rows: [done] } = await tx.query<{ n: number; ue: number }>(
    `with checked as (
       update mobile_ue_number set is_ue = (('x' || encode(substring(sha256(convert_to('ue|' || mobile || '|' || $4, 'UTF8')) from 1 for 4), 'hex'))::bit(32)::bigint % 10000) < $5
       where batch_id = $1 and seq > $2 and seq <= $3 returning is_ue)
     select count(*)::int as n, (count(*) filter (where is_ue))::int as ue from checked`,
    [f.batch_id, f.check_count, end, day, UE_SHARE_PER_10K])
  const failed = failAt !== null && end >= failAt
  const status = failed ? UE_FILE_STATUS.failed : end >= f.batch_count ? UE_FILE_STATUS.done : UE_FILE_STATUS.checking
  await tx.query(
    `update mobile_ue_file set check_count = $2, ue_count = ue_count + $3, nue_count = nue_count + $4, file_status = $5, check_time = now()
     where batch_id = $1`, [f.batch_id, end, done.ue, done.n - done.ue, status])
  await addStats(tx, f.cus_id, day, done.n, failed ? f.batch_count - end : 0)
  if (failed && Number(f.cost) > 0) {
    await applyEntry(tx, {
      cusId: f.cus_id, delta: f.cost, prodType: PROD_TYPE.numberCheck, rechargeType: 1, operator: 'system', isEnterprise: false,
      remark: serverMessage('ueRefundRemark', 'zh-CN', { batchId: f.batch_id }),
    })
  }
  return done.n
}

/**
 * Checks up to `budget` numbers across the files waiting, a chunk per transaction, round robin between files.
 * Returns the numbers checked. Safe to run in several processes at once (see stepOne).
 */
export async function runUeChecks(db: Db, budget: number, o: UeCheckerOptions): Promise<number> {
  const chunk = o.chunk ?? 20_000
  let done = 0
  let idle = 0
  while (done < budget) {
    const n = await db.transaction((tx) => stepOne(tx, Math.min(chunk, budget - done), o))
    if (n === null) break
    done += n
    // A file at its fail point or end checks nothing more; a few empty steps in a row mean nothing is left.
    idle = n === 0 ? idle + 1 : 0
    if (idle > 3) break
  }
  return done
}

/** Unconfirmed uploads nobody paid for within a day are dropped with their numbers. */
export async function pruneUnconfirmed(db: Db): Promise<number> {
  const { rows } = await db.query("delete from mobile_ue_file where not confirmed and create_time < now() - interval '1 day' returning 1")
  return rows.length
}

/**
 * Checks the waiting files at UE_CHECK_RATE numbers a second per process (`config.ueCheck`), every second unless
 * WORKER_INTERVAL_MS says otherwise; its queue is the confirmed files not yet finished.
 */
export const ueCheckerJob = defineJob({
  name: 'ue-checker',
  every: (c) => c.workerIntervalMs ?? 1000,
  tick: async (deps, run) => {
    const o = deps.config.ueCheck
    // The budget of the time since the last tick (an interval's on the first), at most two intervals' worth after a pause.
    const since = run.previousAt === null ? run.intervalMs : Date.now() - run.previousAt
    const budget = Math.max(1, Math.floor((o.rate * Math.min(since, 2 * run.intervalMs)) / 1000))
    if (run.count % 600 === 0) await pruneUnconfirmed(deps.db)
    return { checked: await runUeChecks(deps.db, budget, o) }
  },
  queue: {
    depth: 'select count(*)::int as depth from mobile_ue_file where confirmed and file_status in (0, 1)',
    oldest: 'select min(create_time) as oldest from mobile_ue_file where confirmed and file_status in (0, 1)',
  },
})
