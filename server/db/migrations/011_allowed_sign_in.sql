-- Allowed sign-in addresses (src/domain/allowed-addresses.ts): an enterprise's ranges (scope: its cus_id; its
-- sub-accounts follow it) and the administrators' (scope 'admin'). No row, or an empty list: every address.
create table allowed_sign_in (
  scope text primary key,
  ranges text[] not null default '{}',
  update_time timestamptz not null default now()
);
