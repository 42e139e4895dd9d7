-- Large sends on PGlite are stored in chunks of short transactions (server/send/storing.ts), so other users'
-- requests run between them on its one connection. Until the last chunk is in, the batch is listed here and is
-- invisible: the record and batch lists, the carrier simulator and the signed API skip its rows, and the rollup
-- triggers count its rows into mt_daily_storing instead of mt_daily; completing the batch moves those counts into
-- mt_daily and removes the row, in one short transaction. A row left by a crash is undone at the next start (its
-- records deleted, the debit refunded, the idempotency key freed). Carries the customer in its key (docs/scaling.md).
create table send_storing (
  batch_id text primary key,
  cus_id text not null,
  idempotency_key text not null,
  cost numeric(14, 3) not null,
  started_at timestamptz not null default now()
);

create table mt_daily_storing (
  batch_id text not null,
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  country text not null default '',
  receive_count int not null default 0,
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,
  primary key (cus_id, batch_id, prod_type, day, country)
);

-- The upsert of migration 005, now with a target: `mt_daily` takes the rows of batches that are not being stored,
-- `mt_daily_storing` (keyed by batch as well) the rows of those that are. The counting expressions stay in one place.
create function mt_daily_sql(source text, sign int, storing boolean) returns text language sql immutable as $$
  select format($q$
    insert into %3$s as d (%4$s cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
    select %4$s cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date, coalesce(country_code, ''),
      %2$s * count(*),
      %2$s * count(*) filter (where mt_status <> 100),
      %2$s * count(*) filter (where mt_status = 0 and report_result = 0),
      %2$s * count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)),
      %2$s * count(*) filter (where mt_status in (500, 600))
    from %1$I r where %5$s exists (select 1 from send_storing s where s.batch_id = r.batch_id)
    group by %6$s
    on conflict (%4$s cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count$q$,
    source, sign,
    case when storing then 'mt_daily_storing' else 'mt_daily' end,
    case when storing then 'batch_id,' else '' end,
    case when storing then '' else 'not' end,
    case when storing then '1, 2, 3, 4, 5' else '1, 2, 3, 4' end)
$$;

create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    delete from mt_daily_storing;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute mt_daily_sql('old_rows', -1, false);
    if exists (select 1 from send_storing) then execute mt_daily_sql('old_rows', -1, true); end if;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    execute mt_daily_sql('new_rows', 1, false);
    if exists (select 1 from send_storing) then execute mt_daily_sql('new_rows', 1, true); end if;
  end if;
  return null;
end $$;

-- Completes a stored batch: its counts join the daily rollups and its rows become visible, in one statement.
create function send_storing_done(batch text) returns void language sql as $$
  insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
  select cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count
  from mt_daily_storing where batch_id = batch
  on conflict (cus_id, prod_type, day, country) do update set
    receive_count = d.receive_count + excluded.receive_count,
    sent_count = d.sent_count + excluded.sent_count,
    success_count = d.success_count + excluded.success_count,
    failure_count = d.failure_count + excluded.failure_count,
    unknown_count = d.unknown_count + excluded.unknown_count;
  delete from mt_daily_storing where batch_id = batch;
  delete from send_storing where batch_id = batch;
$$;
