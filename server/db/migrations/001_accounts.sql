-- Accounts, products, sessions and the login helpers. cus_id is the login name and the key other tables use,
-- because every list of the spec shows and filters by it.
create table product (
  prod_type smallint primary key,
  name text not null,
  name_en text not null
);

create table customer (
  id serial primary key,
  cus_id text not null unique,
  cus_name text not null,
  -- 1 administrator, 2 enterprise customer, 3 sub-account
  user_type smallint not null check (user_type in (1, 2, 3)),
  parent_id text references customer (cus_id),
  password_hash text not null,
  mobile text not null default '',
  email text not null default '',
  -- 0 closed, 1 open, 2 deleted
  cus_status smallint not null default 1,
  balance numeric(14, 3) not null default 0,
  show_client_status smallint not null default 1,
  client_forbid_unknown smallint not null default 0,
  show_content_filter_where smallint not null default 1,
  more_type smallint not null default 0,
  -- 0 prepaid, 1 postpaid
  pay_type smallint not null default 0,
  ext_number text not null default '',
  push_url text not null default '',
  app_secret text not null default '',
  create_time timestamptz not null default now()
);
create index customer_parent_idx on customer (parent_id);

create table customer_product (
  cus_id text not null references customer (cus_id),
  prod_type smallint not null references product (prod_type),
  price numeric(10, 4) not null default 0,
  primary key (cus_id, prod_type)
);

create table session_token (
  token_hash text primary key,
  customer_id int not null references customer (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_token_customer_idx on session_token (customer_id);

create table login_attempt (
  id bigserial primary key,
  cus_id text not null,
  success boolean not null,
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index login_attempt_cus_idx on login_attempt (cus_id, created_at desc);

create table captcha (
  redom_str text primary key,
  code text not null,
  expires_at timestamptz not null
);

create table sms_code (
  id bigserial primary key,
  -- 'login' or 'register'
  purpose text not null,
  uuid text not null,
  phone text not null,
  cus_id text not null,
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sms_code_phone_idx on sms_code (purpose, phone, created_at desc);
create index sms_code_uuid_idx on sms_code (uuid);

create table server_key (
  id int primary key,
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);
