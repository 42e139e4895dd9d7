-- Timed details filtered by status (issue 15): their total was a count of every matching detail (0.5-0.85 s over a
-- million on PGlite). A timed batch's details nearly always share one status (they are scheduled "to be sent", and
-- sending, pausing, recovering and intercepting move them together), so the total is summed from the batch rows:
-- a batch none of whose details is outside the searched status adds its batch_count, one with none inside adds 0,
-- and only a batch with both is counted (server/routes/lists/timed.ts timedRowsTotal). Each of those tests is one
-- probe of this index instead of a walk of the batch's details.
create index time_mt_message_batch_status_idx on time_mt_message (time_batch, send_status);
