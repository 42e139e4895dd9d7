-- Storing a big send (issue 4). A send appends its records at the newest end of the time indexes of 004. With
-- descending keys every new entry lands at the left edge of its range, where a B-tree page split leaves both halves
-- half full: a 1M-record send made each index about twice its size (69 MB instead of 38 MB) and cost ~20% of the
-- send's time. Ascending keys put them at the right edge, where splits leave full pages. Every list orders the
-- time and sn in one direction (server/lists orderClause, keysetBatches), which a backward scan of an ascending
-- index serves as the descending one did, so the same queries keep the same plans.
create index mt_record_cus_time_asc on mt_record (cus_id, prod_type, receive_time, sn);
drop index mt_record_cus_time_idx;
alter index mt_record_cus_time_asc rename to mt_record_cus_time_idx;

create index mt_record_prod_time_asc on mt_record (prod_type, receive_time, sn);
drop index mt_record_prod_time_idx;
alter index mt_record_prod_time_asc rename to mt_record_prod_time_idx;

create index mt_record_link_asc on mt_record (receive_time, sn) include (cus_id, click_time) where long_link is not null;
drop index mt_record_link_idx;
alter index mt_record_link_asc rename to mt_record_link_idx;
