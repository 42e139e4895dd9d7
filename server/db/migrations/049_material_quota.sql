-- Storage quota of materials (server/materials/quota.ts): bytes a customer's materials may take in the object store.
-- Null: the server's default (STORAGE_QUOTA_BYTES, 1 GiB unless set). An administrator may set one account's own.
alter table customer add column storage_quota bigint check (storage_quota >= 0);
