-- customer.app_secret (001) holds the app secret itself, since HMAC signing needs the value: made on first use by
-- server/users/app-secret.ts, '' until then.

-- Balance warning: when a debit takes the balance from >= threshold to < threshold, the mobiles get one SMS and the
-- account a notice (server/warn). The crossing is read from the balance before and after the debit, under the
-- customer row's lock, so concurrent sends cross once and a recharge above the threshold re-arms it.
create table balance_warn (
  cus_id text primary key references customer (cus_id),
  threshold numeric(14, 3) not null check (threshold >= 0),
  mobiles text[] not null default '{}',
  last_warned_at timestamptz,
  update_time timestamptz not null default now()
);

-- Warning texts waiting for the carrier: written in the debit's transaction (so a crossing that commits is never
-- lost), sent and deleted after the commit by server/warn/deliver.ts (and by the scheduler's tick after a crash).
create table warn_sms (
  id bigserial primary key,
  cus_id text not null references customer (cus_id),
  mobile text not null,
  text text not null,
  created_at timestamptz not null default now()
);

-- The bell: notices for an account. Title and body are message keys of src/domain/messages.ts with their params,
-- rendered in the reader's language. Rows per account are capped in server/notices/store.ts (oldest dropped).
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
