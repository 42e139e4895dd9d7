// The demo seed made fast for a million sent records: growing mt_record's secondary indexes one random insert at a
// time is what took the seed to minutes, so they are dropped before it and built again after, with the statistics
// rollup triggers off during it and the rollups (daily, and per content) rebuilt once. The pkey and the mobile index stay (the seed's
// interaction-record step looks records up by mobile). Shared by the record-list and download benches.
// `order: 'time'` rewrites the records in time order on disk (CLUSTER on a throwaway time index) before the indexes
// come back: the seed draws times at random, while a real server writes each record as it is sent, so a time-ordered
// read of real records finds its rows on neighbouring pages, of the seed's on a page each.
import { seedDemo } from '../../../server/seed/index.ts'

export async function bulkSeed(db, historyRows, { order = 'random' } = {}) {
  const { rows: deferred } = await db.query(
    `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'mt_record'
       and indexname not in ('mt_record_pkey', 'mt_record_mobile_idx')`)
  await db.exec(`${deferred.map((i) => `drop index ${i.indexname};`).join('')}
    alter table mt_record disable trigger user; alter table mo_record disable trigger user`)
  await seedDemo(db, { historyRows })
  if (order === 'time') {
    await db.exec(`create index mt_record_seed_time on mt_record (receive_time, sn);
      cluster mt_record using mt_record_seed_time; drop index mt_record_seed_time`)
  }
  await db.exec(`${deferred.map((i) => `${i.indexdef};`).join('')}
    alter table mt_record enable trigger user; alter table mo_record enable trigger user;
    select mt_rollups_rebuild(); delete from mo_daily;
    insert into mo_daily (cus_id, prod_type, day, reply_count)
      select cus_id, prod_type, (deliver_time at time zone 'Asia/Shanghai')::date, count(*) from mo_record group by 1, 2, 3`)
}
