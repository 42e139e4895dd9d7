// What the opt-out scrub adds to a send: a 1M-number same-content send through the real groupSend (commitSend, whose
// scrub joins the numbers with the enterprise's list, server/send/scrub.ts) by an enterprise whose suppression list
// holds 1M numbers, 1% of them among the send's, beside the same send by an enterprise with an empty list (the scrub's
// one probe), in the same run on the same database server; then the scheduler's scrub of a timed batch of the same
// size against the same list (server/send/scheduler.ts: one update joining the details with the list). The scrub's
// own look-up (optedOutAmong) is timed alone as well. Embedded PostgreSQL as `npm start` runs it (BENCH_DATABASE_URL
// or TEST_DATABASE_URL instead when set). BENCH_SCRUB_NUMBERS sets the send's size, BENCH_SCRUB_LIST the list's
// (both default 1,000,000).
import { randomBytes, randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { benchPostgres } from './lib/throwaway-pg.mjs'

const N = Number(process.env.BENCH_SCRUB_NUMBERS ?? 1_000_000)
const LIST = Number(process.env.BENCH_SCRUB_LIST ?? 1_000_000)
const OVERLAP = Math.round(N / 100)
const CONTENT = '【示例商城】双十一会员专享：全场满300减50，今晚20点开抢，回T退订'
const s = (ms) => `${(ms / 1000).toFixed(2)} s`
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')

const [{ migrate, openDb }, { groupSend, readNumbers }, { optedOutAmong }, { runDueBatches }] = await Promise.all([
  import('../../server/db/index.ts'), import('../../server/send/group-send.ts'), import('../../server/opt-outs/store.ts'), import('../../server/send/scheduler.ts')])

/** The i-th number of the send (distinct, valid, shuffled as an uploaded list would be). */
const numberOf = (i) => `1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`

const ACCOUNTS = `
  insert into product (prod_type, name, name_en) values (0, '普通短信', 'SMS') on conflict do nothing;
  insert into customer (cus_id, cus_name, user_type, password_hash, balance) values
    ('listed', 'With a 1M list', 2, '-', 100000000), ('clean', 'With an empty list', 2, '-', 100000000);
  insert into customer_product (cus_id, prod_type, price) values ('listed', 0, 0.04), ('clean', 0, 0.04);
  insert into signature (cus_id, name, source, status, check_time) values ('listed', '示例商城', 'company', 1, now()), ('clean', '示例商城', 'company', 1, now())`

console.log(`a ${N.toLocaleString('en')}-number send scrubbed against a ${LIST.toLocaleString('en')}-entry opt-out list (${OVERLAP.toLocaleString('en')} of the send's numbers on it), load average ${load()}`)
const pg = await benchPostgres({ asServed: true })
const schema = `bench_${randomBytes(4).toString('hex')}`
const db = await openDb({ databaseUrl: pg.url, schema })
const rows = []
try {
  await migrate(db)
  await db.exec(ACCOUNTS)
  const text = Array.from({ length: N }, (_, i) => numberOf(i)).join('\n')
  const numbers = readNumbers(new TextEncoder().encode(text))
  // The list: OVERLAP of the send's numbers, the rest numbers the send does not have (the 12x… range).
  const t0 = performance.now()
  await db.query(
    `insert into opt_out (ent_id, mobile, source)
     select 'listed', m, 2 from unnest($1::text[]) m
     union all select 'listed', '12' || lpad(g::text, 9, '0'), 2 from generate_series(1, $2) g`,
    [numbers.mobiles.slice(0, OVERLAP), LIST - OVERLAP])
  await db.exec('analyze opt_out')
  console.log(`list of ${LIST.toLocaleString('en')} stored in ${s(performance.now() - t0)}`)

  const lookup = async (ent) => {
    const t = performance.now()
    const found = await optedOutAmong(db, ent, numbers.mobiles)
    return { ms: performance.now() - t, found: found.size }
  }
  const send = async (ent) => {
    const t = performance.now()
    const res = await groupSend(db, ent, { content: CONTENT, idempotency_key: randomUUID() }, numbers)
    return { ms: performance.now() - t, res }
  }
  for (const round of [1, 2]) {
    console.log(`round ${round}… (load average ${load()})`)
    const clean = await send('clean')
    const listed = await send('listed')
    if (clean.res.opted_out !== 0 || listed.res.opted_out !== OVERLAP || listed.res.numbers !== N - OVERLAP) throw new Error(`scrubbed ${listed.res.opted_out}`)
    const alone = await lookup('listed')
    if (alone.found !== OVERLAP) throw new Error(`found ${alone.found}`)
    rows.push({
      round, 'send, empty list': s(clean.ms), 'send, 1M list': s(listed.ms), 'difference': s(listed.ms - clean.ms),
      'look-up alone': s(alone.ms), 'load after': loadavg()[0].toFixed(1),
    })
  }
  // The scheduler's scrub: a timed batch of N numbers, sent when due against the same list.
  const timing = new Date(Date.now() + 11 * 60_000).toISOString()
  for (const ent of ['clean', 'listed']) {
    const timed = await groupSend(db, ent, { content: CONTENT, idempotency_key: randomUUID(), timing_time: timing }, numbers)
    // Put back the numbers the scheduling scrub left out, so the scheduler meets them.
    if (ent === 'listed') await db.query('insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time) select $1, $2, m, $3, 0, $4, now() from unnest($5::text[]) m',
      [timed.batch_id, ent, CONTENT, timing, numbers.mobiles.slice(0, OVERLAP)])
    const t = performance.now()
    await runDueBatches(db, { limit: 1, now: new Date(Date.now() + 12 * 60_000) })
    const { rows: [b] } = await db.query('select opted_out from time_batch where time_batch = $1', [timed.batch_id])
    rows.push({ round: `timed, ${ent === 'clean' ? 'empty list' : '1M list'}`, 'scheduler sends it': s(performance.now() - t), 'left out when sent': b.opted_out })
  }
} finally {
  await db.exec(`drop schema ${schema} cascade`)
  await db.close()
  await pg.stop()
}
console.table(rows)
console.log('send: groupSend from the parsed numbers to commit; look-up alone: optedOutAmong over the send\'s numbers')
console.log(`target: the scrub adds at most 2 s to a million-number send against a million-entry list; load average now ${load()}`)
