import type { Db } from '../db'

/*
 * Demo data of the list screens beyond the send history: timed batches in every status with their details,
 * recharges with running balances, templates in every status, address books, 90 days of number-check statistics,
 * UE files with their numbers, mobile-status batches and the crud sample. Set-based SQL, deterministic (setseed),
 * the same size whatever the history size, well under a second.
 */
const ACCOUNTS = `(select row_number() over (order by id) - 1 as k, cus_id, parent_id, user_type from customer where user_type <> 1) a`

export async function seedLists(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.31)')
    await tx.exec(TIMED + TIMED_OTHER_PRODUCTS + RECHARGE + TEMPLATES + ADDRESS_BOOK + NUMBER_CHECK + CRUD)
  })
}

// Five statuses in turn; waiting and paused batches are scheduled ahead, the others ran in the past. Details share
// their batch's status, except that a sent batch has a few failed numbers.
const TIMED = `
insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time, update_time)
select 'T' || to_char(now(), 'YYMM') || lpad(x.n::text, 5, '0'), x.cus_id, 0, x.n % 2, x.s,
  case when x.n % 2 = 0 then '【' || x.brand || '】' || (array['周末会员日全场八折，回TD退订', '您预约的体检将于明天上午9点开始，请空腹前往。',
    '年终盘点期间仓库暂停发货，敬请谅解。'])[1 + x.n % 3]
  else '【' || x.brand || '】尊敬的{p1}，您的账单{p2}已出，请及时查看。' end,
  5 + (x.n * 37) % 56, x.timing, least(x.timing - interval '2 hours', now() - make_interval(mins => 5 + x.n)), least(x.timing, now())
from (
  select n, a.cus_id, s,
    (array['艾克米', '环球', '英尼泰克', '安布雷拉'])[1 + (case when a.cus_id like 'acme%' then 0 when a.cus_id like 'globex%' then 1
      when a.cus_id like 'initech%' then 2 else 3 end)] as brand,
    case when s in (0, 2) then now() + make_interval(mins => 30 + (n * 97) % 4320) else now() - make_interval(mins => 60 + (n * 541) % 86400) end as timing
  from generate_series(0, 79) n
  join ${ACCOUNTS} on a.k = n % 8
  cross join lateral (select n / 8 % 5 as s) st
) x;

insert into time_mt_message (time_batch, cus_id, mobile, content, send_status, timing_time, create_time)
select b.time_batch, b.cus_id, '1' || (array['3','5','7','8','9'])[1 + (k * 7) % 5] || lpad(((k * 7919 + length(b.time_batch) * 104729 + ascii(right(b.time_batch, 1)) * 31) % 1000000000)::text, 9, '0'),
  replace(replace(b.content, '{p1}', '客户' || k), '{p2}', to_char(now(), 'YYYYMM') || lpad(k::text, 4, '0')),
  case when b.send_status = 1 and random() < 0.06 then 4 else b.send_status end, b.timing_time, b.create_time
from time_batch b cross join lateral generate_series(1, b.batch_count) k;
`

