-- Record lists (docs/lists.md). Every list orders by (time desc, sn desc) and keyset downloads walk the same pair,
-- so the time indexes of 003 gain sn: a first page, or the next download batch, is an index walk that stops after
-- the page, with no sort. The 003 indexes are replaced, not doubled: the new ones serve every query they served.
create index mt_record_cus_time_idx on mt_record (cus_id, prod_type, receive_time desc, sn desc);
create index mt_record_prod_time_idx on mt_record (prod_type, receive_time desc, sn desc);
drop index mt_record_cus_idx;
drop index mt_record_prod_idx;

-- Short-link sends are a small part of the ordinary sends.
create index mt_record_link_idx on mt_record (receive_time desc, sn desc) include (cus_id, click_time) where long_link is not null;

create index mo_record_cus_time_idx on mo_record (cus_id, prod_type, deliver_time desc, sn desc);
create index mo_record_prod_time_idx on mo_record (prod_type, deliver_time desc, sn desc);
drop index mo_record_cus_idx;
drop index mo_record_prod_idx;
create index mo_record_mobile_idx on mo_record (mobile, deliver_time desc);
-- Interaction records: replies that carry the whole conversation.
create index mo_record_interact_idx on mo_record (prod_type, deliver_time desc, sn desc) where whole_content <> '';
