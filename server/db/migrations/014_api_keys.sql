-- Scoped API keys (src/domain/api-keys.ts): several per account besides the app secret (customer.app_secret, which
-- stays the account's first key with every scope). The secret is kept sealed, never as text: AES-256-GCM under the
-- server key `sealed_with` names ('config': API_KEY_SEAL_KEY; 'database': the server_secret row 'api-key'), bound
-- to the key id, so the signature check can compute the HMAC while no answer and no copy of this table alone gives
-- the secret out. A rotation keeps the previous sealed secret until `previous_until`.
create table api_key (
  key_id text primary key,
  cus_id text not null references customer (cus_id),
  name text not null,
  scopes text[] not null,
  ranges text[] not null default '{}',
  sealed text not null,
  sealed_with text not null check (sealed_with in ('config', 'database')),
  hint text not null,
  previous_sealed text,
  previous_sealed_with text check (previous_sealed_with in ('config', 'database')),
  previous_until timestamptz,
  created_by text not null,
  create_time timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  rotated_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
create index api_key_cus_time on api_key (cus_id, create_time desc);

-- The app secret's last use, written at most once a minute like a key's.
alter table customer add column app_secret_used_at timestamptz;
