-- Report push (server/push): delivery reports and replies of an account's sends POSTed to its push address.
-- push_outbox is filled in the transaction that writes the report or reply (carrier-sim.ts), so nothing is lost
-- between them; the worker groups waiting items into batches and delivers each batch at least once.

-- One delivery (X-Sms-Delivery-Id = id): its items keep this batch across retries.
-- status: 0 waiting (due at next_at), 1 delivered, 2 failed (the receiver kept failing past the deadline).
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
