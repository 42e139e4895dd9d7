-- Every record waiting for its report (500) was in two indexes: the open-status index the lists read
-- (prod_type, receive_time, sn, cus_id) where mt_status in (100, 500, 600), and (sn) where mt_status = 500 for the
-- carrier simulator's pick and the queue gauge. A send wrote each of its records into both, and the second one cost
-- about a seventh of storing a million-number send. The pick and the gauge read the open-status index, product by
-- product in time order (server/send/carrier-sim.ts, server/ops/job-queues.ts).
drop index mt_record_waiting_idx;
