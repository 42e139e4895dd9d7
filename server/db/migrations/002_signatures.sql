-- Signatures (短信签名): the 【name】 every domestic message starts with, applied for by an enterprise and reviewed
-- (src/domain/signatures.ts). cus_id is the enterprise that owns it (an administrator's own for the platform's);
-- its sub-accounts send with it. source: company, app, website, trademark, public_account, other. status: 0 pending,
-- 1 approved, 2 refused, 3 withdrawn. proof_material_id: the proof file, a material of the owner (image or PDF);
-- no foreign key, as template_material: a material's delete checks this table in its own transaction.
create table signature (
  id serial primary key,
  cus_id text not null references customer (cus_id),
  name text not null,
  source text not null check (source in ('company', 'app', 'website', 'trademark', 'public_account', 'other')),
  proof_material_id int,
  remark text not null default '',
  status smallint not null default 0 check (status in (0, 1, 2, 3)),
  result_desc text not null default '',
  check_time timestamptz,
  create_time timestamptz not null default now()
);
create index signature_cus_idx on signature (cus_id, create_time desc, id desc);
-- One pending or approved application per name and enterprise: a refused or withdrawn one may be applied for again.
create unique index signature_live_name_idx on signature (cus_id, name) where status in (0, 1);
create index signature_review_idx on signature (create_time, id) where status = 0;

-- A proof file may be an image or a PDF: the material kind and the upload purpose for it.
alter table material drop constraint material_kind_check;
alter table material add constraint material_kind_check check (kind in ('image', 'video', 'audio', 'document'));
alter table material drop constraint material_purpose_check;
alter table material add constraint material_purpose_check check (purpose in ('aim', 'csp', 'video', 'signature'));
