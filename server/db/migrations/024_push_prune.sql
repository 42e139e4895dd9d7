-- Finished push batches are removed after a month (server/push/worker.ts prunePush): found by their finish time.
create index push_batch_done_idx on push_batch (done_time) where status <> 0;
