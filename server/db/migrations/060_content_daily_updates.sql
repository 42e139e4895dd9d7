-- An update of sent records (status reports, most of all) changed the rollups in two passes, the old rows taken away
-- and the new ones added, each grouped and upserted: for records of a point-to-point send (a content, so a rollup row,
-- per record) that was two upserts into mt_content_daily per record reported, 2-3x the time of a report statement
-- before migration 058. Now an update's old and new rows are grouped together into net changes, the groups that do
-- not change (a report moves a record between status columns, never its receive count) dropped only when every count
-- nets to zero, and each rollup row is upserted once. Inserts and deletes are as in 058.
create function mt_rollups_change_sql(source text, sign text) returns text language sql immutable as $$
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

create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    delete from mt_daily_storing;
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
