-- The schema as a whole, read top to bottom: platform, accounts, templates and materials, sends and their records,
-- the rollups the statistics read, replies and interactions, address book, number checks, short links, report push,
-- notices, background work, content search. Migrations after this file change what it made (docs/operations.md,
-- "Upgrades and migrations").
--
-- Conventions. cus_id (the login name) is the key every tenant table carries, because every list of the spec shows
-- and filters by it, and every tenant table leads an index with it (docs/scaling.md). Lists order newest first by
-- (time, key): their indexes end with the time and the key so that a page, or a download's next batch, is an index
-- walk that stops after the page. Times are timestamptz; a "day" is a calendar day in Asia/Shanghai (LIST_TIME_ZONE),
-- the zone every list date is read in. Money is numeric: balances and charges with 3 decimals, prices with 4
-- (src/domain/money.ts). Statuses are small integers whose meaning src/domain holds; the comments here name them.

-- ---------------------------------------------------------------------------------------------------------------
-- Platform: settings, menus, products, countries, the server's own keys
-- ---------------------------------------------------------------------------------------------------------------

create table site_setting (
  key text primary key,
  value text not null
);

-- The menu the server delivers by role; the console builds its sidebar and the palette's route jumps from it.
create table menu (
  id text primary key,
  parent_id text references menu (id),
  module text not null,
  path text not null,
  label text not null,
  label_en text not null,
  icon text not null,
  roles text[] not null,
  sort int not null
);
create index menu_module_idx on menu (module, sort);

-- 0 ordinary SMS, 1 international, 2 video, 6 csp (5G), 7 number check; the seed adds the sending products.
create table product (
  prod_type smallint primary key,
  name text not null,
  name_en text not null
);
-- The number check is priced per number like the sends, and every account has it.
insert into product (prod_type, name, name_en) values (7, '号码检测', 'Number check');

-- An international send bills at the customer's price for the country (customer_country_price) or this one.
create table country (
  id serial primary key,
  iso char(2) not null unique,
  name_zh text not null,
  name_en text not null,
  calling_code text not null,
  price numeric(10, 4) not null
);

-- Errors the console reports (/errorLog); capped in rows by the route.
create table error_log (
  id bigserial primary key,
  cus_id text,
  message text not null,
  stack text not null default '',
  url text not null default '',
  time text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now()
);

-- The RSA key pair sign-in passwords are sealed with.
create table server_key (
  id int primary key,
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- Secrets the server makes once and every process shares (the HMAC key of signed media addresses).
create table server_secret (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------------------------
-- Accounts and customers: the account tree, prices, sign-in, identity, recharges
-- ---------------------------------------------------------------------------------------------------------------

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
  -- The app secret itself, since HMAC signing needs the value: made on first use (server/users/app-secret.ts).
  app_secret text not null default '',
  create_time timestamptz not null default now(),
  -- Identity certification (/user/certification): the holder's name, the 18-character identity number (checked
  -- against GB 11643 before it is stored) and a phone; certified_at null means not certified.
  real_name text not null default '',
  id_number text not null default '',
  cert_phone text not null default '',
  certified_at timestamptz,
  -- Bytes the customer's materials may take in the object store; null: STORAGE_QUOTA_BYTES (server/materials/quota.ts).
  storage_quota bigint check (storage_quota >= 0),
  -- Charges, transfers and sends all check the balance under the row lock; this holds should a statement forget.
  constraint customer_balance_nonnegative check (balance >= 0)
);
create index customer_parent_idx on customer (parent_id);

-- A customer's price per product; sub-accounts copy their parent's when created.
create table customer_product (
  cus_id text not null references customer (cus_id),
  prod_type smallint not null references product (prod_type),
  price numeric(10, 4) not null default 0,
  primary key (cus_id, prod_type)
);

-- International prices per customer and country; a country without a row bills at country.price.
create table customer_country_price (
  cus_id text not null references customer (cus_id),
  iso char(2) not null references country (iso),
  price numeric(10, 4) not null check (price >= 0),
  primary key (cus_id, iso)
);

