-- Lists over a million records of one batch, and over a million timed details (issue 15).
--
-- Sent records of one batch are listed newest first (receive_time desc, sn desc): with the batch's index on batch_id
-- alone the page read every record of the batch and sorted them (a 1M batch, seconds on PGlite). With the time and
-- the key after the batch, the page is an index range read backwards, a window inside a batch is a range too, and
-- the batch's earliest and latest records (server/routes/records/mt-batch-total.ts) are one probe each. It serves the
-- batch-only lookups as well (deleting a cut-off send's records), so it replaces the one-column index.
create index mt_record_batch_time_idx on mt_record (batch_id, receive_time, sn);
drop index mt_record_batch_idx;

-- Timed details are listed by timing_time desc, sn desc. Every detail of a timed batch carries the batch's timing
-- time, so an index on the time alone leaves a million ties that were all read and sorted for a page of 20: the key
-- joins the time in each index. The mobile filter had no index at all (a walk of every detail in time order), and
-- the batch filter read its batch through (time_batch, sn) and sorted it; both get their list order. The batch's
-- (time_batch, sn) index stays: the scheduler and the chunked edit walk a batch in sn order.
create index time_mt_message_time_sn_idx on time_mt_message (timing_time, sn);
drop index time_mt_message_time_idx;
create index time_mt_message_cus_time_sn_idx on time_mt_message (cus_id, timing_time, sn);
drop index time_mt_message_cus_idx;
create index time_mt_message_mobile_idx on time_mt_message (mobile, timing_time, sn);
create index time_mt_message_batch_time_idx on time_mt_message (time_batch, timing_time, sn);
