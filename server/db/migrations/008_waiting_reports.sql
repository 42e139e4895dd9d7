-- The carrier simulator looks for records still waiting for their report (500) every few seconds; a partial index
-- keeps that look-up to the few waiting rows instead of a scan of the whole history.
create index mt_record_waiting_idx on mt_record (sn) where mt_status = 500;
