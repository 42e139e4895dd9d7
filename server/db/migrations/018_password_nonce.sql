-- One-time nonces for passwords typed after sign-in (password change, app-secret reveal): the console seals the
-- password with one (src/domain/auth.ts sealPassword) as sign-in does with the captcha's name, so a captured cipher
-- text is refused when sent again. Bound to the account that asked; rows per account are capped in
-- server/security/password-nonce.ts and expired rows are deleted on every issue.
create table password_nonce (
  nonce text primary key,
  cus_id text not null references customer (cus_id),
  expires_at timestamptz not null
);
create index password_nonce_cus_idx on password_nonce (cus_id, expires_at desc);
create index password_nonce_expires_idx on password_nonce (expires_at);

-- Identity certification of spec section 5 (/user/certification): the holder's name, the 18-character identity
-- number (checked against GB 11643 before it is stored) and a phone; certified_at null means not certified.
alter table customer
  add column real_name text not null default '',
  add column id_number text not null default '',
  add column cert_phone text not null default '',
  add column certified_at timestamptz;
