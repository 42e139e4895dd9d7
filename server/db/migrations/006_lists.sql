-- Tables of the remaining list screens: timed batches, recharges, templates, address book, number check and the
-- generic sample. Each leads an index with the account and ends with the time the list sorts by, newest first.

-- send_status of batch and details: 0 to be sent, 1 sent, 2 paused, 3 intercepted, 4 failed
create table time_batch (
  time_batch text primary key,
  cus_id text not null,
  prod_type smallint not null default 0,
  -- 0 same content, 1 point-to-point
  batch_type smallint not null,
  send_status smallint not null,
  content text not null,
  batch_count int not null,
  timing_time timestamptz not null,
  create_time timestamptz not null,
  update_time timestamptz not null default now()
);
create index time_batch_cus_idx on time_batch (cus_id, timing_time desc);
create index time_batch_time_idx on time_batch (timing_time desc);

create table time_mt_message (
  sn bigserial primary key,
  time_batch text not null references time_batch (time_batch) on delete cascade,
  cus_id text not null,
  mobile text not null,
  content text not null,
  send_status smallint not null,
  timing_time timestamptz not null,
  create_time timestamptz not null
);
create index time_mt_message_batch_idx on time_mt_message (time_batch, sn);
create index time_mt_message_cus_idx on time_mt_message (cus_id, timing_time desc);
create index time_mt_message_time_idx on time_mt_message (timing_time desc);

create table recharge_record (
  id bigserial primary key,
  cus_id text not null,
  prod_type smallint not null,
  -- messages credited; recharge_money what was paid
  recharge_amount int not null default 0,
  recharge_money numeric(14, 2) not null default 0,
  -- 1 the balance is money, 0 a message count
  is_amount_recharge smallint not null default 1,
  pre_balance numeric(14, 3) not null,
  post_balance numeric(14, 3) not null,
  -- 0 account recharge, 1 automatic refund, 2 price adjustment, 3 manual deduction
  recharge_type smallint not null,
  remark text not null default '',
  -- who performed it: an administrator, or the parent enterprise for its sub-account (enterprise recharge)
  operator_id text not null,
  is_enterprise boolean not null default false,
  create_time timestamptz not null
);
create index recharge_record_cus_idx on recharge_record (cus_id, create_time desc);
create index recharge_record_time_idx on recharge_record (create_time desc);

create table content_template (
  id serial primary key,
  cus_id text not null,
  template_content text not null,
  keyword text not null default '',
  -- 0 pending, 1 non-audited, 2 approved, 3 rejected
  check_status smallint not null,
  result_desc text not null default '',
  check_time timestamptz,
  create_time timestamptz not null
);
create index content_template_cus_idx on content_template (cus_id, create_time desc);

create table video_template (
  cus_template_id serial primary key,
  cus_id text not null,
  -- 0 standard, 1 with variables
  template_type smallint not null default 0,
  title text not null,
  template_sign text not null,
  remark text not null default '',
  size int not null,
  -- 0 or 5 pending, 1 in review, 2 approved, 3 rejected, 4 deleted
  status smallint not null,
  create_time timestamptz not null,
  update_time timestamptz not null
);
create index video_template_cus_idx on video_template (cus_id, create_time desc);

create table csp_template (
  template_id serial primary key,
  cus_id text not null,
  template_name text not null,
  chatbot_id text not null,
  autograph text not null,
  -- fallback codes, comma separated: 1 SMS, 2 video message, 3 read message
  low_type text not null default '',
  -- 0 pending, 1-3 in review, 4 approved, 5 rejected
  template_status smallint not null,
  create_time timestamptz not null
);
create index csp_template_cus_idx on csp_template (cus_id, create_time desc);

create table ab_group (
  group_id serial primary key,
  cus_id text not null,
  group_name text not null,
  remark text not null default '',
  create_time timestamptz not null default now(),
  unique (cus_id, group_name)
);

create table ab_contact (
  id bigserial primary key,
  cus_id text not null,
  group_id int not null references ab_group (group_id) on delete cascade,
  name text not null,
  mobile text not null,
  email text not null default '',
  job_number text not null default '',
  -- 0 unknown, 1 male, 2 female
  gender smallint not null default 0,
  birthday date,
  remark text not null default '',
  create_time timestamptz not null default now()
);
create index ab_contact_cus_idx on ab_contact (cus_id, create_time desc);
create index ab_contact_group_idx on ab_contact (group_id, create_time desc);

-- Daily number-check statistics per account (gather_time is a LIST_TIME_ZONE calendar day).
create table mobile_status_stat (
  cus_id text not null,
  gather_time date not null,
  request_count int not null,
  success_count int not null,
  failure_count int not null,
  dead_count int not null,
  real_count int not null,
  down_count int not null,
  not_count int not null,
  silence_count int not null,
  danger_count int not null,
  primary key (cus_id, gather_time)
);
create index mobile_status_stat_time_idx on mobile_status_stat (gather_time);

create table mobile_black_stat (
  cus_id text not null,
  gather_time date not null,
  request_count int not null,
  success_count int not null,
  failure_count int not null,
  primary key (cus_id, gather_time)
);
create index mobile_black_stat_time_idx on mobile_black_stat (gather_time);

create table number_porting_stat (
  cus_id text not null,
  gather_time date not null,
  request_count int not null,
  success_count int not null,
  failure_count int not null,
  primary key (cus_id, gather_time)
);
create index number_porting_stat_time_idx on number_porting_stat (gather_time);

-- UE (terminal support) check files and their numbers; 0 pending, 1 checking, 2 done, 3 failed
create table mobile_ue_file (
  batch_id text primary key,
  cus_id text not null,
  file_name text not null,
  file_status smallint not null,
  batch_count int not null,
  check_count int not null default 0,
  ue_count int not null default 0,
  nue_count int not null default 0,
  create_time timestamptz not null
);
create index mobile_ue_file_cus_idx on mobile_ue_file (cus_id, create_time desc);

create table mobile_ue_number (
  batch_id text not null references mobile_ue_file (batch_id) on delete cascade,
  seq int not null,
  mobile text not null,
  -- null until checked
  is_ue boolean,
  primary key (batch_id, seq)
);

create table mobile_status_batch (
  id serial primary key,
  cus_id text not null,
  batch_name text not null,
  batch_count int not null,
  dead_count int not null,
  real_count int not null,
  down_count int not null,
  not_count int not null,
  silence_count int not null,
  danger_count int not null,
  create_time timestamptz not null
);
create index mobile_status_batch_cus_idx on mobile_status_batch (cus_id, create_time desc);

-- The spec's generic sample table (/crud/*); not tenant data.
create table crud_sample (
  id serial primary key,
  name text not null,
  mobile text not null,
  amount numeric(14, 2) not null default 0,
  status smallint not null default 1,
  remark text not null default '',
  create_time timestamptz not null default now(),
  update_time timestamptz not null default now()
);
