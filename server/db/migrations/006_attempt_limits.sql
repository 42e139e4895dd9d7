-- Sign-in guesses are counted in one row per key, claimed by a single conditional upsert before any secret is
-- checked, so concurrent guesses cannot all read the same count (server/security/attempts.ts). Keys: 'pair:' an
-- (account, address), 'account:' the account across addresses it has never signed in from.
create table sign_in_guard (
  key text primary key,
  attempts int not null,
  window_end timestamptz not null
);
create index sign_in_guard_window_idx on sign_in_guard (window_end);

-- Addresses each account has signed in from: they keep their own allowance while strangers exhaust the account's.
create table sign_in_known (
  cus_id text not null,
  address text not null,
  last_at timestamptz not null,
  primary key (cus_id, address)
);
create index sign_in_known_last_idx on sign_in_known (last_at);

-- The lock and slow-down read these rows; the counters above replace them.
drop table login_attempt;

-- Wrong tries of a code from anywhere: at SMS_CODE_MAX_TRIES the code is dead.
alter table sms_code add column wrong_tries int not null default 0;

-- A captcha belongs to the address that asked for it: each address keeps at most CAPTCHAS_PER_ADDRESS live ones,
-- so a flood evicts only the flooder's own.
alter table captcha add column address text not null default '';
create index captcha_address_idx on captcha (address, expires_at);
