-- Daily rollups of sent records and replies for the statistics screens (/dataGathering/*). A day is a calendar day
-- of LIST_TIME_ZONE (Asia/Shanghai), the zone every list date is read in. Statement-level triggers with transition
-- tables keep them equal to the records under any insert, update (a status report arriving), delete or truncate,
-- at the cost of one grouped upsert per statement rather than one per row.
create table mt_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  -- ISO country of international records, '' otherwise
  country text not null default '',
  receive_count int not null default 0,
  -- sent = received minus records held for review (mt_status 100)
  sent_count int not null default 0,
  success_count int not null default 0,
  failure_count int not null default 0,
  unknown_count int not null default 0,
  primary key (cus_id, prod_type, day, country)
);
create index mt_daily_prod_idx on mt_daily (prod_type, day);

create table mo_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  reply_count int not null default 0,
  primary key (cus_id, prod_type, day)
);
create index mo_daily_prod_idx on mo_daily (prod_type, day);

-- The upsert that adds (sign 1) or removes (sign -1) the rows of `source`. The trigger EXECUTEs it itself: transition
-- tables are visible to the trigger function's own queries only, not to functions it calls.
create function mt_daily_sql(source text, sign int) returns text language sql immutable as $$
  select format($q$
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
    select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date, coalesce(country_code, ''),
      %2$s * count(*),
      %2$s * count(*) filter (where mt_status <> 100),
      %2$s * count(*) filter (where mt_status = 0 and report_result = 0),
      %2$s * count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)),
      %2$s * count(*) filter (where mt_status in (500, 600))
    from %1$I group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count$q$, source, sign)
$$;

create function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute mt_daily_sql('old_rows', -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    execute mt_daily_sql('new_rows', 1);
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

-- Databases that already hold records get their rollups now.
do $$ begin execute mt_daily_sql('mt_record', 1); end $$;
insert into mo_daily (cus_id, prod_type, day, reply_count)
select cus_id, prod_type, (deliver_time at time zone 'Asia/Shanghai')::date, count(*) from mo_record group by 1, 2, 3;
