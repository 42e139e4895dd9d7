import type { Db } from '../db'

const SYSTEMS = ['Android', 'iOS', 'HarmonyOS', 'Windows', 'macOS']
const BROWSERS = ['WeChat', 'Safari', 'Chrome', 'UC Browser', 'Huawei Browser', 'QQ Browser', 'Edge']
const LANDING = ['https://shop.example.com/points/redeem', 'https://shop.example.com/promo/double11', 'https://m.example.com/member/day']

/**
 * What the record lists need beyond the plain history: short-link sends (ordinary sends whose content carries a
 * short link get the promotion link; about a third of the delivered ones were clicked, with system and browser),
 * and interaction records (every third reply keeps its whole conversation, the others are plain replies).
 * International records already carry their country and price from the history. Deterministic: derived from sn.
 */
export async function seedRecordExtras(db: Db): Promise<void> {
  await db.query(
    `update mt_record m set long_link = ($1::text[])[1 + (m.sn % 3)::int] || '?u=' || (m.sn % 100000),
       click_time = case when m.mt_status = 0 and m.report_result = 0 and m.sn % 3 = 0
         then least(coalesce(m.report_time, m.receive_time) + make_interval(secs => 20 + (m.sn * 7919 % 7200)), now()) end,
       osystem = case when m.mt_status = 0 and m.report_result = 0 and m.sn % 3 = 0 then ($2::text[])[1 + (m.sn / 3 % 5)::int] end,
       browser = case when m.mt_status = 0 and m.report_result = 0 and m.sn % 3 = 0 then ($3::text[])[1 + (m.sn / 7 % 7)::int] end
     where m.prod_type = 0 and strpos(m.content, 'https://s.sms.cn/') > 0`,
    [LANDING, SYSTEMS, BROWSERS],
  )
  await db.query(
    `update mo_record o set whole_content = case when o.sn % 3 = 0
       then '【原短信】' || coalesce((select m.content from mt_record m where m.mobile = o.mobile and m.cus_id = o.cus_id
         and m.receive_time <= o.deliver_time order by m.receive_time desc limit 1), '') || ' 【回复】' || o.content
       else '' end`,
  )
}