create table session_token (
  token_hash text primary key,
  customer_id int not null references customer (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_token_customer_idx on session_token (customer_id);

-- Sign-in attempts: the lock is per (account, address), the slow-down per account; rows older than a day are
-- trimmed now and then, by the created_at index.
create table login_attempt (
  id bigserial primary key,
  cus_id text not null,
  success boolean not null,
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index login_attempt_cus_idx on login_attempt (cus_id, created_at desc);
create index login_attempt_cus_ip_idx on login_attempt (cus_id, ip, created_at desc);
create index login_attempt_created_idx on login_attempt (created_at);

-- server/security/captcha.ts deletes expired rows and keeps at most CAPTCHA_ROWS_MAX, both by expiry.
create table captcha (
  redom_str text primary key,
  code text not null,
  expires_at timestamptz not null
);
create index captcha_expires_idx on captcha (expires_at);

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

-- One-time nonces for passwords typed after sign-in (password change, app-secret reveal): the console seals the
-- password with one (src/domain/auth.ts sealPassword), so a captured cipher text is refused when sent again. Bound to
-- the account that asked; capped per account and expired rows deleted on every issue (server/security/password-nonce.ts).
create table password_nonce (
  nonce text primary key,
  cus_id text not null references customer (cus_id),
  expires_at timestamptz not null
);
create index password_nonce_cus_idx on password_nonce (cus_id, expires_at desc);
create index password_nonce_expires_idx on password_nonce (expires_at);

-- Nonces of signed calls from customers' systems (/api/open/v1, server/signed-api/signature.ts): refused until they
-- expire, which is after the signature's time window, so a captured request cannot be replayed. Written only after
-- the signature checked, so bounded by the per-account rate limit; an account's expired rows go at its next call.
create table signed_api_nonce (
  cus_id text not null,
  nonce text not null,
  expires_at timestamptz not null,
  primary key (cus_id, nonce)
);
create index signed_api_nonce_expires_idx on signed_api_nonce (expires_at);

-- Rate-limit counters (server/security/rate-limit.ts, rate-limiter-flexible's PostgreSQL store), in the database so
-- every server process counts the same requests. The column order is the library's: it inserts by position. points
-- is bigint because some rules count bytes; expire is epoch milliseconds.
create table rate_limits (
  key text primary key,
  points bigint not null default 0,
  expire bigint
);
create index rate_limits_expire on rate_limits (expire);

create table recharge_record (
  id bigserial primary key,
  cus_id text not null,
  prod_type smallint not null,
  -- messages credited; recharge_money what was paid
  recharge_amount int not null default 0,
  recharge_money numeric(14, 3) not null default 0,
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

-- ---------------------------------------------------------------------------------------------------------------
-- Templates and materials
-- ---------------------------------------------------------------------------------------------------------------
-- Each template kind has a partial index of the undecided ones, oldest first: the review worker's queue.

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
create index content_template_review_idx on content_template (create_time) where check_status = 0;

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
  update_time timestamptz not null,
  result_desc text not null default '',
  check_time timestamptz,
  -- the carrier's id of an approved template
  gate_template_id text unique
);
create index video_template_cus_idx on video_template (cus_id, create_time desc);
create index video_template_review_idx on video_template (create_time) where status in (0, 1, 5);

-- The preview of a video template (videoTheme, videoFrameList): its frames in order, each a picture or clip and a
-- caption. media_url is a data: URI or a path the server serves, never an external host.
create table video_template_frame (
  cus_template_id int not null references video_template (cus_template_id) on delete cascade,
  seq smallint not null,
  -- image, video or audio
  media_type text not null default 'image',
  media_url text not null,
  text_content text not null default '',
  material_id int,
  primary key (cus_template_id, seq)
);

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
  create_time timestamptz not null,
  result_desc text not null default '',
  check_time timestamptz,
  gate_template_id text unique
);
create index csp_template_cus_idx on csp_template (cus_id, create_time desc);
create index csp_template_review_idx on csp_template (create_time) where template_status between 0 and 3;

-- A csp account's chatbots (/user/getChatbotList); csp_template.chatbot_id names one of them.
create table chatbot (
  chatbot_id text primary key,
  cus_id text not null references customer (cus_id),
  name text not null,
  -- 0 offline, 1 online (only an online chatbot sends)
  status smallint not null default 1,
  create_time timestamptz not null default now()
);
create index chatbot_cus_idx on chatbot (cus_id);

-- The send content of a csp template: a text or a rich card carousel, and the fallback contents registered with it
-- (the fallback video message's theme and frames are copied beside video_template_id for the preview).
create table csp_template_content (
  template_id int primary key references csp_template (template_id) on delete cascade,
  -- text/plain or application/vnd.gsma.botmessage.v1.0+json (cards)
  content_type text not null,
  text_5g text not null default '',
  -- [{cardSeq, mediaType image|video|audio, mediaUrl, cardTitle, textContent, buttons: [{buttonName}]}]
  card_list jsonb not null default '[]',
  sms_text text not null default '',
  video_theme text not null default '',
  -- [{seq, mediaType, mediaUrl, textContent}]
  video_frames jsonb not null default '[]',
  aim_text text not null default '',
  video_template_id int
);

-- Media a tenant uploaded for 5G cards and video frames. The bytes live in the object store (server/storage) under
-- object_key, made from the tenant and a random id, never from the uploaded file name.
create table material (
  material_id serial primary key,
  cus_id text not null,
  kind text not null check (kind in ('image', 'video', 'audio')),
  -- the rules it was checked against: aim (library), csp (5G card), video (video SMS)
  purpose text not null check (purpose in ('aim', 'csp', 'video')),
  -- shown only; the uploader's name for it
  file_name text not null,
  -- sniffed from the bytes, served as is
  content_type text not null,
  size int not null check (size > 0),
  object_key text not null unique,
  sha256 text not null,
  create_time timestamptz not null default now()
);
create index material_cus_idx on material (cus_id, create_time desc);

-- The materials each template uses, so a material in use cannot be deleted. kind: csp or video; template_id:
-- csp_template.template_id or video_template.cus_template_id. No foreign key to material: the material's delete
-- checks this table in its own transaction (server/materials/in-use.ts).
create table template_material (
  kind text not null check (kind in ('csp', 'video')),
  template_id int not null,
  material_id int not null,
  cus_id text not null,
  primary key (kind, template_id, material_id)
);
create index template_material_material_idx on template_material (material_id);

-- ---------------------------------------------------------------------------------------------------------------
-- Sends: batches, sent records, timed batches
-- ---------------------------------------------------------------------------------------------------------------

-- The first reply of a send, kept per account and key; a retry with the same key gets it back instead of a new send.
create table send_idempotency (
  cus_id text not null,
  idempotency_key uuid not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (cus_id, idempotency_key)
);

-- Content containing one of these (case-insensitive) waits for review: mt_status 100, batch_type 0.
create table sensitive_word (
  word text primary key
);
insert into sensitive_word (word) values ('赌博'), ('发票'), ('代开'), ('贷款秒批'), ('casino'), ('lottery win');

-- The running number in batch ids (server/send/store.ts).
create sequence send_batch_seq;

-- One row per send. The counters follow the records: a send sets them as it stores, the report trigger below
-- follows every status report. unknown_count holds both waiting (500) and time-outs (600); timeout_count the
-- time-outs alone, so a batch's "waiting" total is unknown_count - timeout_count (server/routes/records/mt-batch-total.ts).
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
  unknown_count int not null default 0,
  -- the sender id of an international send (1 to 11 letters and digits); null: the route's default
  sender_id text,
  timeout_count int not null default 0
);
create index sms_batch_cus_idx on sms_batch (cus_id, prod_type, create_time desc);
create index sms_batch_prod_idx on sms_batch (prod_type, create_time desc);

-- Sent records: the big table (a million-number send is a million rows in one transaction, server/send/commit.ts).
create table mt_record (
  sn bigserial primary key,
  cus_id text not null,
  -- 0 ordinary, 1 international, 2 video, 6 csp
  prod_type smallint not null,
  mobile text not null,
  content text not null,
  country_code text,
  -- what the send billed for this record: messages × unit price
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
  -- the recipient's first click of a link send's short link, copied from short_link_click
  click_time timestamptz,
  osystem text,
  browser text
);
-- Every index here is paid by every record stored; each one serves lists no other one can. The time indexes are
-- ascending though lists read newest first: a send appends at the right edge, where page splits leave full pages
-- (descending keys split each page in half and doubled the index), and a backward scan serves the list order.
-- An account's records, per product (the customer's lists).
create index mt_record_cus_time_idx on mt_record (cus_id, prod_type, receive_time, sn);
-- A product's records (the administrator's lists); the account trails, so a list filtered on accounts passes over
-- other accounts' entries inside the index, including a large send's not yet visible ones, without reading their rows.
create index mt_record_prod_time_idx on mt_record (prod_type, receive_time, sn, cus_id);
-- The rare statuses (held for review 100, waiting for a report 500, report time-out 600) in list order: the status
-- filters' pages, the carrier simulator's pick of waiting records and the queue gauge (server/send/carrier-sim.ts,
-- server/ops/job-queues.ts), product by product. Success and failure totals come from the daily rollups.
create index mt_record_open_status_idx on mt_record (prod_type, receive_time, sn, cus_id) include (mt_status)
  where mt_status in (100, 500, 600);
-- One batch's records in list order, its first and last record one probe each; also the batch-only look-ups.
create index mt_record_batch_time_idx on mt_record (batch_id, receive_time, sn);
-- A mobile's records (the mobile filter, the reply look-up).
create index mt_record_mobile_idx on mt_record (mobile, receive_time desc);
-- Short-link records, a small part of the sends: all accounts, and one account's.
create index mt_record_link_idx on mt_record (receive_time, sn) include (cus_id, click_time) where long_link is not null;
create index mt_record_link_cus_idx on mt_record (cus_id, receive_time, sn) include (prod_type, click_time) where long_link is not null;

-- A large send writes its records in one transaction; until it commits, their index entries are there and not yet
-- visible, and a list walking newest first would check each against the open transaction. Such a send stamps its
-- records with one time no other record has (a microsecond of its own) and names it here, committed in a statement
-- of its own before its records go in; its transaction deletes the row as it commits. A list walks the index around
-- the times its process last saw here and reads again if one has gone (server/lists/in-flight.ts). A row left by a
-- crashed send names a time no committed record carries, so it hides nothing; the next large send deletes it.
create table send_in_flight (
  record_time timestamptz primary key,
  prod_type smallint not null,
  batch_id text not null,
  created timestamptz not null default now()
);

-- What a csp batch (sms_batch.batch_id, or time_batch.time_batch for a timed one) sent and would fall back to.
create table csp_send (
  batch_id text primary key,
  cus_id text not null,
  chatbot_id text not null,
  template_id int not null,
  -- chosen fallback codes, comma separated (as csp_template.low_type); empty for none
  low_type text not null default '',
  sms_text text,
  video_template_id int,
  aim_text text,
  create_time timestamptz not null default now()
);
-- A template a batch (timed ones included) still names cannot be deleted: these find the batches.
create index csp_send_template_idx on csp_send (template_id);
create index csp_send_video_template_idx on csp_send (video_template_id) where video_template_id is not null;

-- What a video batch (sms_batch.batch_id, or time_batch.time_batch for a timed one) sent.
create table video_send (
  batch_id text primary key,
  cus_id text not null,
  cus_template_id int not null,
  create_time timestamptz not null default now()
);
create index video_send_template_idx on video_send (cus_template_id);

-- Timed sends, any kind; the scheduler sends each when due (server/send/scheduler.ts), making its sms_batch then.
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
  update_time timestamptz not null default now(),
  -- group, p2p, link, video, csp, intl
  kind text not null default 'group',
  template_name text,
  sender_id text
);
create index time_batch_cus_idx on time_batch (cus_id, timing_time desc);
create index time_batch_time_idx on time_batch (timing_time desc);

