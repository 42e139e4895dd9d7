-- A resend that goes as a timed batch (a marketing resend asked for outside the marketing hours, server/batch/resend.ts)
-- keeps its link to the batch it resent to: the timed batch carries it until the scheduler sends it, and the batch the
-- scheduler makes carries it on (sms_batch.resent_from, 007). One resend of each target per batch counts both.
alter table time_batch add column resent_from text,
  add column resend_target text check (resend_target in ('failed', 'unknown'));
create index time_batch_resent_from_idx on time_batch (resent_from) where resent_from is not null;
