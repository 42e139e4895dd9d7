-- Sends and contact imports are stored in one transaction each (server/send/commit.ts): nothing is hidden while it
-- is being stored any more, so the tables that named what was (migrations 036, 041, 043, 051), the daily counts kept
-- aside for it, and the `import_id` that marked an import's contacts go. The rollup triggers (migrations 058 and
-- 060) sum every changed row into mt_daily again, without looking for a batch being stored. Dropping a column only
-- marks it dropped: no table is rewritten.
create or replace function mt_rollups_sql(source text, sign int) returns text language sql immutable as $$
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
    )
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count$q$, source, sign)
$$;

create or replace function mt_rollups_change_sql(source text, sign text) returns text language sql immutable as $$
  select format($q$
    with g0 as (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        sum(%2$s) as receive_count,
        coalesce(sum(%2$s) filter (where mt_status <> 100), 0) as sent_count,
        coalesce(sum(%2$s) filter (where mt_status = 0 and report_result = 0), 0) as success_count,
        coalesce(sum(%2$s) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)), 0) as failure_count,
        coalesce(sum(%2$s) filter (where mt_status in (500, 600)), 0) as unknown_count
      from %1$s r group by 1, 2, 3, 4, 5, 6
    ), g as materialized (
      select * from g0 where (receive_count, sent_count, success_count, failure_count, unknown_count) <> (0, 0, 0, 0, 0)
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
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count$q$, source, sign)
$$;

create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
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

drop function send_storing_done(text);
drop function mt_daily_sql(text, int, boolean);
drop table send_storing;
drop table mt_daily_storing;
drop table ab_import_storing;
alter table ab_contact drop column import_id;
