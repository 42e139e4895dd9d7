-- Short links (issue 4, link sends): one per recipient of a link send, or one made by /shortChainTool/longToShort.
-- /s/<code> redirects to long_url and logs the click; the first click is copied to the recipient's mt_record
-- (click_time, osystem, browser), which the short-link list reads.
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
create index short_link_batch_idx on short_link (batch_id);

create table short_link_click (
  id bigserial primary key,
  code text not null references short_link (code) on delete cascade,
  click_time timestamptz not null,
  -- parsed from the user agent with bowser; null when it names none
  os text,
  browser text,
  ua text not null default ''
);
create index short_link_click_code_idx on short_link_click (code, click_time desc);
