-- Following a batch after its send and acting on it (src/domain/batch.ts, server/batch).

-- A resend is a batch of its own, linked to the batch it resent to and saying to which of its records (failed:
-- the transient failures, unknown: the report time-outs); one of each per batch, checked under a lock on the batch.
alter table sms_batch add column resent_from text,
  add column resend_target text check (resend_target in ('failed', 'unknown'));
create index sms_batch_resent_from_idx on sms_batch (resent_from) where resent_from is not null;

-- A batch's records that ended without a delivery: failures (cancelled ones included) and report time-outs, with
-- their code and number, for the failure groups, the resends and the failed numbers' file. A tenth of the records
-- or so; a send's waiting records are not in it, a report moving one here adds its entry.
create index mt_record_batch_outcome_idx on mt_record (batch_id, report_result_desc) include (mobile, mt_status)
  where mt_status not in (100, 500) and not (mt_status = 0 and report_result is not distinct from 0);

-- A record's report pushes (the record detail): its item by id, and the attempts of that item's push batch.
create index push_outbox_item_idx on push_outbox (item_id);
create index push_attempt_batch_idx on push_attempt (batch_id, attempt);
