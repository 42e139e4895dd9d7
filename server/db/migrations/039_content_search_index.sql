-- Content search in the record lists is a substring match (`like '%word%'`, server/routes/records/content.ts). A
-- plain index cannot answer it; a pg_trgm GIN index can, for words of 3 characters or more in any script (the
-- database's LC_CTYPE here is C.UTF-8 on both PostgreSQL and PGlite, which counts Chinese characters as letters).
-- pg_trgm is a trusted extension, but a user without CREATE on the database cannot add it: then the lists keep
-- working without the index (a scan of the time window), and the server says so at every start
-- (server/db/content-index.ts calls this function again, so an index appears once an operator adds the extension).
-- The extension goes to `public` when it may, so dropping one throwaway test schema does not drop it for the others.
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
  execute format('create index if not exists mt_record_content_trgm_idx on mt_record using gin (content %I.gin_trgm_ops)', ext_schema);
  execute format('create index if not exists mo_record_content_trgm_idx on mo_record using gin (content %I.gin_trgm_ops)', ext_schema);
  return 'ok';
end
$fn$;

select content_search_index();
