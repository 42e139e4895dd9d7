-- Nonces of signed calls from customers' systems (/api/open/v1, server/signed-api/signature.ts): a nonce an account has
-- used is refused until it expires, which is after the signature's time window, so a captured request cannot be
-- replayed. Rows are written only after the signature checked, so their number is bounded by the per-account rate
-- limit; expired rows of an account are dropped when it signs its next call.
create table signed_api_nonce (
  cus_id text not null,
  nonce text not null,
  expires_at timestamptz not null,
  primary key (cus_id, nonce)
);
create index signed_api_nonce_expires_idx on signed_api_nonce (expires_at);
