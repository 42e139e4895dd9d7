-- The activity log's filters over a long trail (tests/bench/audit-list.bench.mjs): an administrator's search by
-- actor, action or target reads its own index newest first, instead of walking the whole trail by time for the few
-- entries that match (at 300,000 entries a target id already took 200 ms that way).
create index audit_entry_actor on audit_entry (actor_id, created_at desc, id desc);
create index audit_entry_action on audit_entry (action, created_at desc, id desc);
create index audit_entry_target on audit_entry (target_id, created_at desc, id desc);
