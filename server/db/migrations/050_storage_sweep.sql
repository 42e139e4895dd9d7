-- The orphan sweep of the object store (server/materials/sweep.ts): one row, claimed by one server process at a time
-- for a short lease, with the key the walk has reached, so several processes share one walk and a restart resumes it.
create table storage_sweep (
  id smallint primary key check (id = 1),
  holder text,
  lease_until timestamptz not null default '-infinity',
  -- the last key swept; '' starts a new pass from the first key
  after_key text not null default '',
  passes int not null default 0
);
insert into storage_sweep (id) values (1);
