-- ---------------------------------------------------------------------------------------------------------------
-- The audit trail: one row per change, written by the changing transaction (server/audit/write.ts), so a write that
-- rolls back leaves none. Rows are never updated; they are deleted only by the retention prune (server/audit/prune.ts),
-- which says so in its own transaction (`audit.prune`). The trigger below refuses everything else, whatever the code.
-- ---------------------------------------------------------------------------------------------------------------

create table audit_entry (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  -- The account the entry belongs to: the one acting, or the account acted on when the target is an account (an
  -- administrator charging a customer, an enterprise closing a sub-account); null for a sign-in under an unknown name.
  cus_id text,
  -- The enterprise of cus_id (itself, or a sub-account's parent); null for administrators: what an enterprise reads.
  enterprise_id text,
  -- Who acted: the signed-in account, or the account whose app secret or key signed the call; null when nobody is known.
  actor_id text,
  actor_type smallint,
  -- The API key that signed the call, when the request carried one.
  api_key_id text,
  via text not null check (via in ('console', 'api', 'public')),
  client_ip text,
  user_agent text,
  request_id text,
  -- One name of the catalogue in src/domain/audit-actions.ts, and what it was done to.
  action text not null,
  target_type text,
  target_id text,
  -- [{ field, before?, after?, changed?, cut? }]: values bounded, secrets only as `changed` (server/audit/diff.ts).
  changes jsonb not null default '[]',
  constraint audit_entry_bounded check (
    length(action) <= 64 and coalesce(length(target_type), 0) <= 32 and coalesce(length(target_id), 0) <= 128
    and coalesce(length(user_agent), 0) <= 256 and coalesce(length(request_id), 0) <= 128 and coalesce(length(client_ip), 0) <= 64
    and pg_column_size(changes) <= 65536
  )
);

-- The first page of each view newest first, read by keyset: an enterprise's (its own and its sub-accounts'), one
-- account's, and an administrator's (everything; also the order the prune deletes in).
create index audit_entry_enterprise on audit_entry (enterprise_id, created_at desc, id desc);
create index audit_entry_account on audit_entry (cus_id, created_at desc, id desc);
create index audit_entry_time on audit_entry (created_at desc, id desc);

create function audit_entry_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('audit.prune', true) = 'on' then
    return old;
  end if;
  raise exception 'audit entries are append-only (%)', tg_op using errcode = '42501';
end
$$;

create trigger audit_entry_append_only before update or delete on audit_entry
  for each row execute function audit_entry_append_only();
create trigger audit_entry_no_truncate before truncate on audit_entry
  for each statement execute function audit_entry_append_only();
