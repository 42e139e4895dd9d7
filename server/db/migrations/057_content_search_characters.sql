-- Content searches of 1 or 2 characters (码, 验证, TD: common in Chinese searches) have no trigram, so migration 040's
-- pg_trgm index cannot answer them (under a generic plan it even read the whole index: 1.8-2.6 s over 1M records).
-- string_to_array(content, null) is the content's characters (code points, as like and strpos count them) in one C
-- call, and a GIN index over it finds the records holding every character of the search: exactly the records that
-- contain a 1-character word, and for a 2-character one those holding both, rechecked by the lists' plain `like`.
-- Builtins only (no extension), so it works wherever the database does. Per 200k inserted rows (PostgreSQL): no
-- index 0.38 s, 040's trigrams 3.8 s, these characters 4.1 s, characters and pairs of characters (exact for 2
-- characters too; a regexp_replace made the pairs) 13.1 s, which is why pairs are left out. Opt-in with 040's index
-- (CONTENT_SEARCH_INDEX=on, server/db/content-index.ts), built first so it stands without pg_trgm too.
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
  return 'ok';
end
$fn$;
