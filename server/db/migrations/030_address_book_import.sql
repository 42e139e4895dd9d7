-- The contacts import (issue 12). /file/uploadAddressBook checks the console's mapped rows and keeps them here,
-- normalised and without repeated mobiles, until /addressBook/addressBookMemberImport adds them to the group all at
-- once; `result` is then set and `rows` dropped, so committing the same upload again adds nothing. Uploads never
-- committed are removed an hour later (by the next upload of any account).
create table ab_import (
  upload_id serial primary key,
  cus_id text not null,
  group_id int not null references ab_group (group_id) on delete cascade,
  rows text,
  row_count int not null,
  in_file int not null,
  result jsonb,
  create_time timestamptz not null default now()
);
create index ab_import_cus_idx on ab_import (cus_id, create_time);

-- The commit's idempotency key: a retried request with the same key gets the first reply and adds nothing again.
create table ab_import_key (
  cus_id text not null,
  idempotency_key uuid not null,
  response jsonb,
  create_time timestamptz not null default now(),
  primary key (cus_id, idempotency_key)
);
