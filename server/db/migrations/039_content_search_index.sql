-- Content search in the record lists is a substring match (server/routes/records/content.ts). A plain index cannot
-- answer it, and a pg_trgm index of the content itself only helps words of 3 characters or more: most Chinese
-- searches are 1 or 2 characters (短信, 码). So the index is a pg_trgm GIN index over the content with every
-- character written three times: its trigrams are then exactly the characters and the character pairs of the content
-- ("验证码" -> "验验验证证证码码码": 验验验, 验验证, 验证证, 证证证, ...). A search of any length looks up its own characters
-- and pairs, and the plain `content like` rechecks the rows found. Trigrams are built of what LC_CTYPE calls letters
-- and digits; it is C.UTF-8 on PostgreSQL here and on PGlite, which counts Chinese characters as letters.
-- The index is not built here: keeping it up costs sends a lot (a same-content send of 200k numbers on PostgreSQL:
-- 4.4 s without it, 30.6 s with it; PGlite 16 s -> 80 s), so the operator chooses it with CONTENT_SEARCH_INDEX=on
-- and server/db/content-index.ts calls content_search_index() at start (and drops the index when it is turned off).
-- pg_trgm is a trusted extension, but a user without CREATE on the database cannot add it: then the lists keep
-- working without the index (a scan of the time window), and the server says so at every start.
-- The extension goes to `public` when it may, so dropping one throwaway test schema does not drop it for the others.
create or replace function content_search_key(t text) returns text language sql immutable strict parallel safe
  return regexp_replace(t, '(.)', '\1\1\1', 'g');

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
  -- fastupdate (GIN's default) queues a sending transaction's new entries and merges them in bulk later.
  execute format('create index if not exists mt_record_content_trgm_idx on mt_record using gin (content_search_key(content) %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mo_record_content_trgm_idx on mo_record using gin (content_search_key(content) %I.gin_trgm_ops)', ext_schema);
  return 'ok';
end
$fn$;

