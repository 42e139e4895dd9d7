-- Billed messages and spend in the statistics (src/domain/figures.ts: messages, spend): per day in mt_daily beside
-- the counts, per batch on sms_batch, kept by the same triggers in the writing transaction.

-- The messages one record bills for its content, as src/domain/billing.ts measures it (measureContent): none for an
-- empty text, else one per 160 code points when every character is ASCII (in UTF-8 a text is ASCII exactly when it
-- has as many bytes as characters), else one per 70. server/routes/lists/stats-money.test.ts holds the two to the same count.
create function sms_messages(content text) returns int language sql immutable parallel safe as $$
  select case when content = '' then 0
    when octet_length(content) = char_length(content) then ceil(char_length(content) / 160.0)::int
    else ceil(char_length(content) / 70.0)::int end
$$;

alter table mt_daily add column messages int not null default 0;
-- A batch's billed messages and what its records cost (the sum of their prices: the statistics' spend).
alter table sms_batch add column messages int not null default 0,
  add column spend numeric(16, 4) not null default 0;

-- The rollup statements of the baseline, with the messages of each group (its records × its content's messages).
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
        sum(failure_count)::bigint as failure_count, sum(unknown_count)::bigint as unknown_count, sum(spend) as spend,
        sum(receive_count * sms_messages(content))::bigint as messages
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
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend, messages)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend), sum(messages)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend,
      messages = d.messages + excluded.messages$q$, source, sign)
$$;

-- An update's old and new rows grouped together into net changes (`source` unions them with `sign` -1 and 1), the
-- groups that do not change dropped, so a status report upserts each rollup row once, not twice.
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
        sum(failure_count) as failure_count, sum(unknown_count) as unknown_count, sum(spend) as spend,
        sum(receive_count * sms_messages(content)) as messages
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
    insert into mt_daily as d (cus_id, prod_type, day, country, receive_count, sent_count, success_count, failure_count, unknown_count, spend, messages)
    select cus_id, prod_type, day, country, sum(receive_count), sum(sent_count), sum(success_count), sum(failure_count), sum(unknown_count), sum(spend), sum(messages)
    from g
    group by 1, 2, 3, 4
    on conflict (cus_id, prod_type, day, country) do update set
      receive_count = d.receive_count + excluded.receive_count,
      sent_count = d.sent_count + excluded.sent_count,
      success_count = d.success_count + excluded.success_count,
      failure_count = d.failure_count + excluded.failure_count,
      unknown_count = d.unknown_count + excluded.unknown_count,
      spend = d.spend + excluded.spend,
      messages = d.messages + excluded.messages$q$, source, sign)
$$;


-- A batch's money follows its records: the records a statement stores add their messages and prices to their batch
-- (a send stores the batch row first, server/send/store.ts; the seed, whose batch rows follow their records, sums
-- them itself), and a change of price (a refund) moves its spend. Grouped by content first, so a same-content send
-- measures its text once per statement.
create or replace function mt_daily_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_daily;
    delete from mt_content_daily;
    return null;
  end if;
  if tg_op = 'INSERT' then
    execute mt_rollups_sql('new_rows', 1);
    update sms_batch b set messages = b.messages + n.messages, spend = b.spend + n.spend
    from (select batch_id, sum(k * sms_messages(content))::int as messages, sum(spend) as spend
          from (select batch_id, coalesce(content, '') as content, count(*) as k, sum(price) as spend
                from new_rows where batch_id is not null group by 1, 2) x
          group by 1) n
    where b.batch_id = n.batch_id;
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

-- The report trigger also moves a batch's spend when its records' prices change (a record's content, and so its
-- messages, never changes after it is stored).
create or replace function sms_batch_report_trigger() returns trigger language plpgsql as $$
begin
  update sms_batch b set
    sent_count = b.sent_count + d.sent,
    success_count = b.success_count + d.ok,
    failure_count = b.failure_count + d.failed,
    unknown_count = b.unknown_count + d.unknown,
    timeout_count = b.timeout_count + d.timeout,
    spend = b.spend + d.spend
  from (
    select batch_id,
      sum(sign * (mt_status <> 100)::int) as sent,
      sum(sign * (mt_status = 0 and report_result = 0)::int) as ok,
      sum(sign * (mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0))::int) as failed,
      sum(sign * (mt_status in (500, 600))::int) as unknown,
      sum(sign * (mt_status = 600)::int) as timeout,
      sum(sign * price) as spend
    from (select batch_id, mt_status, report_result, price, 1 as sign from new_rows
          union all select batch_id, mt_status, report_result, price, -1 from old_rows) x
    where batch_id is not null
    group by batch_id) d
  where b.batch_id = d.batch_id;
  return null;
end $$;

-- What is already stored: the days' messages from the per-content rollup (each row one content), the batches' from
-- their records, once.
update mt_daily d set messages = x.messages
from (select cus_id, prod_type, day, country, sum(receive_count * sms_messages(content))::int as messages
      from mt_content_daily group by 1, 2, 3, 4) x
where d.cus_id = x.cus_id and d.prod_type = x.prod_type and d.day = x.day and d.country = x.country;
update sms_batch b set messages = x.messages, spend = x.spend
from (select batch_id, sum(sms_messages(content))::int as messages, sum(price) as spend from mt_record where batch_id is not null group by 1) x
where b.batch_id = x.batch_id;
