-- ---------------------------------------------------------------------------------------------------------------
-- Failure analysis across batches (/dataGathering/failureList, /failureTrend): sent records per day by operator and
-- failure code, kept by the same trigger in the writing transaction.
-- ---------------------------------------------------------------------------------------------------------------

-- The operator of a mainland number by its first four digits, as src/domain/operators.ts reads OPERATOR_SEGMENTS
-- (operatorOf; server/routes/lists/failures.test.ts holds the two to the same answer for every prefix).
create function prefix_operator(prefix text) returns text language sql immutable parallel safe as $$
  select case
    when left(prefix, 4) in ('1340', '1341', '1342', '1343', '1344', '1345', '1346', '1347', '1348') then 'mobile'
    when left(prefix, 4) in ('1349') then 'telecom'
    when left(prefix, 3) in ('135', '136', '137', '138', '139', '147', '150', '151', '152', '157', '158', '159', '172', '178', '182', '183', '184', '187', '188', '195', '197', '198') then 'mobile'
    when left(prefix, 3) in ('130', '131', '132', '145', '155', '156', '166', '175', '176', '185', '186', '196') then 'unicom'
    when left(prefix, 3) in ('133', '149', '153', '173', '177', '180', '181', '189', '190', '191', '193', '199') then 'telecom'
    when left(prefix, 3) in ('192') then 'broadcast'
    when left(prefix, 3) in ('162', '165', '167', '170', '171') then 'virtual'
    else 'other' end
$$;

-- Per account, product, day (the platform's), operator ('other' for international numbers) and code: the records
-- sent (every one past review) and of them the failed ones. `code` is '' on the row of the records that did not fail,
-- else the carrier's code (report_result_desc), or '#<mt_status>' for a failure that came without one.
create table mt_failure_daily (
  cus_id text not null,
  prod_type smallint not null,
  day date not null,
  operator text not null,
  code text not null,
  sent_count int not null default 0,
  failure_count int not null default 0,
  primary key (cus_id, prod_type, day, operator, code)
);
create index mt_failure_daily_prod_idx on mt_failure_daily (prod_type, day);

-- The statement for a set of changed records (`source` a relation with a sign column `s`: 1 added, -1 removed),
-- grouped by time and number prefix first (a send's records share one time), so the day and the operator are worked
-- out once per group.
create function mt_failure_sql(source text) returns text language sql immutable as $$
  select format($q$
    with t as (
      select cus_id, prod_type, receive_time, left(mobile, 4) as prefix, length(mobile) = 11 as mainland,
        case when mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)
          then coalesce(nullif(report_result_desc, ''), '#' || mt_status) else '' end as code,
        coalesce(sum(s) filter (where mt_status <> 100), 0) as sent_count,
        coalesce(sum(s) filter (where mt_status not in (100, 500, 600) and not (mt_status = 0 and report_result is not distinct from 0)), 0) as failure_count
      from %1$s r group by 1, 2, 3, 4, 5, 6
    ), g as (
      select cus_id, prod_type, (receive_time at time zone 'Asia/Shanghai')::date as day,
        case when prod_type = 1 or not mainland then 'other' else prefix_operator(prefix) end as operator, code,
        sum(sent_count)::int as sent_count, sum(failure_count)::int as failure_count
      from t group by 1, 2, 3, 4, 5
    )
    insert into mt_failure_daily as d (cus_id, prod_type, day, operator, code, sent_count, failure_count)
    select * from g where (sent_count, failure_count) <> (0, 0)
    on conflict (cus_id, prod_type, day, operator, code) do update set
      sent_count = d.sent_count + excluded.sent_count,
      failure_count = d.failure_count + excluded.failure_count$q$, source)
$$;

create function mt_failure_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from mt_failure_daily;
  elsif tg_op = 'INSERT' then
    execute mt_failure_sql('(select *, 1 as s from new_rows)');
  elsif tg_op = 'DELETE' then
    execute mt_failure_sql('(select *, -1 as s from old_rows)');
  else
    execute mt_failure_sql('(select *, -1 as s from old_rows union all select *, 1 from new_rows)');
  end if;
  return null;
end $$;

create trigger mt_failure_ins after insert on mt_record referencing new table as new_rows
  for each statement execute function mt_failure_trigger();
create trigger mt_failure_upd after update on mt_record referencing old table as old_rows new table as new_rows
  for each statement execute function mt_failure_trigger();
create trigger mt_failure_del after delete on mt_record referencing old table as old_rows
  for each statement execute function mt_failure_trigger();
create trigger mt_failure_trunc after truncate on mt_record
  for each statement execute function mt_failure_trigger();

-- The bulk seed's rebuild makes this rollup again too.
create or replace function mt_rollups_rebuild() returns void language plpgsql as $$
begin
  delete from mt_daily;
  delete from mt_content_daily;
  delete from mt_failure_daily;
  execute mt_rollups_sql('mt_record', 1);
  execute mt_failure_sql('(select *, 1 as s from mt_record)');
end $$;

-- What is already stored, once.
do $$ begin execute mt_failure_sql('(select *, 1 as s from mt_record)'); end $$;

-- An enterprise's failure alert (src/domain/failure-alert.ts): a bell notice when one of its batches (its
-- sub-accounts' too) of at least min_records records has failed for more than threshold percent of those sent. No
-- row: on, at 20 % and 1,000 records. The failure-alert job (server/jobs: failure-alert) marks a batch when it puts
-- its notice (failure_alerted), in the same transaction, so a batch is told once; it looks at the last 7 days' batches.
create table failure_alert_setting (
  cus_id text primary key references customer (cus_id),
  enabled boolean not null default true,
  threshold numeric(5, 2) not null default 20 check (threshold > 0 and threshold <= 100),
  min_records int not null default 1000 check (min_records >= 1),
  update_time timestamptz not null default now()
);
alter table sms_batch add column failure_alerted timestamptz;
-- The batches the job may still have to tell about: not yet told, by time.
create index sms_batch_failure_alert_idx on sms_batch (create_time) where failure_alerted is null;
