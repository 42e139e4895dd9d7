-- The opt-in content search indexes (CONTENT_SEARCH_INDEX=on, server/db/content-index.ts) include a trigram index on
-- the per-content rollup's content (migration 058): a content search's days are then found by it instead of by
-- reading every rollup row. 1M seeded records (212k rollup rows, a 14 MB index), PostgreSQL at load 16: a word in no
-- record 57-83 ms -> 2-5 ms, 服务器负载 (1 record in 6) 81 -> 26 ms; words of 1-2 characters have no trigram and read
-- the rollup whole. Not built by default: a same-content send adds a row or two whatever its size, but a
-- point-to-point send with a per-number variable adds an entry per record, and a 200k one took 2.1-2.2x as long to
-- store with it (both databases, load 18-21) against 1.5-1.6x with the rollup alone.
create or replace function content_search_index() returns text language plpgsql as $fn$
declare
  ext_schema text;
  reason text;
begin
  create index if not exists mt_record_content_chars_idx on mt_record using gin (string_to_array(content, null));
  create index if not exists mo_record_content_chars_idx on mo_record using gin (string_to_array(content, null));
  select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  if ext_schema is null then
    begin
      create extension pg_trgm schema public;
    exception when others then
      begin
        create extension pg_trgm;
      exception when others then
        reason := sqlerrm;
      end;
    end;
    select n.nspname into ext_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  end if;
  if ext_schema is null then
    return coalesce(reason, 'pg_trgm is not available');
  end if;
  execute format('create index if not exists mt_record_content_trgm_idx on mt_record using gin (content %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mo_record_content_trgm_idx on mo_record using gin (content %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mt_content_daily_trgm_idx on mt_content_daily using gin (content %I.gin_trgm_ops)', ext_schema);
  return 'ok';
end
$fn$;
