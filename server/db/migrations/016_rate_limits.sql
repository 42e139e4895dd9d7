-- Rate-limit counters of server/security/rate-limit.ts (rate-limiter-flexible's PostgreSQL store), kept in the
-- database so every server process sharing it counts the same requests. The column order is the library's: it
-- inserts by position. points is bigint because some rules count bytes; expire is epoch milliseconds.
create table rate_limits (
  key text primary key,
  points bigint not null default 0,
  expire bigint
);
create index rate_limits_expire on rate_limits (expire);

-- /shortChainTool/longToShort gives an account's earlier link of the same long URL again instead of a new row; this
-- finds it. md5, as long URLs may exceed what a btree entry holds.
create index short_link_own_url_idx on short_link (cus_id, md5(long_url)) where batch_id is null;
