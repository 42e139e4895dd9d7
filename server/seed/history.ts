import { MT_COUNTERS } from '../../src/domain/lists/mt-counters'
import type { Db } from '../db'
import { RECORD_MONEY, recordCounts } from '../lists/status-sums'
import { applyStoredReplies } from '../opt-outs/store'

/** [cus_id, prod_type, weight]: who sends how much of what. Weights only matter relative to each other. */
const SENDERS: [string, number, number][] = [
  ['acme', 0, 30], ['acme', 1, 8], ['acme', 2, 6], ['acme01', 0, 10], ['acme01', 1, 3], ['acme01', 2, 2], ['acme02', 0, 6],
  ['globex', 0, 15], ['globex', 1, 7], ['globex', 6, 5], ['globex01', 0, 4], ['globex01', 1, 2],
  ['initech', 0, 8], ['initech', 2, 4], ['initech01', 0, 3], ['umbrella', 0, 1],
]

/** [content, template name]; {n} becomes a per-message number in point-to-point batches. */
const CONTENTS: Record<number, [string, string][]> = {
  0: [
    ['您的验证码为{n}，5分钟内有效，请勿泄露。', ''], ['双十一大促，全场五折起，回TD退订', ''],
    ['尊敬的客户，您的订单{n}已发货，请注意查收。', ''], ['系统告警：服务器负载过高，请及时处理。', ''],
    ['会员积分即将到期，点击 https://s.sms.cn/a{n} 兑换。', ''], ['您预约的服务将于明天上午10点开始。', ''],
  ],
  1: [
    ['Your verification code is {n}. Valid for 5 minutes.', ''], ['Your parcel {n} is out for delivery.', ''],
    ['Flash sale this weekend: 30% off everything.', ''], ['Your booking {n} is confirmed.', ''],
  ],
  2: [
    ['新品发布会视频邀请', '新品发布会'], ['产品使用教程第{n}期', '产品教程'], ['春季促销视频', '春季促销'],
  ],
  6: [
    ['5G消息：您的账单已出，点击查看详情', '月度账单'], ['5G消息：会员日专属福利', '会员日'], ['航班{n}值机提醒', '值机提醒'],
  ],
}

/** Signature per account family; sub-accounts sign like their parent. */
const BRANDS: Record<string, string> = { acme: '艾克米', globex: '环球', initech: '英尼泰克', umbrella: '安布雷拉' }
const BRANDS_EN: Record<string, string> = { acme: 'ACME', globex: 'Globex', initech: 'Initech', umbrella: 'Umbrella' }
const family = (cusId: string) => cusId.replace(/\d+$/, '')
const brandOf = (cusId: string, prod: number) => (prod === 1 ? BRANDS_EN : BRANDS)[family(cusId)] ?? 'SMS'

const FAILURES = ['UNDELIV', 'MK:0001', 'MK:0005', 'EXPIRED', 'REJECTD', 'MN:0001', 'BLACK', 'MK:0012']
const REPLIES = ['TD', '退订', '好的', '收到', '1', 'N', '谢谢', '已收到，谢谢', '请来电联系我', 'STOP']

type Progress = (msg: string) => void

/**
 * Sends of the last 90 days built with set-based SQL: batches first, then records drawn into them (a few big
 * batches, many small ones), then replies from some recipients, then batch counts taken from the records so the
 * statistics screens and the record screens agree. A batch's records are stamped with its time, as a send stores
 * them: a batch and its records fall on one day, so the batch statistics of a window add up to its daily figures.
 */
