import {
  effectiveRule, hasOptOut, MARKETING_DEFAULT, marketingDeliveryTime, platformDayStart, sendType, SMS_TYPES,
  type MarketingRule, type MarketingRuleInfo, type SmsType,
} from '../../src/domain/marketing'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { enterpriseOf } from '../opt-outs/store'

/*
 * The marketing rules of a domestic SMS send (src/domain/marketing.ts), in one place: what the send is, that a
 * marketing one carries a refusal instruction, goes out inside the enterprise's hours and reaches a number at most
 * the day's cap of times. Kinds with their own templates (video, 5G) and international sends carry no `marketing`
 * in their plan and are not judged here.
 */

/** What a send kind hands to the rules: the text as typed (a template's with its placeholders) and the sender's mark. */
export interface MarketingInput {
  text: string
  marked: boolean
  /** The payload field the text came from, named in a refusal (`content`, `template`). */
  field: string
}

/** The accounts of enterprise `$n` (itself and its sub-accounts), as SQL. */
const accountsOf = (param: string) => `(select cus_id from customer where cus_id = ${param} or parent_id = ${param})`

/**
 * The type of the enterprise's approved content template whose text is `text` (any of its accounts'), or null.
 * Should one text be approved under two types, the stricter rule holds: marketing before notification before code.
 */
export async function templateTypeOf(db: Db, ent: string, text: string): Promise<SmsType | null> {
  const { rows } = await db.query<{ sms_type: SmsType }>(
    `select t.sms_type from content_template t
     where t.cus_id in ${accountsOf('$1')} and t.check_status = 2 and t.template_content = $2
     order by array_position(array['marketing', 'notice', 'code'], t.sms_type) limit 1`, [ent, text])
  return rows[0] && (SMS_TYPES as readonly string[]).includes(rows[0].sms_type) ? rows[0].sms_type : null
}

/** The send's type; 400 marketingOptOut (naming the field) for a marketing text without a refusal instruction. */
export async function judgeSend(tx: Db, cusId: string, m: MarketingInput): Promise<{ type: SmsType; ent: string }> {
  const ent = await enterpriseOf(tx, cusId)
  const type = sendType(await templateTypeOf(tx, ent, m.text), m.marked)
  if (type === 'marketing' && !hasOptOut(m.text)) throw new ApiError(400, 'marketingOptOut', {}, undefined, { fields: { [m.field]: 'marketingOptOut' } })
  return { type, ent }
}

/**
 * Enterprise `ent`'s marketing rule: the platform's (marketing_default), its own (null: none set), and the one in
 * force, its own narrowed within the platform's (an own window a later narrower default left empty: the platform's).
 */
export async function marketingRuleInfo(db: Db, ent: string): Promise<MarketingRuleInfo> {
  const { rows } = await db.query<MarketingRule & { own_start: number | null; own_end: number | null; own_cap: number | null }>(
    `select d.window_start, d.window_end, d.daily_cap, s.window_start as own_start, s.window_end as own_end, s.daily_cap as own_cap
     from marketing_default d left join marketing_setting s on s.cus_id = $1`, [ent])
  const r = rows[0]
  const platform = r ? { window_start: r.window_start, window_end: r.window_end, daily_cap: r.daily_cap } : MARKETING_DEFAULT
  const own = !r || r.own_start === null ? null : { window_start: r.own_start, window_end: r.own_end!, daily_cap: r.own_cap! }
  const rule = effectiveRule(platform, own)
  return { platform, own, effective: rule.window_start < rule.window_end ? rule : { ...platform, daily_cap: rule.daily_cap } }
}

/** The hours and cap in force for enterprise `ent`. */
export const marketingRuleOf = async (db: Db, ent: string): Promise<MarketingRule> => (await marketingRuleInfo(db, ent)).effective

/**
 * The numbers among `mobiles` that have had `cap` marketing messages of enterprise `ent` on the platform day of `at`
 * (the records of the day's marketing batches of all its accounts). Reads only that day's marketing records.
 */
export async function cappedAmong(db: Db, ent: string, cap: number, at: Date, mobiles: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>()
  if (!mobiles.length) return out
  const from = platformDayStart(at)
  const to = new Date(from.getTime() + 86_400_000)
  const { rows: any } = await db.query(
    `select 1 from sms_batch where marketing and cus_id in ${accountsOf('$1')} and create_time >= $2 and create_time < $3 limit 1`, [ent, from, to])
  if (!any.length) return out
  const { rows } = await db.query<{ mobile: string }>(
    `select m.mobile from sms_batch b join mt_record m on m.batch_id = b.batch_id
       join unnest($5::text[]) as r(mobile) on r.mobile = m.mobile
     where b.marketing and b.cus_id in ${accountsOf('$1')} and b.create_time >= $2 and b.create_time < $3
     group by m.mobile having count(*) >= $4`, [ent, from, to, cap, mobiles])
  for (const r of rows) out.add(r.mobile)
  return out
}

/** The numbers a send's rules take out before it is counted (the daily cap), and the cap, for the scrub. */
export interface Capped {
  mobiles: ReadonlySet<string>
  cap: number
}

/** What the rules made of a send: its SendResult fields, its delivery time and the numbers over the cap. */
export interface MarketingOutcome {
  result: { sms_type: SmsType; quiet_hours: boolean; over_cap: number }
  /** The send's timing: the asked one, or the window's next start for a marketing send asked outside it. */
  timing: string | null
  capped: Capped | null
  /** Marks the stored batch (an sms_batch, or a timed batch) as marketing, with the numbers the cap removed. */
  stored: (tx: Db, r: { batch_id: string; timed: boolean; over_cap: number }) => Promise<void>
}

/**
 * The rules applied to a send's plan inside its transaction, before anything is counted or billed. A marketing send
 * asked for outside the enterprise's hours (now, or a timed one) becomes a timed send for the window's next start,
 * and says so (quiet_hours); one going now loses the numbers that had the day's cap already (a timed one loses them
 * when the scheduler sends it, counted on that day).
 */
export async function marketingRules(
  tx: Db, cusId: string, m: MarketingInput | undefined, send: { mobiles: readonly string[]; timing?: string | null },
): Promise<MarketingOutcome> {
  const asked = send.timing ?? null
  const notice = (sms_type: SmsType): MarketingOutcome =>
    ({ result: { sms_type, quiet_hours: false, over_cap: 0 }, timing: asked, capped: null, stored: async () => {} })
  if (!m) return notice('notice')
  const { type, ent } = await judgeSend(tx, cusId, m)
  if (type !== 'marketing') return notice(type)
  const rule = await marketingRuleOf(tx, ent)
  const at = asked ? new Date(asked) : new Date()
  const delivered = marketingDeliveryTime(at, rule)
  const quiet = delivered.getTime() !== at.getTime()
  const timing = quiet ? delivered.toISOString() : asked
  const capped = timing ? null : { mobiles: await cappedAmong(tx, ent, rule.daily_cap, at, send.mobiles), cap: rule.daily_cap }
  return {
    result: { sms_type: type, quiet_hours: quiet, over_cap: 0 },
    timing,
    capped,
    stored: async (tx, r) => {
      if (r.timed) await tx.query('update time_batch set marketing = true where time_batch = $1', [r.batch_id])
      else await tx.query('update sms_batch set marketing = true, over_cap = $2 where batch_id = $1', [r.batch_id, r.over_cap])
    },
  }
}
