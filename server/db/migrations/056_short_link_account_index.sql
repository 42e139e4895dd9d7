-- Short-link records of one account (a sub-account, or the account filter): the list read the account's sent records
-- through (cus_id, prod_type, receive_time, sn) and kept the few with a link, so a sub-account that also sent a large
-- batch without links read all of it for each page and count (1M records on PGlite: ~0.9 s at load 14). Only the
-- link records enter this index, in list order per account; the product and the click state ride along for the
-- filters. The all-accounts walk keeps mt_record_link_idx.
create index mt_record_link_cus_idx on mt_record (cus_id, receive_time, sn) include (prod_type, click_time) where long_link is not null;
