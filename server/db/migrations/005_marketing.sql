-- Message types and the rules of marketing sends (src/domain/marketing.ts).

-- A content template's type: a verification code ('code', exempt from the marketing rules), a notification
-- ('notice') or marketing ('marketing', which must carry a refusal instruction).
alter table content_template add column sms_type text not null default 'notice'
  constraint content_template_sms_type_check check (sms_type in ('code', 'notice', 'marketing'));

-- A marketing send: its batch (the daily cap counts the records of the day's marketing batches, through
-- sms_batch_cus_idx and mt_record_batch_time_idx) and, for a timed one, its timed batch (the scheduler applies the
-- window and the cap when it sends). over_cap: the numbers the daily cap removed from the batch, never sent or billed.
alter table sms_batch add column marketing boolean not null default false,
  add column over_cap int not null default 0;
alter table time_batch add column marketing boolean not null default false;

-- The platform's marketing hours (minutes after midnight of the platform's day, [start, end)) and the per-number
-- daily cap: one row, set by an administrator.
create table marketing_default (
  only_row boolean primary key default true check (only_row),
  window_start smallint not null default 480 check (window_start between 0 and 1439),
  window_end smallint not null default 1260 check (window_end between 1 and 1439),
  daily_cap int not null default 3 check (daily_cap between 1 and 100),
  update_time timestamptz not null default now(),
  check (window_start < window_end)
);
insert into marketing_default default values;

-- An enterprise's own narrower hours and cap (its sub-accounts' sends follow it). Written only within the platform's;
-- read as the intersection with it, so a later narrower default applies at once.
create table marketing_setting (
  cus_id text primary key references customer (cus_id),
  window_start smallint not null check (window_start between 0 and 1439),
  window_end smallint not null check (window_end between 1 and 1439),
  daily_cap int not null check (daily_cap between 1 and 100),
  update_time timestamptz not null default now(),
  check (window_start < window_end)
);
