-- Scheduling a large timed send, and editing the content of a large scheduled batch, are stored in chunks of short
-- transactions on PGlite too (server/send/storing.ts), as the immediate sends are (migration 036). The send_storing
-- row then names the timed batch itself (batch_id = time_batch.time_batch) and says what is being done to it:
--   'schedule': its details are being written; undone by deleting them, the batch row and its kind's rows (the
--               balance was only checked, nothing to refund) and freeing the idempotency key;
--   'edit':     its details are being rewritten with a new content; undone by writing `old_content` back.
-- While the row exists the timed batch is not listed, not editable, not operable and not due. Null: an immediate
-- send or a due timed batch being sent, as before.
alter table send_storing add column timed_stage text check (timed_stage in ('schedule', 'edit'));
alter table send_storing add column old_content text;

-- An edit rewrites a large link or interactive batch's details a chunk (an sn range) at a time, each joined to its
-- recipient's short link or answer page by (batch, mobile): with an index on the batch alone every chunk read all of
-- the batch's links (a million per chunk). The two-column index serves the batch-only lookups as well, so it
-- replaces the one-column one and a send writes no more index entries than before.
create index short_link_batch_mobile_idx on short_link (batch_id, mobile);
drop index short_link_batch_idx;
create index interact_message_batch_mobile_idx on interact_message (batch_id, mobile);
drop index interact_message_batch_idx;
