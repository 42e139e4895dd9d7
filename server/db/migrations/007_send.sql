-- Sending (issue 4): idempotency keys, sensitive words, batch ids, and the batch counters following the reports.

-- The first reply of a send, kept per account and key; a retry with the same key gets it back instead of a new send.
create table send_idempotency (
  cus_id text not null,
  idempotency_key uuid not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (cus_id, idempotency_key)
);

-- Content containing one of these (case-insensitive) waits for review: mt_status 100, batch_type 0.
create table sensitive_word (
  word text primary key
);
insert into sensitive_word (word) values ('赌博'), ('发票'), ('代开'), ('贷款秒批'), ('casino'), ('lottery win');

create sequence send_batch_seq;

-- sms_batch counters follow report updates of its records (inserts set them directly, as the seed does).
create function sms_batch_report_trigger() returns trigger language plpgsql as $$
begin
  update sms_batch b set
    sent_count = b.sent_count + d.sent,
    success_count = b.success_count + d.ok,
    failure_count = b.failure_count + d.failed,
    unknown_count = b.unknown_count + d.unknown
  from (
    select batch_id,
      sum(sign * (mt_status <> 100)::int) as sent,
      sum(sign * (mt_status = 0 and report_result = 0)::int) as ok,
      sum(sign * (mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0))::int) as failed,
      sum(sign * (mt_status in (500, 600))::int) as unknown
    from (select batch_id, mt_status, report_result, 1 as sign from new_rows
          union all select batch_id, mt_status, report_result, -1 from old_rows) x
    where batch_id is not null
    group by batch_id) d
  where b.batch_id = d.batch_id;
  return null;
end $$;

create trigger sms_batch_report_upd after update on mt_record referencing old table as old_rows new table as new_rows
  for each statement execute function sms_batch_report_trigger();
