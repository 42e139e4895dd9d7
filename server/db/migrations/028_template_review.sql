-- Templates written and reviewed in the console (issue 11). Review results of 5G and video templates (content
-- templates have had them since 006), the carrier's id of an approved template, the materials each template uses
-- (so a material in use cannot be deleted), and the video template a video batch sends (so a template a timed batch
-- still depends on cannot be deleted; csp batches name theirs in csp_send since 011).
alter table csp_template add column result_desc text not null default '';
alter table csp_template add column check_time timestamptz;
alter table csp_template add column gate_template_id text unique;
alter table video_template add column result_desc text not null default '';
alter table video_template add column check_time timestamptz;
alter table video_template add column gate_template_id text unique;

-- The fallback video message a csp template registered (its theme and frames are copied beside it for the preview).
alter table csp_template_content add column video_template_id int;
alter table video_template_frame add column material_id int;

-- kind: csp or video; template_id: csp_template.template_id or video_template.cus_template_id. No foreign key to
-- material: the material's delete checks this table in its own transaction (server/materials/in-use.ts).
create table template_material (
  kind text not null check (kind in ('csp', 'video')),
  template_id int not null,
  material_id int not null,
  cus_id text not null,
  primary key (kind, template_id, material_id)
);
create index template_material_material_idx on template_material (material_id);

-- What a video batch (sms_batch.batch_id, or time_batch.time_batch for a timed one) sent.
create table video_send (
  batch_id text primary key,
  cus_id text not null,
  cus_template_id int not null,
  create_time timestamptz not null default now()
);
create index video_send_template_idx on video_send (cus_template_id);
create index csp_send_template_idx on csp_send (template_id);
create index csp_send_video_template_idx on csp_send (video_template_id) where video_template_id is not null;

-- The review worker's queue: undecided templates, oldest first.
create index content_template_review_idx on content_template (create_time) where check_status = 0;
create index csp_template_review_idx on csp_template (create_time) where template_status between 0 and 3;
create index video_template_review_idx on video_template (create_time) where status in (0, 1, 5);
