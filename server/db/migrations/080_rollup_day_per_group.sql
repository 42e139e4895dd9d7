-- The rollup triggers (migrations 070 and 078) group the changed records by their day in Shanghai; working that day out
-- of each record's receive time cost about half of the trigger (~2 µs a record, 10,000 records: 18-22 ms of 27-45).
-- The records are grouped by the receive time itself first, and the day worked out once per group: a send's records
-- share one receive time, a report statement's a few. Same sums, same rows.
create or replace function mt_rollups_sql(source text, sign int) returns text language sql immutable as $$
  select format($q$
    with t as (
      select cus_id, prod_type, receive_time, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        %2$s * count(*) as receive_count,
        %2$s * count(*) filter (where mt_status <> 100) as sent_count,
        %2$s * count(*) filter (where mt_status = 0 and report_result = 0) as success_count,
        %2$s * count(*) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)) as failure_count,
        %2$s * count(*) filter (where mt_status in (500, 600)) as unknown_count,
        %2$s * sum(price) as spend
      from %1$I group by 1, 2, 3, 4, 5, 6
    ), g as materialized (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, country, batch_id, content,
        sum(receive_count)::bigint as receive_count, sum(sent_count)::bigint as sent_count, sum(success_count)::bigint as success_count,
        sum(failure_count)::bigint as failure_count, sum(unknown_count)::bigint as unknown_count, sum(spend) as spend
      from t group by 1, 2, 3, 4, 5, 6
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
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend$q$, source, sign)
$$;

-- The same for an update's net change (migrations 060 and 078).
create or replace function mt_rollups_change_sql(source text, sign text) returns text language sql immutable as $$
  select format($q$
    with t as (
      select cus_id, prod_type, receive_time, coalesce(country_code, '') as country,
        coalesce(batch_id, '') as batch_id, coalesce(content, '') as content,
        sum(%2$s) as receive_count,
        coalesce(sum(%2$s) filter (where mt_status <> 100), 0) as sent_count,
        coalesce(sum(%2$s) filter (where mt_status = 0 and report_result = 0), 0) as success_count,
        coalesce(sum(%2$s) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)), 0) as failure_count,
        coalesce(sum(%2$s) filter (where mt_status in (500, 600)), 0) as unknown_count,
        sum(%2$s * price) as spend
      from %1$s r group by 1, 2, 3, 4, 5, 6
    ), g0 as (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day, country, batch_id, content,
        sum(receive_count) as receive_count, sum(sent_count) as sent_count, sum(success_count) as success_count,
        sum(failure_count) as failure_count, sum(unknown_count) as unknown_count, sum(spend) as spend
      from t group by 1, 2, 3, 4, 5, 6
    ), g as materialized (
      select * from g0 where (receive_count, sent_count, success_count, failure_count, unknown_count, spend) <> (0, 0, 0, 0, 0, 0)
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
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend$q$, source, sign)
$$;
