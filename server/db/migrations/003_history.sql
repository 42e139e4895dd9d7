-- Send history. Lists open on "newest first, for one account (or one account and its sub-accounts), one product",
-- so each table leads its index with the tenant and product and ends with the time, descending.
create table sms_batch (
  batch_id text primary key,
  cus_id text not null,
  prod_type smallint not null,
  -- 0 SMS audit, 1 same-content group send, 2 one-to-one group send
  batch_type smallint not null,
  content text not null,
  create_time timestamptz not null,
  receive_count int not null default 0,
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0
);
create index sms_batch_cus_idx on sms_batch (cus_id, prod_type, create_time desc);
create index sms_batch_prod_idx on sms_batch (prod_type, create_time desc);

create table mt_record (
  sn bigserial primary key,
  cus_id text not null,
  -- 0 ordinary, 1 international, 2 video, 6 csp
  prod_type smallint not null,
  mobile text not null,
  content text not null,
  country_code text,
  price numeric(10, 4) not null default 0,
  -- 0 sent (with report_result 0 success), 100 pending review, 500 waiting report, 600 report timeout, else failure
  mt_status int not null,
  report_result int,
  report_result_desc text not null default '',
  receive_time timestamptz not null,
  report_time timestamptz,
  batch_id text,
  template_name text,
  long_link text,
  click_time timestamptz,
  osystem text,
  browser text
);
create index mt_record_cus_idx on mt_record (cus_id, prod_type, receive_time desc);
create index mt_record_prod_idx on mt_record (prod_type, receive_time desc);
create index mt_record_batch_idx on mt_record (batch_id);
create index mt_record_mobile_idx on mt_record (mobile, receive_time desc);

create table mo_record (
  sn bigserial primary key,
  cus_id text not null,
  prod_type smallint not null,
  src_calling_number text not null,
  mobile text not null,
  content text not null,
  whole_content text not null default '',
  deliver_time timestamptz not null
);
create index mo_record_cus_idx on mo_record (cus_id, prod_type, deliver_time desc);
create index mo_record_prod_idx on mo_record (prod_type, deliver_time desc);
