-- When an account's owner was last told of repeated failed sign-ins on it (server/security/sign-in-alert.ts): at most
-- one bell notice an hour, however long an attack goes on.
create table sign_in_alert (
  cus_id text primary key references customer (cus_id),
  last_at timestamptz not null
);
