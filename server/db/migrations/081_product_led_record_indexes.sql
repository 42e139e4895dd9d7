-- Migration 079 led the product's time index and the open-status index by the time: a list of a rare product (the
-- administrator's 5G or video records over a month) then walked every other product's entries of that window to find
-- its page. Both are led by the product again, ascending (a send's records go in at the end of their product's range,
-- pages filled before they split; the open-status index was descending before 079 and split them in half), the
-- account kept as a trailing key column: a list filtered on an account passes over another account's entries inside
-- the index, not by reading their rows. The carrier's pick of waiting records and the queue depth read their own (sn)
-- index again.
create index mt_record_prod_time_idx on mt_record (prod_type, receive_time, sn, cus_id);
drop index mt_record_time_idx;
drop index mt_record_open_status_idx;
create index mt_record_open_status_idx on mt_record (prod_type, receive_time, sn, cus_id) include (mt_status)
  where mt_status in (100, 500, 600);
create index mt_record_waiting_idx on mt_record (sn) where mt_status = 500;
