-- Large contact imports on PGlite are stored in chunks of short transactions (server/routes/lists/import-storing.ts),
-- as large sends are (migration 036), so other users' requests run between them on its one connection. Each contact
-- an import adds carries the upload in `import_id`; while the upload is listed in ab_import_storing its contacts are
-- invisible (the contact and group lists, member counts, searches, the download and the send pages' group picker
-- skip them). The last short transaction removes the row and the import shows whole. A row left by a crash is undone
-- at the next start: its contacts deleted from `first_id` on, the idempotency key freed, the upload kept for a retry.
-- A nullable column without a default is added without rewriting the table.
alter table ab_contact add column import_id int;

create table ab_import_storing (
  upload_id int primary key references ab_import (upload_id) on delete cascade,
  cus_id text not null,
  group_id int not null,
  idempotency_key uuid not null,
  -- Contacts of this import have ids from here on (bigserial): the undo walks the primary key instead of an index
  -- on import_id that every imported row would pay for.
  first_id bigint not null,
  started_at timestamptz not null default now()
);
