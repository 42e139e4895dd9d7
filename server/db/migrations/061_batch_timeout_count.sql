-- The time-outs of a batch counted in its row (issue 15). A sent-record search by one batch takes its total from the
-- batch's counters (server/routes/records/mt-batch-total.ts), but "waiting for a report" (500) and "report time-out"
-- (600) shared unknown_count, so both filters counted the batch's records: 0.4-0.6 s at 1M on PGlite, where a
-- fresh batch is all of them waiting. With the time-outs counted apart, waiting is unknown_count - timeout_count.
-- New records are stored waiting or held for review, never timed out (send/store.ts, send/scheduler.ts): a batch
-- starts at 0 and the report trigger follows every update, as it does for the other counters.
alter table sms_batch add column timeout_count int not null default 0;

update sms_batch b set timeout_count = x.n
from (select batch_id, count(*)::int as n from mt_record where mt_status = 600 and batch_id is not null group by batch_id) x
where b.batch_id = x.batch_id;

create or replace function sms_batch_report_trigger() returns trigger language plpgsql as $$
begin
  update sms_batch b set
    sent_count = b.sent_count + d.sent,
    success_count = b.success_count + d.ok,
    failure_count = b.failure_count + d.failed,
    unknown_count = b.unknown_count + d.unknown,
    timeout_count = b.timeout_count + d.timeout
  from (
    select batch_id,
      sum(sign * (mt_status <> 100)::int) as sent,
      sum(sign * (mt_status = 0 and report_result = 0)::int) as ok,
      sum(sign * (mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0))::int) as failed,
      sum(sign * (mt_status in (500, 600))::int) as unknown,
      sum(sign * (mt_status = 600)::int) as timeout
    from (select batch_id, mt_status, report_result, 1 as sign from new_rows
          union all select batch_id, mt_status, report_result, -1 from old_rows) x
    where batch_id is not null
    group by batch_id) d
  where b.batch_id = d.batch_id;
  return null;
end $$;