export async function seedHistory(db: Db, rows: number, progress: Progress = () => undefined): Promise<void> {
  const batches = Math.max(1, Math.round(rows / 40))
  const weighted = SENDERS.flatMap(([c, p, w]) => Array.from({ length: w }, () => [c, p] as const))
  const contentRows = Object.entries(CONTENTS).flatMap(([p, list]) => list.map(([text, tpl], i) => [Number(p), i, text, tpl] as const))
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.2024)')
    await tx.exec(`create temp table seed_content (prod_type smallint, i int, content text, template_name text) on commit drop;
      create temp table seed_batch (n int primary key, batch_id text, cus_id text, prod_type smallint, batch_type smallint,
        content text, template_name text, create_time timestamptz) on commit drop`)
    await tx.query(
      `insert into seed_content select * from unnest($1::smallint[], $2::int[], $3::text[], $4::text[])`,
      [contentRows.map((r) => r[0]), contentRows.map((r) => r[1]), contentRows.map((r) => r[2]), contentRows.map((r) => r[3])],
    )
    await tx.query(
      `with s as (select * from unnest($2::text[], $3::smallint[], $5::text[]) with ordinality as s(cus_id, prod_type, brand, k)),
       b as materialized (select n, 1 + floor(random() * $4)::int as k, random() as r, random() as t from generate_series(0, $1 - 1) n)
       insert into seed_batch
       select b.n, 'B' || to_char(now(), 'YYMM') || lpad(b.n::text, 7, '0'), s.cus_id, s.prod_type,
         case when b.r < 0.05 then 0 when b.r < 0.7 then 1 else 2 end,
         case when s.prod_type = 1 then '[' || s.brand || '] ' else '【' || s.brand || '】' end
           || replace(c.content, '{n}', case when b.r < 0.7 then '8' else '{p1}' end), nullif(c.template_name, ''), now() - make_interval(secs => b.t * 90 * 86400)
       from b join s on s.k = b.k
       join lateral (select content, template_name from seed_content sc where sc.prod_type = s.prod_type
         order by (sc.i * 7919 + b.n) % 97 limit 1) c on true`,
      [batches, weighted.map((w) => w[0]), weighted.map((w) => w[1]), weighted.length, weighted.map((w) => brandOf(w[0], w[1]))],
    )
    progress(`${batches} batches`)
    await insertRecords(tx, rows)
    progress(`${rows} sent records`)
    await insertReplies(tx)
    progress(`${await applyStoredReplies(tx)} opt-outs from the replies`)
    await tx.exec(`insert into sms_batch (batch_id, cus_id, prod_type, batch_type, content, create_time, receive_count, sent_count,
        success_count, failure_count, unknown_count, timeout_count, messages, spend)
      select sb.batch_id, sb.cus_id, sb.prod_type, sb.batch_type, sb.content, sb.create_time,
        x.receive_count, x.sent_count, x.success_count, x.failure_count, x.unknown_count, x.timeout_count, x.messages, x.spend
      from seed_batch sb join (select batch_id, ${recordCounts(MT_COUNTERS)}, ${RECORD_MONEY} from mt_record group by batch_id) x on x.batch_id = sb.batch_id`)
    progress('batch counts')
  })
}

async function insertRecords(tx: Db, rows: number) {
  await tx.query(
    `with g as materialized (
       select floor($2 * power(random(), 2))::int as bn, random() as r, random() as f, random() as c, random() as d, random() as m
       from generate_series(1, $1))
     insert into mt_record (cus_id, prod_type, mobile, content, country_code, price, mt_status, report_result, report_result_desc,
       receive_time, report_time, batch_id, template_name)
     select b.cus_id, b.prod_type,
       case when b.prod_type = 1 then ct.calling_code else '' end
         || case when b.prod_type = 1 then lpad(floor(g.m * 1e9)::text, 9, '0')
            else '1' || (array['3','5','7','8','9'])[1 + floor(g.d * 5)::int] || lpad(floor(g.m * 1e9)::text, 9, '0') end,
       replace(b.content, '{p1}', lpad(floor(g.m * 1e6)::text, 6, '0')),
       case when b.prod_type = 1 then ct.iso end,
       case b.prod_type when 1 then ct.price when 0 then 0.045 when 2 then 0.3 else 0.08 end,
       case when g.r < 0.9 then 0 when g.r < 0.94 then 500 when g.r < 0.98 then 600 else 100 end,
       case when g.r < 0.82 then 0 when g.r < 0.9 then 1 + floor(g.f * 8)::int end,
       case when g.r < 0.82 then 'DELIVRD' when g.r < 0.9 then ($3::text[])[1 + floor(g.f * 8)::int]
            when g.r < 0.94 then '' when g.r < 0.98 then 'TIMEOUT' else '' end,
       b.create_time,
       case when g.r < 0.9 then least(b.create_time + make_interval(secs => g.d * 900 + 2 + g.f * 120), now()) end,
       b.batch_id, b.template_name
     from g join seed_batch b on b.n = g.bn
     left join lateral (select iso, calling_code, price from country where b.prod_type = 1 and iso <> 'CN'
       order by id offset floor(g.c * 21)::int limit 1) ct on true`,
    [rows, Math.max(1, Math.round(rows / 40)), FAILURES],
  )
}

async function insertReplies(tx: Db) {
  await tx.query(
    `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time)
     select m.cus_id, m.prod_type, '10690' || cu.ext_number || lpad((m.sn % 100)::text, 2, '0'), m.mobile,
       ($1::text[])[1 + (m.sn / 7 % 10)::int],
       ($1::text[])[1 + (m.sn / 7 % 10)::int] || ' // ' || m.content,
       least(m.receive_time + make_interval(secs => 30 + (m.sn * 7919 % 86400)), now())
     from mt_record m join customer cu on cu.cus_id = m.cus_id
     where m.sn % 7 = 0 and m.prod_type <> 1 and m.mt_status = 0 and m.report_result = 0`,
    [REPLIES],
  )
}
