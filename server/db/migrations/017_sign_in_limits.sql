-- Sign-in hardening (issue 10). The lock is per (account, address) now, so its lookup names both; the
-- account-wide slow-down counts by account and time, which login_attempt_cus_idx already serves.
create index login_attempt_cus_ip_idx on login_attempt (cus_id, ip, created_at desc);
-- Rows older than a day are trimmed now and then; this keeps the trim from scanning the table.
create index login_attempt_created_idx on login_attempt (created_at);
-- captcha.ts deletes expired rows and keeps at most CAPTCHA_ROWS_MAX, both by expiry.
create index captcha_expires_idx on captcha (expires_at);