// A few timed international, video and 5G batches per account with the product (every send kind can be timed),
// in the same five statuses; international details carry their country.
const TIMED_OTHER_PRODUCTS = `
insert into time_batch (time_batch, cus_id, prod_type, batch_type, send_status, content, batch_count, timing_time, create_time,
  update_time, kind, template_name)
select 'T' || to_char(now(), 'YYMM') || 'P' || x.prod_type || '-' || x.cus_id || '-' || x.j, x.cus_id, x.prod_type, 0, x.j % 5,
  case x.prod_type when 1 then 'Your parcel ' || (1000 + x.j) || ' is on its way. Track it in the app.'
    when 2 then '【视频】新品发布会 ' || (x.j + 1) else '【5G】会员日 ' || (x.j + 1) end,
  4 + x.j * 3, x.timing, least(x.timing - interval '2 hours', now() - make_interval(mins => 7 + x.j)), least(x.timing, now()),
  case x.prod_type when 1 then 'intl' when 2 then 'video' else 'csp' end,
  case x.prod_type when 2 then '新品发布会 ' || (x.j + 1) when 6 then '会员日-' || (x.j + 1) end
from (
  select p.cus_id, p.prod_type::int as prod_type, j,
    case when j % 5 in (0, 2) then now() + make_interval(mins => 45 + j * 211) else now() - make_interval(mins => 90 + j * 613) end as timing
  from customer_product p join customer c on c.cus_id = p.cus_id
  cross join generate_series(0, 5) j
  where p.prod_type in (1, 2, 6) and c.user_type <> 1 and c.cus_status = 1
) x;

insert into time_mt_message (time_batch, cus_id, mobile, content, country_code, send_status, timing_time, create_time)
select b.time_batch, b.cus_id,
  case when b.prod_type = 1 then '+44791' || lpad(((k * 7919 + length(b.time_batch) * 31) % 10000000)::text, 7, '0')
    else '13' || (5 + k % 5) || lpad(((k * 48271 + length(b.time_batch) * 104729) % 100000000)::text, 8, '0') end,
  b.content, case when b.prod_type = 1 then 'GB' end, b.send_status, b.timing_time, b.create_time
from time_batch b cross join lateral generate_series(1, b.batch_count) k
where b.kind in ('intl', 'video', 'csp');
`

// Running balances per account: each change starts from the previous one's result. Sub-accounts are recharged by
// their enterprise (enterprise recharges); 3 is a manual deduction.
const RECHARGE = `
with g as (
  select a.cus_id, a.parent_id, a.user_type, j,
    case when j = 1 then 0 when random() < 0.72 then 0 when random() < 0.5 then 1 when random() < 0.6 then 2 else 3 end as t,
    round((200 + random() * 9800)::numeric, -2) as money, random() as p,
    now() - make_interval(days => 360 - j * 14, hours => (j * 7) % 24) as at
  from ${ACCOUNTS} cross join generate_series(1, 25) j
), d as (
  select *, case t when 0 then money when 1 then round(money / 20, 2) when 2 then round(money / 40, 2) else -round(money / 30, 2) end as delta
  from g
), b as (
  select *, coalesce(sum(delta) over (partition by cus_id order by j rows between unbounded preceding and 1 preceding), 0) as pre from d
)
insert into recharge_record (cus_id, prod_type, recharge_amount, recharge_money, is_amount_recharge, pre_balance, post_balance, recharge_type,
  remark, operator_id, is_enterprise, create_time)
select cus_id, (array[0, 0, 0, 1, 2, 6])[1 + (j % 6)], case when t = 0 then floor(money / 0.045)::int else 0 end, abs(delta), 1,
  pre, pre + delta, t,
  (array['线上充值', '失败短信自动返还', '单价调整补差', '人工扣减'])[t + 1],
  case when user_type = 3 and t = 0 then parent_id else 'admin' end, user_type = 3 and t = 0, least(at, now())
from b;
`

