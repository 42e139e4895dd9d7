-- Materials (issue 11): media a tenant uploaded for 5G cards and video SMS frames. The bytes live in the object store
-- (server/storage) under object_key, made from the tenant and a random id, never from the uploaded file name.
create table material (
  material_id serial primary key,
  cus_id text not null,
  kind text not null check (kind in ('image', 'video', 'audio')),
  -- the rules it was checked against: aim (library), csp (5G card), video (video SMS)
  purpose text not null check (purpose in ('aim', 'csp', 'video')),
  -- shown only; the uploader's name for it
  file_name text not null,
  -- sniffed from the bytes, served as is
  content_type text not null,
  size int not null check (size > 0),
  object_key text not null unique,
  sha256 text not null,
  create_time timestamptz not null default now()
);
create index material_cus_idx on material (cus_id, create_time desc);

-- Secrets the server makes once and every process shares (the HMAC key of signed media addresses).
create table server_secret (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
