-- Opt-outs (src/domain/opt-outs.ts): each enterprise's suppression list, shared by its sub-accounts. A number is
-- on the list while removed_at is null; taking it off keeps the row with its reason, and a new opt-out of the same
-- number puts the row back with its new source. Every send is scrubbed against the active rows
-- (server/opt-outs/store.ts), so they have an index of their own, read index-only.
create table opt_out (
  -- the enterprise: the customer a sub-account belongs to, else the account itself
  ent_id text not null references customer (cus_id),
  mobile text not null,
  -- 1 reply record, 2 manual, 3 import, 4 signed API
  source smallint not null check (source between 1 and 4),
  -- the reply record (mo_record.sn) of a reply entry
  mo_sn bigint,
  note text not null default '',
  -- the account that added it (the replying number's sender for a reply)
  added_by text not null default '',
  create_time timestamptz not null default now(),
  removed_at timestamptz,
  removed_reason text not null default '',
  removed_by text not null default '',
  primary key (ent_id, mobile)
);
create index opt_out_active_idx on opt_out (ent_id, mobile) where removed_at is null;
-- The list screen, newest first.
create index opt_out_ent_time_idx on opt_out (ent_id, create_time, mobile);

-- The enterprise's keywords and exemption; no row: the defaults of src/domain/opt-outs.ts.
create table opt_out_setting (
  ent_id text primary key references customer (cus_id),
  out_keywords text[] not null,
  in_keywords text[] not null,
  exempt_verification boolean not null default false,
  update_time timestamptz not null default now()
);

-- A suppression-list import, as ab_import: the checked rows kept until the commit adds them in one transaction; the
-- result then set and the rows dropped, so committing the same upload again adds nothing. Uncommitted ones go after an hour.
create table opt_out_import (
  upload_id serial primary key,
  ent_id text not null references customer (cus_id),
  cus_id text not null,
  rows text,
  row_count int not null,
  in_file int not null,
  result jsonb,
  create_time timestamptz not null default now()
);
create index opt_out_import_ent_idx on opt_out_import (ent_id, create_time);

-- Numbers a send left out because they had opted out (a timed batch: at scheduling and when sent).
alter table sms_batch add column opted_out int not null default 0;
alter table time_batch add column opted_out int not null default 0;