const TEMPLATES = `
insert into content_template (cus_id, template_content, keyword, sms_type, check_status, result_desc, check_time, create_time)
select a.cus_id, (array['您的验证码为{p1}，5分钟内有效。', '尊敬的会员，您的积分{p1}即将到期。', '您的订单{p1}已发货，快递单号{p2}。',
    '双十一活动火热进行中，回TD退订', '您的账户于{p1}登录，如非本人操作请修改密码。', '会议通知：{p1}在三楼会议室召开季度会。'])[1 + j % 6],
  (array['验证码', '积分', '物流', '营销', '安全', '通知'])[1 + j % 6],
  (array['code', 'notice', 'notice', 'marketing', 'notice', 'notice'])[1 + j % 6], j % 4,
  case j % 4 when 3 then '内容含营销词汇，请补充退订方式' when 2 then '审核通过' else '' end,
  case when j % 4 in (2, 3) then now() - make_interval(days => j * 3) end, now() - make_interval(days => j * 3, hours => 5)
from ${ACCOUNTS} cross join generate_series(0, 11) j;

insert into video_template (cus_id, template_type, title, template_sign, remark, size, status, create_time, update_time)
select p.cus_id, j % 2, (array['新品发布会', '产品使用教程', '春季促销', '品牌宣传片', '会员专享', '年终回馈'])[1 + j % 6] || ' ' || (j + 1),
  (array['艾克米', '英尼泰克'])[case when p.cus_id like 'initech%' then 2 else 1 end], case when j % 3 = 0 then '横版视频' else '' end,
  300000 + (j * 187331) % 1700000, (array[0, 1, 2, 3, 4, 5, 2, 2])[1 + j % 8],
  now() - make_interval(days => j * 6 + 1), now() - make_interval(days => j * 6)
from customer_product p join customer c on c.cus_id = p.cus_id cross join generate_series(0, 7) j where p.prod_type = 2 and c.user_type <> 1;

insert into csp_template (cus_id, template_name, chatbot_id, autograph, low_type, template_status, create_time)
select p.cus_id, (array['月度账单', '会员日', '值机提醒', '物流通知', '活动邀请'])[1 + j % 5] || '-' || (j + 1),
  'chatbot_' || p.cus_id || '_' || (1 + j % 2), '环球', (array['', '1', '1,2', '1,3', '2'])[1 + j % 5], j % 6,
  now() - make_interval(days => j * 5, hours => j)
from customer_product p join customer c on c.cus_id = p.cus_id cross join generate_series(0, 11) j where p.prod_type = 6 and c.user_type <> 1;
`

const ADDRESS_BOOK = `
insert into ab_group (cus_id, group_name, remark, create_time)
select a.cus_id, (array['VIP客户', '普通会员', '内部员工', '合作伙伴'])[j], case when j = 3 then '仅内部通知' else '' end,
  now() - make_interval(days => 200 - j * 10 - a.k::int)
from ${ACCOUNTS} cross join generate_series(1, 4) j;

insert into ab_contact (cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark, create_time)
select g.cus_id, g.group_id,
  (array['张','王','李','赵','刘','陈','杨','黄','周','吴'])[1 + (i * 7 + g.group_id) % 10] || (array['伟','芳','娜','敏','静','磊','洋','勇','艳','杰','婷','强'])[1 + (i * 5 + g.group_id * 3) % 12],
  '1' || (array['3','5','7','8','9'])[1 + (i + g.group_id) % 5] || lpad(((i * 48271 + g.group_id * 7919) % 1000000000)::text, 9, '0'),
  case when i % 3 = 0 then 'user' || g.group_id || '_' || i || '@example.com' else '' end,
  case when g.group_name = '内部员工' then 'E' || lpad((1000 + i)::text, 5, '0') else '' end,
  i % 3, date '1970-01-01' + ((i * 2731 + g.group_id * 97) % 14000), case when i % 11 = 0 then '重要客户' else '' end,
  g.create_time + make_interval(days => i % 150, mins => i)
from ab_group g cross join lateral generate_series(1, 20 + (g.group_id * 13) % 40) i;
`

