-- Migration 039's index over the content with every character tripled found 1- and 2-character words too, but its
-- recheck recomputed the tripled content (a regular expression) for every row found: very common words became 2-5x
-- slower with it than without, and sends stored ~5x slower (200k numbers, PostgreSQL 4.4 s -> 30.6 s). A pg_trgm
-- index over the content itself is rechecked with the plain `like` and costs a bare INSERT of 200k rows 2.6 s instead
-- of 7.6 s (0.55 s without an index); it helps words of 3 characters or more, and shorter ones walk the time window as
-- before. Still opt-in (CONTENT_SEARCH_INDEX=on): server/db/content-index.ts builds it at start.
drop index if exists mt_record_content_trgm_idx;
drop index if exists mo_record_content_trgm_idx;
drop function if exists content_search_key(text);

create or replace function content_search_index() returns text language plpgsql as $fn$
declare
  ext_schema text;
  reason text;
begin
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
  return 'ok';
end
$fn$;
