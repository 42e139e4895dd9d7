-- Sent records in the rare statuses (held for review 100, waiting for a report 500, report time-out 600) are a few
-- in a hundred, but a status filter on them walked and counted every record of the window: this index holds only
-- them, in list order, with the account for the tenant condition. Success and failure filters over whole days are
-- answered from the daily rollups (server/routes/records/mt-total.ts), their pages from the time indexes.
create index mt_record_open_status_idx on mt_record (prod_type, receive_time desc, sn desc) include (cus_id, mt_status)
  where mt_status in (100, 500, 600);
