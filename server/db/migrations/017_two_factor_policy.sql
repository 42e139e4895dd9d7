-- Who must sign in with two-factor (src/domain/two-factor.ts): an enterprise's sub-accounts (scope: the enterprise's
-- cus_id) or every administrator (scope 'admin'). No row: not required.
create table two_factor_policy (
  scope text primary key,
  required boolean not null default false,
  update_time timestamptz not null default now()
);