-- A timed batch's recipients, with what each sent record will need (country, promotion link).
create table time_mt_message (
  sn bigserial primary key,
  time_batch text not null references time_batch (time_batch) on delete cascade,
  cus_id text not null,
  mobile text not null,
  content text not null,
  send_status smallint not null,
  timing_time timestamptz not null,
  create_time timestamptz not null,
  country_code text,
  long_link text
);
-- Every detail of a batch carries the batch's timing time, so the lists' indexes take the key after the time (a
-- million ties otherwise read and sorted for a page of 20). The scheduler and an edit walk a batch in sn order.
create index time_mt_message_batch_idx on time_mt_message (time_batch, sn);
create index time_mt_message_time_sn_idx on time_mt_message (timing_time, sn);
create index time_mt_message_cus_time_sn_idx on time_mt_message (cus_id, timing_time, sn);
create index time_mt_message_mobile_idx on time_mt_message (mobile, timing_time, sn);
create index time_mt_message_batch_time_idx on time_mt_message (time_batch, timing_time, sn);
-- A batch's details nearly always share one status, so a status filter's total sums batch rows and only counts a
-- batch with details both in and outside the status: one probe each (server/routes/lists/timed.ts timedRowsTotal).
create index time_mt_message_batch_status_idx on time_mt_message (time_batch, send_status);

