-- Two-factor sign-in (TOTP, RFC 6238; server/security/two-factor.ts). An account's key for its authenticator app
-- (base32, kept as it is: the codes are computed from it), in force once a first code confirmed it (enabled_at), the
-- last time step a code was used for (a code is used once within its window), and the scrypt hashes of its one-time
-- recovery codes, each removed as it is used.
create table two_factor (
  cus_id text primary key references customer (cus_id),
  secret text not null,
  enabled_at timestamptz,
  last_step bigint not null default 0,
  recovery_hashes text[] not null default '{}',
  create_time timestamptz not null default now()
);

-- A password accepted for an account with two-factor: the challenge its second step answers, from the same address,
-- within minutes and a few tries (counted by one update each).
create table two_factor_challenge (
  challenge text primary key,
  cus_id text not null references customer (cus_id),
  address text not null,
  expires_at timestamptz not null,
  tries smallint not null default 0
);
create index two_factor_challenge_expiry_idx on two_factor_challenge (expires_at);
