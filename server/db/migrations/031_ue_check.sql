-- The 5G terminal (UE) file check (issue 12). An upload is stored unconfirmed (not listed, not checked, not billed)
-- until /mobileUe/uploadCheck pays for it; the background checker then works through confirmed files with
-- file_status 0 or 1, check_count being the watermark of checked numbers (seq 1 … check_count), so a restart resumes
-- where the last committed chunk ended. Unconfirmed uploads older than a day are deleted by the checker.
alter table mobile_ue_file add column confirmed boolean not null default true;
alter table mobile_ue_file add column unit_price numeric(10, 4) not null default 0;
alter table mobile_ue_file add column cost numeric(14, 3) not null default 0;
-- Last progress of the checker (round robin between files being checked).
alter table mobile_ue_file add column check_time timestamptz;

create index mobile_ue_file_due_idx on mobile_ue_file (check_time nulls first, create_time) where confirmed and file_status in (0, 1);
create index mobile_ue_file_unconfirmed_idx on mobile_ue_file (create_time) where not confirmed;
