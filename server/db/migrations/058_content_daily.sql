-- A per-content daily rollup of the sent records, for the content search of the record lists
-- (server/routes/records/content-rollup.ts): one row per account, product, day, country, batch and content with
-- mt_daily's counts, kept exact by the same statement triggers in the writing transaction. A search sums the rows
-- whose content matches (`content like '%word%'`, the very condition the records are filtered with) instead of
-- walking every record of its window, and reads its page only from the days and batches where matches are.
-- The seed's 1M records make ~210k rows (one bulk send = one content per day); a point-to-point send with a
-- per-number variable makes a row per record.
--
-- The batch is in the key (records without one: ''), so the rows of a batch being stored in chunks (migration 036)
-- are told apart by their batch at read time, as its records are: nothing to move when it completes, and a crash
-- undo deleting its records removes its counts by the same triggers. Carries the customer in its key.
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

-- The triggers' statement: the changed rows grouped once at the content's grain, upserted into mt_content_daily,
-- and summed from those groups into mt_daily (batches not being stored) and mt_daily_storing (those being stored),
-- so a send's rows are read and grouped once for all three. The counting expressions are migration 005's.
create function mt_rollups_sql(source text, sign int) returns text language sql immutable as $$
  select format($q$
    with g as materialized (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        %2$s * count(*) as receive_count,
        %2$s * count(*) filter (where mt_status <> 100) as sent_count,
        %2$s * count(*) filter (where mt_status = 0 and report_result = 0) as success_count,
        %2$s * count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)) as failure_count,
        %2$s * count(*) filter (where mt_status in (500, 600)) as unknown_count
      from %1$I group by 1, 2, 3, 4, 5, 6
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
    ), s as (
      insert into mt_daily_storing as d (batch_id, cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
      select batch_id, cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count)
      from g where batch_id <> '' and exists (select 1 from send_storing t where t.batch_id = g.batch_id)
      group by 1, 2, 3, 4, 5
      on conflict (cus_id, batch_id, prod_type, day, country) do update set
        receive_count = d.receive_count + excluded.receive_count,
        sent_count = d.sent_count + excluded.sent_count,
        success_count = d.success_count + excluded.success_count,
        failure_count = d.failure_count + excluded.failure_count,
        unknown_count = d.unknown_count + excluded.unknown_count
    )
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count)
    from g where batch_id = '' or not exists (select 1 from send_storing t where t.batch_id = g.batch_id)
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count$q$, source, sign)
$$;

-- Rows whose records are all gone (deleted, or moved to another row by an update) are removed, so a search never
-- reads empty rows: a crash undo of a point-to-point send would otherwise leave a row per record it had stored.
create function mt_content_daily_prune() returns text language sql immutable as $$
  select $q$
    delete from mt_content_daily d using (
      select distinct cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, md5(coalesce(content, ''))::uuid as content_key from old_rows) o
    where d.receive_count = 0 and d.cus_id = o.cus_id and d.prod_type = o.prod_type and d.day = o.day
      and d.country = o.country and d.batch_id = o.batch_id and d.content_key = o.content_key$q$
$$;

create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    delete from mt_daily_storing;
    delete from mt_content_daily;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute mt_rollups_sql('old_rows', -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    execute mt_rollups_sql('new_rows', 1);
  end if;
  if tg_op = 'DELETE' then
    execute mt_content_daily_prune();
  end if;
  return null;
end $$;

-- The rollup of the records already there (the bench's bulk seed, which stores with the triggers off, calls it too).
create function mt_content_daily_rebuild() returns void language sql as $$
  delete from mt_content_daily;
  insert into mt_content_daily (cus_id, prod_type, day, country, batch_id, content_key, content,
    receive_count, sent_count, success_count, failure_count, unknown_count)
  select cus_id, prod_type, day, country, batch_id, md5(content)::uuid, content, n, sent, ok, failed, unknown from (
    select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
      coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
      count(*) as n,
      count(*) filter (where mt_status <> 100) as sent,
      count(*) filter (where mt_status = 0 and report_result = 0) as ok,
      count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)) as failed,
      count(*) filter (where mt_status in (500, 600)) as unknown
    from mt_record group by 1, 2, 3, 4, 5, 6) g;
$$;

select mt_content_daily_rebuild();
