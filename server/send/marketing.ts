import { hasOptOut, sendType, SMS_TYPES, type SmsType } from '../../src/domain/marketing'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { enterpriseOf } from '../opt-outs/store'

/*
 * The marketing rules of a domestic SMS send (src/domain/marketing.ts), in one place: what the send is, and that a
 * marketing one carries a refusal instruction. Kinds with their own templates (video, 5G) and international sends
 * carry no `marketing` in their plan and are not judged here.
 */

/** What a send kind hands to the rules: the text as typed (a template's with its placeholders) and the sender's mark. */
export interface MarketingInput {
  text: string
  marked: boolean
  /** The payload field the text came from, named in a refusal (`content`, `template`). */
  field: string
}

/**
 * The type of the enterprise's approved content template whose text is `text` (any of its accounts'), or null.
 * Should one text be approved under two types, the stricter rule holds: marketing before notification before code.
 */
export async function templateTypeOf(db: Db, ent: string, text: string): Promise<SmsType | null> {
  const { rows } = await db.query<{ sms_type: SmsType }>(
    `select t.sms_type from content_template t
     where t.cus_id in (select cus_id from customer where cus_id = $1 or parent_id = $1) and t.check_status = 2 and t.template_content = $2
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

/** What the rules made of a send: its SendResult fields, and the batch's marking once it is stored. */
export interface MarketingOutcome {
  result: { sms_type: SmsType; quiet_hours: boolean; over_cap: number }
  /** Marks the stored batch (an sms_batch, or a timed batch) as marketing, with the numbers the cap removed. */
  stored: (tx: Db, r: { batch_id: string; timed: boolean }) => Promise<void>
}

const NOTICE: MarketingOutcome = { result: { sms_type: 'notice', quiet_hours: false, over_cap: 0 }, stored: async () => {} }

/** The rules applied to a send's plan inside its transaction, before anything is counted or billed. */
export async function marketingRules(tx: Db, cusId: string, m: MarketingInput | undefined): Promise<MarketingOutcome> {
  if (!m) return NOTICE
  const { type } = await judgeSend(tx, cusId, m)
  if (type !== 'marketing') return { ...NOTICE, result: { ...NOTICE.result, sms_type: type } }
  return {
    result: { sms_type: type, quiet_hours: false, over_cap: 0 },
    stored: async (tx, r) => {
      if (r.timed) await tx.query('update time_batch set marketing = true where time_batch = $1', [r.batch_id])
      else await tx.query('update sms_batch set marketing = true where batch_id = $1', [r.batch_id])
    },
  }
}
