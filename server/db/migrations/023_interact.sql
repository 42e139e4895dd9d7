-- Interactive messages (issue 13, src/domain/interact.ts): a same-content send whose content carries {interact}
-- gives each recipient a public page /sms-cloud/i/<code> where they read the message and answer.
-- One row per send: the content as sent (with the marker), so a million recipients do not store it a million times.
create table interact_send (
  -- sms_batch.batch_id of an immediate send, time_batch.time_batch of a timed one
  batch_id text primary key,
  cus_id text not null,
  content text not null,
  base text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table interact_message (
  -- 16 random bytes, base64url
  code text primary key,
  batch_id text not null references interact_send (batch_id) on delete cascade,
  mobile text not null
);
create index interact_message_batch_idx on interact_message (batch_id);

-- Answers are uplink records (the interaction records list: whole_content set) tied to their page, so the page
-- reads its conversation through this partial index and the big table's other rows pay nothing.
alter table mo_record add column interact_code text;
create index mo_record_interact_code_idx on mo_record (interact_code, sn) where interact_code is not null;
