-- The product's time index and the open-status index become time-led, with the product and the account as trailing
-- key columns, and the carrier's own (sn) index of waiting records goes (its pick and the /metrics queue read the
-- open-status index in (receive_time, sn) order). A list filtered on a product or an account tests those columns
-- inside the index: during another account's large send (one transaction, its records' entries already in every
-- index but not yet visible) an administrator's list of another product, an account's list with sub-accounts and an
-- account's "waiting for a report" page pass over that send's entries there, instead of reading each entry's row
-- from the table to find it invisible. A send's records share one receive time and take rising sn, so both indexes
-- receive them at their right end. One index fewer per record stored; figures in docs/benchmarks.md.
create index mt_record_time_idx on mt_record (receive_time, sn, prod_type, cus_id);
drop index mt_record_prod_time_idx;
-- Records held for review (100), waiting for a report (500) or timed out (600): the status filters' pages, the
-- carrier's pick of waiting records and the queue depth.
drop index mt_record_open_status_idx;
drop index mt_record_waiting_idx;
create index mt_record_open_status_idx on mt_record (receive_time, sn, prod_type, cus_id) include (mt_status)
  where mt_status in (100, 500, 600);
