-- Running downloads per account (server/lists/download.ts): a row per file being streamed, so the cap holds across
-- every server process on one database. A row is a lease: the streaming process renews it while the client reads
-- and deletes it when the file ends, fails or is abandoned; one left by a crashed process lapses at expires_at.
create table download_slot (
  id bigserial primary key,
  cus_id text not null,
  expires_at timestamptz not null
);
create index download_slot_cus_idx on download_slot (cus_id, expires_at);