// Daily statistics on about four days in five per account; outcome splits add up to the requests.
const NUMBER_CHECK = `
insert into mobile_status_stat (cus_id, gather_time, request_count, success_count, failure_count, dead_count, real_count, down_count,
  not_count, silence_count, danger_count)
select cus_id, day, req, ok, req - ok, dead, ok - dead - down - nt - sil - dng, down, nt, sil, dng
from (
  select cus_id, day, req, ok, keep, floor(ok * 0.08)::int as dead, floor(ok * 0.05)::int as down, floor(ok * 0.04)::int as nt,
    floor(ok * 0.1)::int as sil, floor(ok * 0.02)::int as dng
  from (
    select a.cus_id, ((now() at time zone 'Asia/Shanghai')::date - d) as day, 50 + floor(random() * 1950)::int as req, random() as keep
    from ${ACCOUNTS} cross join generate_series(0, 89) d
  ) s cross join lateral (select floor(req * (0.95 + random() * 0.05))::int as ok) o
) t where keep < 0.8;

insert into mobile_black_stat (cus_id, gather_time, request_count, success_count, failure_count)
select cus_id, day, req, ok, req - ok from (
  select a.cus_id, ((now() at time zone 'Asia/Shanghai')::date - d) as day, 100 + floor(random() * 4900)::int as req, random() as keep
  from ${ACCOUNTS} cross join generate_series(0, 89) d
) s cross join lateral (select floor(req * (0.9 + random() * 0.1))::int as ok) o where keep < 0.7;

insert into number_porting_stat (cus_id, gather_time, request_count, success_count, failure_count)
select cus_id, day, req, ok, req - ok from (
  select a.cus_id, ((now() at time zone 'Asia/Shanghai')::date - d) as day, 20 + floor(random() * 980)::int as req, random() as keep
  from ${ACCOUNTS} cross join generate_series(0, 89) d
) s cross join lateral (select floor(req * (0.85 + random() * 0.15))::int as ok) o where keep < 0.6;

insert into mobile_ue_file (batch_id, cus_id, file_name, file_status, batch_count, create_time)
select 'U' || to_char(now(), 'YYMM') || lpad((a.k * 10 + j)::text, 5, '0'), a.cus_id,
  (array['客户名单', '会员号码', '活动名单', '外呼名单'])[1 + j % 4] || '-' || to_char(now() - make_interval(days => j * 9), 'MMDD') || '.xlsx',
  (array[2, 2, 1, 0, 2, 3])[1 + j % 6], 40 + ((a.k::int * 131 + j * 577) % 260), now() - make_interval(days => j * 9, hours => a.k::int)
from ${ACCOUNTS} cross join generate_series(0, 5) j;

insert into mobile_ue_number (batch_id, seq, mobile, is_ue)
select f.batch_id, i, '1' || (array['3','5','7','8','9'])[1 + i % 5] || lpad(((i * 69621 + length(f.file_name) * 7 + ascii(right(f.batch_id, 1))) % 1000000000)::text, 9, '0'),
  case when f.file_status = 2 or (f.file_status = 1 and i <= f.batch_count / 2) then random() < 0.72 end
from mobile_ue_file f cross join lateral generate_series(1, f.batch_count) i;

update mobile_ue_file f set check_count = x.checked, ue_count = x.ue, nue_count = x.checked - x.ue
from (select batch_id, count(is_ue)::int as checked, count(*) filter (where is_ue)::int as ue from mobile_ue_number group by batch_id) x
where x.batch_id = f.batch_id;

insert into mobile_status_batch (cus_id, batch_name, batch_count, dead_count, real_count, down_count, not_count, silence_count, danger_count, create_time)
select cus_id, name, n, floor(n * 0.07)::int, n - floor(n * 0.07)::int - floor(n * 0.04)::int - floor(n * 0.03)::int - floor(n * 0.09)::int - floor(n * 0.02)::int,
  floor(n * 0.04)::int, floor(n * 0.03)::int, floor(n * 0.09)::int, floor(n * 0.02)::int, at
from (
  select a.cus_id, (array['空号检测', '老客户激活', '活动前筛查'])[1 + j % 3] || '-' || (j + 1) as name,
    200 + ((a.k::int * 977 + j * 3331) % 9800) as n, now() - make_interval(days => j * 11 + 1, hours => a.k::int) as at
  from ${ACCOUNTS} cross join generate_series(0, 5) j
) s;
`

const CRUD = `
insert into crud_sample (name, mobile, amount, status, remark, create_time, update_time)
select (array['示例商品', '测试套餐', '演示服务', '样例订单'])[1 + i % 4] || ' ' || i,
  '13' || (i % 10) || lpad((i * 7654321 % 100000000)::text, 8, '0'), round((i * 37.5)::numeric, 2), (i % 5 <> 0)::int,
  case when i % 4 = 0 then '备注 ' || i else '' end, now() - make_interval(days => 60 - i), now() - make_interval(days => 60 - i)
from generate_series(1, 36) i;
`
