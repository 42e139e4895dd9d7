import { PROD_TYPE } from '../../src/domain/constants'
import type { SendResult } from '../../src/domain/send'
import {
  CHATBOT_STATUS, cspRecordText, cspSendSchema,
  type Chatbot, type CspCard, type CspFrame, type CspPreview, type CspSendContent,
} from '../../src/domain/send-csp'
import type { z } from 'zod'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from './group-send'
import { commitSend, type SendPlan } from './commit'
import { priceOf } from './store'

const APPROVED = 4
const VIDEO_APPROVED = 2

export const chatbotsOf = async (db: Db, cusId: string): Promise<Chatbot[]> =>
  (await db.query<Chatbot>(
    'select chatbot_id, cus_id, name, status::int as status from chatbot where cus_id = $1 order by chatbot_id', [cusId])).rows

interface TemplateRow {
  template_id: number
  template_name: string
  chatbot_id: string
  low_type: string
  template_status: number
  content_type: string | null
  text_5g: string | null
  card_list: CspCard[] | string | null
  sms_text: string | null
  video_theme: string | null
  video_frames: CspFrame[] | string | null
  aim_text: string | null
}

// pg parses jsonb; a string is accepted too in case a driver leaves it as text.
const json = <T>(v: T[] | string | null): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []))

/** A csp template of `cusId` (its own, as the template list scopes them) with its content; null when missing or another's. */
export async function ownCspTemplate(db: Db, cusId: string, id: number) {
  const { rows } = await db.query<TemplateRow>(
    `select t.template_id, t.template_name, t.chatbot_id, t.low_type, t.template_status::int as template_status,
       c.content_type, c.text_5g, c.card_list, c.sms_text, c.video_theme, c.video_frames, c.aim_text
     from csp_template t left join csp_template_content c on c.template_id = t.template_id
     where t.template_id = $1 and t.cus_id = $2`, [id, cusId])
  const t = rows[0]
  if (!t) return null
  const preview: CspPreview = {
    contentType: t.content_type === 'application/vnd.gsma.botmessage.v1.0+json' ? t.content_type : 'text/plain',
    text5g: t.text_5g ?? '', cspCardList: json(t.card_list), smsTextContent: t.sms_text ?? '',
    videoTheme: t.video_theme ?? '', videoFrameList: json(t.video_frames), aimTextContent: t.aim_text ?? '',
  }
  return { template_id: t.template_id, template_name: t.template_name, chatbot_id: t.chatbot_id, low_type: t.low_type, template_status: t.template_status, ...preview }
}

/** The Preview of a template as a send of `cusId` would show it, with that account's csp price. */
export async function cspSendContentOf(db: Db, cusId: string, id: number): Promise<CspSendContent | null> {
  const t = await ownCspTemplate(db, cusId, id)
  if (!t) return null
  const price = await priceOf(db, cusId, PROD_TYPE.csp).catch((e: unknown) => {
    if (e instanceof ApiError) return null
    throw e
  })
  return { ...t, price }
}

type CspSend = z.output<typeof cspSendSchema>
/** What a 5G send chose: its template, chatbot and fallbacks (a resend reads them from the batch's csp_send row). */
export type CspChoice = Pick<CspSend, 'template_id' | 'chatbot_id' | 'low_type' | 'sms_text' | 'video_template_id' | 'aim_text'>

/** The checks of src/domain/send-csp.ts: approved own template, the account's online chatbot that is the template's, video fallback. */
async function checkSend(tx: Db, cusId: string, p: CspChoice) {
  // Held until the batch commits: a template delete (server/templates) waits, then sees the batch that uses it.
  await tx.query('select 1 from csp_template where template_id = $1 for share', [p.template_id])
  const t = await ownCspTemplate(tx, cusId, p.template_id)
  if (!t || t.template_status !== APPROVED) throw new ApiError(400, 'cspTemplateNotApproved')
  const bot = (await chatbotsOf(tx, cusId)).find((b) => b.chatbot_id === p.chatbot_id)
  if (!bot || bot.status !== CHATBOT_STATUS.online || t.chatbot_id !== p.chatbot_id) throw new ApiError(400, 'cspChatbotMismatch')
  if (p.low_type.includes(2)) {
    const { rows } = await tx.query('select 1 from video_template where cus_template_id = $1 and cus_id = $2 and status = $3 for share',
      [p.video_template_id, cusId, VIDEO_APPROVED])
    if (!rows.length) throw new ApiError(400, 'videoTemplateNotApproved')
  }
  return t
}

/**
 * What a 5G send stores (commitSend's plan), after its template and chatbot checks: one message per recipient (the
 * record text cut to one message, cspRecordText) at the account's csp price; the fallback SMS signed as any domestic text.
 */
export async function cspPlan(tx: Db, cusId: string, p: CspChoice, numbers: ParsedNumbers, timing: string | null | undefined): Promise<SendPlan> {
  const prodType = PROD_TYPE.csp
  const has = (code: 1 | 2 | 3) => p.low_type.includes(code)
  const template = await checkSend(tx, cusId, p)
  const content = cspRecordText(template)
  const fallbackTexts = [has(1) ? p.sms_text : '', has(3) ? p.aim_text : ''].filter((s): s is string => !!s)
  return {
    prodType, kind: 'csp', content, templateName: template.template_name, mobiles: numbers.mobiles, contents: content,
    unitPrice: await priceOf(tx, cusId, prodType), invalid: numbers.invalid, duplicates: numbers.duplicates,
    reviewTexts: [content, ...fallbackTexts], timing,
    signed: has(1) && p.sms_text ? { sms_text: p.sms_text } : undefined,
  }
}

/** The stored batch's choices (its fallback contents among them): a resend sends them again. */
export function keepCspChoice(tx: Db, cusId: string, result: SendResult, p: CspChoice) {
  const has = (code: 1 | 2 | 3) => p.low_type.includes(code)
  return tx.query(
    `insert into csp_send (batch_id, cus_id, chatbot_id, template_id, low_type, sms_text, video_template_id, aim_text)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [result.batch_id, cusId, p.chatbot_id, p.template_id, p.low_type.join(','),
      has(1) ? p.sms_text : null, has(2) ? p.video_template_id : null, has(3) ? p.aim_text : null])
}

/**
 * One csp send, all or nothing (as groupSend): idempotency key, template and chatbot checks, debit, every record and
 * the batch's fallback contents commit together. One message per recipient at the account's csp price.
 */
export async function cspSend(db: Db, cusId: string, p: CspSend, numbers: ParsedNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  return commitSend(db, cusId, p.idempotency_key, (tx) => cspPlan(tx, cusId, p, numbers, p.timing_time),
    async (tx, result) => void (await keepCspChoice(tx, cusId, result, p)))
}
