-- Rate-limit counters of server/security/rate-limit.ts (rate-limiter-flexible's PostgreSQL store), kept in the
-- database so every server process sharing it counts the same requests. The column order is the library's: it
-- inserts by position. points is bigint because some rules count bytes; expire is epoch milliseconds.
create table rate_limits (
  key text primary key,
  points bigint not null default 0,
  expire bigint
);
create index rate_limits_expire on rate_limits (expire);
