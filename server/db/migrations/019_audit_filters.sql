-- The activity log's filters over a long trail (tests/bench/audit-list.bench.mjs, 10M entries): an administrator's
-- search by actor, action or target reads its own index newest first, instead of walking the whole trail by time for
-- the few entries that match (at 300,000 entries a target id already took 200 ms that way). An enterprise's filtered
-- view walks its own index, which carries the filtered columns, so its capped total is counted from the index alone
-- (an action among an enterprise's 40,000 entries took 358 ms reading each row).
create index audit_entry_actor on audit_entry (actor_id, created_at desc, id desc);
create index audit_entry_action on audit_entry (action, created_at desc, id desc);
create index audit_entry_target on audit_entry (target_id, created_at desc, id desc);
drop index audit_entry_enterprise;
create index audit_entry_enterprise on audit_entry (enterprise_id, created_at desc, id desc)
  include (cus_id, actor_id, action, target_type, target_id);
