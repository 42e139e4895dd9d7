-- A due timed batch of a large send is stored in chunks on PGlite too (server/send/scheduler.ts): its send_storing row
-- names the timed batch, so undoing it (an error, or a crash found at the next start) puts the timed batch and its
-- details back to "to be sent" for the scheduler to send again, billed once, instead of only deleting what it stored.
alter table send_storing add column time_batch text;