-- ---------------------------------------------------------------------------------------------------------------
-- Rollups of the sent records: daily counts, per-content daily counts, batch counters
-- ---------------------------------------------------------------------------------------------------------------
-- Statement-level triggers with transition tables keep the rollups equal to the records under any insert, update (a
-- status report arriving), delete or truncate, in the writing transaction, at the cost of one grouped upsert per
-- statement rather than one per row. The counting expressions define the statuses exactly as the lists' status
-- filters do (statusCondition, server/routes/records/common.ts): sent = received minus held for review (100);
-- success = 0 with report 0; unknown = 500 or 600; failure = the rest.

-- The statistics screens (/dataGathering/*) and the totals of whole-day record searches.
create table mt_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  -- ISO country of international records, '' otherwise
  country text not null default '',
  receive_count int not null default 0,
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,
  -- the sum of the records' prices (the home page's spend)
  spend numeric(16, 4) not null default 0,
  primary key (cus_id, prod_type, day, country)
);
create index mt_daily_prod_idx on mt_daily (prod_type, day);

-- The content search of the record lists (server/routes/records/content-rollup.ts): a search sums the rows whose
-- content matches (`content like '%word%'`, the very condition the records are filtered with) instead of walking
-- every record of its window, and reads its page only from the days and batches where matches are. A same-content
-- send adds a row a day; a point-to-point send with a per-number variable a row per record. Records without a batch
-- have batch_id ''.
create table mt_content_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  country text not null default '',
  batch_id text not null default '',
  -- md5 of the content: the key stays short whatever the content's length
  content_key uuid not null,
  content text not null,
  receive_count int not null default 0,
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,
  primary key (content_key, day, batch_id, cus_id, prod_type, country)
);

-- The triggers' statement for inserts and deletes (`source` a transition table; sign 1 adds, -1 removes): the
-- changed rows grouped once at the content's grain, upserted into mt_content_daily and summed from those groups into
-- mt_daily. The records are grouped by their receive time first and the Shanghai day worked out once per group (a
-- send's records share one time; the day of each record cost half of the trigger). The trigger EXECUTEs the text
-- itself: transition tables are visible to the trigger function's own queries only, not to functions it calls.
create function mt_rollups_sql(source text, sign int) returns text language sql immutable as $$
  select format($q$
    with t as (
      select cus_id, prod_type, receive_time, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        %2$s * count(*) as receive_count,
        %2$s * count(*) filter (where mt_status <> 100) as sent_count,
        %2$s * count(*) filter (where mt_status = 0 and report_result = 0) as success_count,
        %2$s * count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)) as failure_count,
        %2$s * count(*) filter (where mt_status in (500, 600)) as unknown_count,
        %2$s * sum(price) as spend
      from %1$I group by 1, 2, 3, 4, 5, 6
    ), g as materialized (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, country, batch_id, content,
        sum(receive_count)::bigint as receive_count, sum(sent_count)::bigint as sent_count, sum(success_count)::bigint as success_count,
        sum(failure_count)::bigint as failure_count, sum(unknown_count)::bigint as unknown_count, sum(spend) as spend
      from t group by 1, 2, 3, 4, 5, 6
    ), c as (
      insert into mt_content_daily as d (cus_id, prod_type, day, country, batch_id, content_key, content,
        receive_count, sent_count, success_count, failure_count, unknown_count)
      select cus_id, prod_type, day, country, batch_id, md5(content)::uuid, content,
        receive_count, sent_count, success_count, failure_count, unknown_count from g
      on conflict (content_key, day, batch_id, cus_id, prod_type, country) do update set
        receive_count = d.receive_count + excluded.receive_count,
        sent_count = d.sent_count + excluded.sent_count,
        success_count = d.success_count + excluded.success_count,
        failure_count = d.failure_count + excluded.failure_count,
        unknown_count = d.unknown_count + excluded.unknown_count
    )
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend$q$, source, sign)
$$;

-- An update's old and new rows grouped together into net changes (`source` unions them with `sign` -1 and 1), the
-- groups that do not change dropped, so a status report upserts each rollup row once, not twice.
create function mt_rollups_change_sql(source text, sign text) returns text language sql immutable as $$
  select format($q$
    with t as (
      select cus_id, prod_type, receive_time, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        sum(%2$s) as receive_count,
        coalesce(sum(%2$s) filter (where mt_status <> 100), 0) as sent_count,
        coalesce(sum(%2$s) filter (where mt_status = 0 and report_result = 0), 0) as success_count,
        coalesce(sum(%2$s) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)), 0) as failure_count,
        coalesce(sum(%2$s) filter (where mt_status in (500, 600)), 0) as unknown_count,
        sum(%2$s * price) as spend
      from %1$s r group by 1, 2, 3, 4, 5, 6
    ), g0 as (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, country, batch_id, content,
        sum(receive_count) as receive_count, sum(sent_count) as sent_count, sum(success_count) as success_count,
        sum(failure_count) as failure_count, sum(unknown_count) as unknown_count, sum(spend) as spend
      from t group by 1, 2, 3, 4, 5, 6
    ), g as materialized (
      select * from g0 where (receive_count, sent_count, success_count, failure_count, unknown_count, spend) <> (0, 0, 0, 0, 0, 0)
    ), c as (
      insert into mt_content_daily as d (cus_id, prod_type, day, country, batch_id, content_key, content,
        receive_count, sent_count, success_count, failure_count, unknown_count)
      select cus_id, prod_type, day, country, batch_id, md5(content)::uuid, content,
        receive_count, sent_count, success_count, failure_count, unknown_count from g
      on conflict (content_key, day, batch_id, cus_id, prod_type, country) do update set
        receive_count = d.receive_count + excluded.receive_count,
        sent_count = d.sent_count + excluded.sent_count,
        success_count = d.success_count + excluded.success_count,
        failure_count = d.failure_count + excluded.failure_count,
        unknown_count = d.unknown_count + excluded.unknown_count
    )
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend$q$, source, sign)
$$;

-- Rows whose records are all gone are removed after a delete, so a search never reads empty rows.
create function mt_content_daily_prune() returns text language sql immutable as $$
  select $q$
    delete from mt_content_daily d using (
      select distinct cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, md5(coalesce(content, ''))::uuid as content_key from old_rows) o
    where d.receive_count = 0 and d.cus_id = o.cus_id and d.prod_type = o.prod_type and d.day = o.day
      and d.country = o.country and d.batch_id = o.batch_id and d.content_key = o.content_key$q$
$$;

create function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    delete from mt_content_daily;
    return null;
  end if;
  if tg_op = 'INSERT' then
    execute mt_rollups_sql('new_rows', 1);
  elsif tg_op = 'DELETE' then
    execute mt_rollups_sql('old_rows', -1);
    execute mt_content_daily_prune();
  else
    -- (not pruned: a report never moves a record to another rollup row; an update that did, a new content or time,
    -- would leave a row of zeros, which searches pass over as they do any day without a match)
    execute mt_rollups_change_sql('(select *, -1 as s from old_rows union all select *, 1 from new_rows)', 's');
  end if;
  return null;
end $$;

create trigger mt_daily_ins after insert on mt_record referencing new table as new_rows
  for each statement execute function mt_daily_trigger();
create trigger mt_daily_upd after update on mt_record referencing old table as old_rows new table as new_rows
  for each statement execute function mt_daily_trigger();
create trigger mt_daily_del after delete on mt_record referencing old table as old_rows
  for each statement execute function mt_daily_trigger();
create trigger mt_daily_trunc after truncate on mt_record
  for each statement execute function mt_daily_trigger();

-- Both rollups made again from the records (the bench's bulk seed stores with the triggers off), by the triggers'
-- own statement over the whole table.
create function mt_rollups_rebuild() returns void language plpgsql as $$
begin
  delete from mt_daily;
  delete from mt_content_daily;
  execute mt_rollups_sql('mt_record', 1);
end $$;

-- sms_batch's counters follow report updates of its records (inserts set them directly, as sends and the seed do).
create function sms_batch_report_trigger() returns trigger language plpgsql as $$
begin
  update sms_batch b set
    sent_count = b.sent_count + d.sent,
    success_count = b.success_count + d.ok,
    failure_count = b.failure_count + d.failed,
    unknown_count = b.unknown_count + d.unknown,
    timeout_count = b.timeout_count + d.timeout
  from (
    select batch_id,
      sum(sign * (mt_status <> 100)::int) as sent,
      sum(sign * (mt_status = 0 and report_result = 0)::int) as ok,
      sum(sign * (mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0))::int) as failed,
      sum(sign * (mt_status in (500, 600))::int) as unknown,
      sum(sign * (mt_status = 600)::int) as timeout
    from (select batch_id, mt_status, report_result, 1 as sign from new_rows
          union all select batch_id, mt_status, report_result, -1 from old_rows) x
    where batch_id is not null
    group by batch_id) d
  where b.batch_id = d.batch_id;
  return null;
end $$;

create trigger sms_batch_report_upd after update on mt_record referencing old table as old_rows new table as new_rows
  for each statement execute function sms_batch_report_trigger();

-- ---------------------------------------------------------------------------------------------------------------
-- Replies and interactions
-- ---------------------------------------------------------------------------------------------------------------

create table mo_record (
  sn bigserial primary key,
  cus_id text not null,
  prod_type smallint not null,
  src_calling_number text not null,
  mobile text not null,
  content text not null,
  -- set on interaction records: the whole conversation
  whole_content text not null default '',
  deliver_time timestamptz not null,
  -- the answer page an interaction reply came from
  interact_code text
);
create index mo_record_cus_time_idx on mo_record (cus_id, prod_type, deliver_time desc, sn desc);
create index mo_record_prod_time_idx on mo_record (prod_type, deliver_time desc, sn desc);
create index mo_record_mobile_idx on mo_record (mobile, deliver_time desc);
-- The interaction records list, and a page's conversation: partial, so the table's other rows pay nothing.
create index mo_record_interact_idx on mo_record (prod_type, deliver_time desc, sn desc) where whole_content <> '';
create index mo_record_interact_code_idx on mo_record (interact_code, sn) where interact_code is not null;

-- Daily reply counts for the statistics screens, kept by the triggers below as mt_daily is.
create table mo_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  reply_count int not null default 0,
  primary key (cus_id, prod_type, day)
);
create index mo_daily_prod_idx on mo_daily (prod_type, day);

create function mo_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mo_daily;
  elsif tg_op = 'INSERT' then
    insert into mo_daily as d (cus_id, prod_type, day, reply_count)
    select cus_id, prod_type, (deliver_time at time zone 'Asia/Shanghai')::date, count(*) from new_rows group by 1, 2, 3
    on conflict (cus_id, prod_type, day) do update set reply_count = d.reply_count + excluded.reply_count;
  else
    update mo_daily d set reply_count = d.reply_count - o.n
    from (select cus_id, prod_type, (deliver_time at time zone 'Asia/Shanghai')::date as day, count(*) as n
          from old_rows group by 1, 2, 3) o
    where d.cus_id = o.cus_id and d.prod_type = o.prod_type and d.day = o.day;
  end if;
  return null;
end $$;

create trigger mo_daily_ins after insert on mo_record referencing new table as new_rows
  for each statement execute function mo_daily_trigger();
create trigger mo_daily_del after delete on mo_record referencing old table as old_rows
  for each statement execute function mo_daily_trigger();
create trigger mo_daily_trunc after truncate on mo_record
  for each statement execute function mo_daily_trigger();

-- Interactive messages (src/domain/interact.ts): a same-content send whose content carries {interact} gives each
-- recipient a public page /sms-cloud/i/<code> to read the message and answer. One row per send holds the content as
-- sent (with the marker), so a million recipients do not store it a million times.
create table interact_send (
  -- sms_batch.batch_id of an immediate send, time_batch.time_batch of a timed one
  batch_id text primary key,
  cus_id text not null,
  content text not null,
  base text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table interact_message (
  -- 16 random bytes, base64url
  code text primary key,
  batch_id text not null references interact_send (batch_id) on delete cascade,
  mobile text not null
);
-- An edit of a large timed batch joins each chunk of details to its pages by (batch, mobile).
create index interact_message_batch_mobile_idx on interact_message (batch_id, mobile);

-- ---------------------------------------------------------------------------------------------------------------
-- Address book
-- ---------------------------------------------------------------------------------------------------------------

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
-- A mobile is unique within its group: adds, changes and moves answer 409 on a clash, concurrent adds included.
create unique index ab_contact_group_mobile_uq on ab_contact (group_id, mobile);
-- The mobile filter is a prefix (`mobile like '138…%'`) across the tenant's groups; text_pattern_ops, so the prefix
-- uses the index whatever the database's collation.
create index ab_contact_cus_mobile_idx on ab_contact (cus_id, mobile text_pattern_ops);

-- A contacts import: /file/uploadAddressBook keeps the checked rows here, normalised and without repeated mobiles,
-- until /addressBook/addressBookMemberImport adds them to the group in one transaction; `result` is then set and
-- `rows` dropped, so committing the same upload again adds nothing. Uploads never committed go an hour later.
create table ab_import (
  upload_id serial primary key,
  cus_id text not null,
  group_id int not null references ab_group (group_id) on delete cascade,
  rows text,
  row_count int not null,
  in_file int not null,
  result jsonb,
  create_time timestamptz not null default now()
);
create index ab_import_cus_idx on ab_import (cus_id, create_time);

-- The commit's idempotency key: a retried request with the same key gets the first reply and adds nothing again.
create table ab_import_key (
  cus_id text not null,
  idempotency_key uuid not null,
  response jsonb,
  create_time timestamptz not null default now(),
  primary key (cus_id, idempotency_key)
);

-- ---------------------------------------------------------------------------------------------------------------
-- Number checks: online checks, 5G terminal (UE) files, daily statistics
-- ---------------------------------------------------------------------------------------------------------------

-- Daily number-check statistics per account (gather_time is a Shanghai calendar day).
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

-- UE check files. An upload is stored unconfirmed (not listed, not checked, not billed) until /mobileUe/uploadCheck
-- pays for it; the background checker then works through confirmed files with file_status 0 or 1, check_count being
-- the watermark of checked numbers (seq 1 … check_count), so a restart resumes where the last committed chunk ended,
-- round robin by check_time. Unconfirmed uploads older than a day are deleted by the checker.
-- file_status: 0 pending, 1 checking, 2 done, 3 failed
create table mobile_ue_file (
  batch_id text primary key,
  cus_id text not null,
  file_name text not null,
  file_status smallint not null,
  batch_count int not null,
  check_count int not null default 0,
  ue_count int not null default 0,
  nue_count int not null default 0,
  create_time timestamptz not null,
  confirmed boolean not null default true,
  unit_price numeric(10, 4) not null default 0,
  cost numeric(14, 3) not null default 0,
  check_time timestamptz
);
create index mobile_ue_file_cus_idx on mobile_ue_file (cus_id, create_time desc);
create index mobile_ue_file_due_idx on mobile_ue_file (check_time nulls first, create_time) where confirmed and file_status in (0, 1);
create index mobile_ue_file_unconfirmed_idx on mobile_ue_file (create_time) where not confirmed;

create table mobile_ue_number (
  batch_id text not null references mobile_ue_file (batch_id) on delete cascade,
  seq int not null,
  mobile text not null,
  -- null until checked
  is_ue boolean,
  primary key (batch_id, seq)
);

-- An online check batch, what it billed, and the state of each number it checked (1 real, 2 empty, 3 powered off,
-- 4 not in the database, 5 silent, 6 risk; src/domain/number-check-online.ts).
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
  create_time timestamptz not null,
  unit_price numeric(10, 4) not null default 0,
  cost numeric(14, 3) not null default 0
);
create index mobile_status_batch_cus_idx on mobile_status_batch (cus_id, create_time desc);

create table mobile_status_number (
  batch_id int not null references mobile_status_batch (id) on delete cascade,
  seq int not null,
  mobile text not null,
  state smallint not null check (state between 1 and 6),
  primary key (batch_id, seq)
);

-- ---------------------------------------------------------------------------------------------------------------
-- Short links
-- ---------------------------------------------------------------------------------------------------------------

-- One per recipient of a link send, or one made by /shortChainTool/longToShort. /s/<code> redirects to long_url and
-- logs the click; the first click is copied to the recipient's mt_record (click_time, osystem, browser), which the
-- short-link list reads.
create table short_link (
  -- SHORT_CODE_LENGTH base62 characters from a cryptographic random source (src/domain/send-link.ts)
  code text primary key,
  cus_id text not null,
  -- sms_batch.batch_id of an immediate send, time_batch.time_batch of a timed one; null for longToShort
  batch_id text,
  mobile text,
  -- the recipient's sent record, found (by mobile, account and the code in its content) on the first click after
  -- the message went out, then kept
  mt_sn bigint,
  long_url text not null,
  created_at timestamptz not null default now(),
  click_count int not null default 0,
  first_click_time timestamptz,
  last_click_time timestamptz
);
-- An edit of a large timed link batch joins each chunk of details to its links by (batch, mobile).
create index short_link_batch_mobile_idx on short_link (batch_id, mobile);
-- longToShort gives an account's earlier link of the same long URL again; md5, as long URLs may exceed what a btree
-- entry holds.
create index short_link_own_url_idx on short_link (cus_id, md5(long_url)) where batch_id is null;

create table short_link_click (
  id bigserial primary key,
  code text not null references short_link (code) on delete cascade,
  click_time timestamptz not null,
  -- parsed from the user agent with bowser; null when it names none
  os text,
  browser text,
  ua text not null default '',
  -- link-preview fetchers and crawlers (matched by `isbot`): logged, but no click in click_count or the record
  bot boolean not null default false
);
create index short_link_click_code_idx on short_link_click (code, click_time desc);

-- ---------------------------------------------------------------------------------------------------------------
-- Report push: delivery reports and replies POSTed to an account's push address (server/push)
-- ---------------------------------------------------------------------------------------------------------------
-- push_outbox is filled in the transaction that writes the report or reply, so nothing is lost between them; the
-- worker groups waiting items into batches and delivers each batch at least once.

-- One delivery (X-Sms-Delivery-Id = id): its items keep this batch across retries. status: 0 waiting (due at
-- next_at), 1 delivered, 2 failed (the receiver kept failing past the deadline). Finished batches go after a month.
create table push_batch (
  id bigserial primary key,
  cus_id text not null,
  items int not null,
  status smallint not null default 0 check (status in (0, 1, 2)),
  attempts int not null default 0,
  next_at timestamptz not null default now(),
  create_time timestamptz not null default now(),
  done_time timestamptz
);
create index push_batch_due_idx on push_batch (next_at) where status = 0;
create index push_batch_done_idx on push_batch (done_time) where status <> 0;

-- item_id is stable ('report-<sn>', 'reply-<sn>'): receivers de-duplicate by it. item is the JSON sent.
create table push_outbox (
  id bigserial primary key,
  cus_id text not null,
  item_id text not null,
  item jsonb not null,
  create_time timestamptz not null default now(),
  batch_id bigint references push_batch (id)
);
create index push_outbox_waiting_idx on push_outbox (id) where batch_id is null;
create index push_outbox_batch_idx on push_outbox (batch_id);

-- Every attempt, for the push log: the answer's status code or the error, and when the next try is due.
-- outcome: 0 will retry, 1 delivered, 2 failed for good.
create table push_attempt (
  id bigserial primary key,
  batch_id bigint not null references push_batch (id),
  cus_id text not null,
  attempt int not null,
  url text not null,
  status_code int,
  error text not null default '',
  outcome smallint not null check (outcome in (0, 1, 2)),
  next_at timestamptz,
  create_time timestamptz not null default now()
);
create index push_attempt_cus_idx on push_attempt (cus_id, create_time desc);

-- ---------------------------------------------------------------------------------------------------------------
-- Notices and balance warnings
-- ---------------------------------------------------------------------------------------------------------------

-- When a debit takes the balance from >= threshold to < threshold, the mobiles get one SMS and the account a notice
-- (server/warn). The crossing is read from the balance before and after the debit, under the customer row's lock, so
-- concurrent sends cross once and a recharge above the threshold re-arms it.
create table balance_warn (
  cus_id text primary key references customer (cus_id),
  threshold numeric(14, 3) not null check (threshold >= 0),
  mobiles text[] not null default '{}',
  last_warned_at timestamptz,
  update_time timestamptz not null default now()
);

-- Warning texts waiting for the carrier: written in the debit's transaction (so a crossing that commits is never
-- lost), sent and deleted after the commit.
create table warn_sms (
  id bigserial primary key,
  cus_id text not null references customer (cus_id),
  mobile text not null,
  text text not null,
  created_at timestamptz not null default now()
);

-- The bell. Title and body are message keys of src/domain/messages.ts with their params, rendered in the reader's
-- language. Rows per account are capped in server/notices/store.ts (oldest dropped).
create table notice (
  id bigserial primary key,
  cus_id text not null references customer (cus_id),
  kind text not null,
  title_key text not null,
  body_key text not null,
  params jsonb not null default '{}',
  link text not null default '',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notice_cus_idx on notice (cus_id, id desc);
create index notice_unread_idx on notice (cus_id, id desc) where read_at is null;

-- ---------------------------------------------------------------------------------------------------------------
-- Shared leases of background work
-- ---------------------------------------------------------------------------------------------------------------

-- Running downloads per account (server/lists/download.ts): a row per file being streamed, so the cap holds across
-- every server process on one database. A lease: renewed while the client reads, deleted when the file ends, fails
-- or is abandoned; one left by a crashed process lapses at expires_at.
create table download_slot (
  id bigserial primary key,
  cus_id text not null,
  expires_at timestamptz not null
);
create index download_slot_cus_idx on download_slot (cus_id, expires_at);

-- The object store's orphan sweep (server/materials/sweep.ts): one row, claimed by one process at a time for a short
-- lease, with the key the walk has reached, so several processes share one walk and a restart resumes it.
create table storage_sweep (
  id smallint primary key check (id = 1),
  holder text,
  lease_until timestamptz not null default '-infinity',
  -- the last key swept; '' starts a new pass from the first key
  after_key text not null default '',
  passes int not null default 0
);
insert into storage_sweep (id) values (1);

-- ---------------------------------------------------------------------------------------------------------------
-- Content search indexes (opt-in)
-- ---------------------------------------------------------------------------------------------------------------
-- Content search is a substring match (server/routes/records/content.ts). Its indexes cost sends a lot, so they are
-- the operator's choice (CONTENT_SEARCH_INDEX=on): server/db/content-index.ts calls this at start, and drops them when
-- it is turned off. Two kinds:
-- - a GIN over string_to_array(content, null), the content's characters: the records holding every character of a
--   1- or 2-character search (码, 验证: common in Chinese searches, and without a trigram), rechecked by the plain
--   `like`. Builtins only, so it stands without pg_trgm too; characters and pairs of characters would be exact for
--   2 characters but cost 3x as much per insert;
-- - pg_trgm indexes over the content of both record tables and of mt_content_daily, for words of 3 or more.
-- pg_trgm is a trusted extension, but a user without CREATE on the database cannot add it: then the lists work
-- without those indexes and the server says so at every start. It goes to `public` when it may, so dropping one
-- throwaway test schema does not drop it for the others. Figures: docs/benchmarks.md.
create function content_search_index() returns text language plpgsql as $fn$
declare
  ext_schema text;
  reason text;
begin
  create index if not exists mt_record_content_chars_idx on mt_record using gin (string_to_array(content, null));
  create index if not exists mo_record_content_chars_idx on mo_record using gin (string_to_array(content, null));
  select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  if ext_schema is null then
    begin
      create extension pg_trgm schema public;
    exception when others then
      begin
        create extension pg_trgm;
      exception when others then
        reason := sqlerrm;
      end;
    end;
    select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  end if;
  if ext_schema is null then
    return coalesce(reason, 'pg_trgm is not available');
  end if;
  execute format('create index if not exists mt_record_content_trgm_idx on mt_record using gin (content %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mo_record_content_trgm_idx on mo_record using gin (content %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mt_content_daily_trgm_idx on mt_content_daily using gin (content %I.gin_trgm_ops)', ext_schema);
  return 'ok';
end
$fn$;

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
