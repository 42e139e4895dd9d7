import type { Db } from '../db'

/**
 * A week of report-push history for the push log: acme, acme01 and globex each had deliveries that went through at
 * once, some that needed retries (500, time-out) and one that failed for good. No account gets a live push address:
 * the demo's receivers would not exist, and every report would then be retried for a day.
 */
export async function seedPushHistory(db: Db): Promise<void> {
  await db.exec(`
    with b as (
      insert into push_batch (cus_id, items, status, attempts, next_at, create_time, done_time)
      select cus, 1 + (k * 37) % 100, case when k % 9 = 0 then 2 else 1 end, 1 + k % 3, t, t, t + interval '10 minutes'
      from (values ('acme'), ('acme01'), ('globex')) a(cus), generate_series(1, 12) k,
        lateral (select now() - make_interval(hours => k * 13) as t) w
      returning id, cus_id, status, attempts, create_time
    )
    insert into push_attempt (batch_id, cus_id, attempt, url, status_code, error, outcome, next_at, create_time)
    select b.id, b.cus_id, n, 'https://push.' || b.cus_id || '.example.com/sms/report',
      case when n < b.attempts or b.status = 2 then (case when n % 2 = 0 then null else 500 end) else 200 end,
      case when n < b.attempts or b.status = 2 then (case when n % 2 = 0 then 'timeout after 10000 ms' else 'HTTP 500' end) else '' end,
      case when n < b.attempts then 0 else b.status end,
      case when n < b.attempts then b.create_time + make_interval(secs => 30 * n) end,
      b.create_time + make_interval(secs => 30 * (n - 1))
    from b, generate_series(1, b.attempts) n`)
}
