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
import { debit, nextBatchId, priceOf, roundMoney, sensitiveIn, storeBatch, storeTimed } from './store'

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

// PGlite and pg both parse jsonb; a string is accepted too in case a driver leaves it as text.
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

/** The checks of src/domain/send-csp.ts: approved own template, the account's online chatbot that is the template's, video fallback. */
async function checkSend(tx: Db, cusId: string, p: CspSend) {
  const t = await ownCspTemplate(tx, cusId, p.template_id)
  if (!t || t.template_status !== APPROVED) throw new ApiError(400, 'cspTemplateNotApproved')
  const bot = (await chatbotsOf(tx, cusId)).find((b) => b.chatbot_id === p.chatbot_id)
  if (!bot || bot.status !== CHATBOT_STATUS.online || t.chatbot_id !== p.chatbot_id) throw new ApiError(400, 'cspChatbotMismatch')
  if (p.low_type.includes(2)) {
    const { rows } = await tx.query('select 1 from video_template where cus_template_id = $1 and cus_id = $2 and status = $3',
      [p.video_template_id, cusId, VIDEO_APPROVED])
    if (!rows.length) throw new ApiError(400, 'videoTemplateNotApproved')
  }
  return t
}

/**
 * One csp send, all or nothing (as groupSend): idempotency key, template and chatbot checks, debit, every record and
 * the batch's fallback contents commit together. One message per recipient at the account's csp price.
 */
export async function cspSend(db: Db, cusId: string, p: CspSend, numbers: ParsedNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.csp
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, p.idempotency_key])
    if (!claimed.rows.length) {
      const { rows } = await tx.query<{ response: SendResult }>(
        'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, p.idempotency_key])
      if (!rows[0]?.response) throw new ApiError(400, 'badRequest')
      return rows[0].response
    }
    const template = await checkSend(tx, cusId, p)
    const price = await priceOf(tx, cusId, prodType)
    const content = cspRecordText(template)
    const messages = numbers.mobiles.length
    const cost = roundMoney(messages * price)
    const base = { numbers: messages, invalid: numbers.invalid, duplicates: numbers.duplicates, messages, cost }
    const common = { cusId, prodType, content, mobiles: numbers.mobiles, contents: content, templateName: template.template_name }
    let result: SendResult
    if (p.timing_time) {
      result = { ...base, ...(await storeTimed(tx, { ...common, kind: 'csp', timing: p.timing_time, cost })) }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const fallbackTexts = [p.low_type.includes(1) ? p.sms_text : '', p.low_type.includes(3) ? p.aim_text : ''].filter((s): s is string => !!s)
      const review = await sensitiveIn(tx, [content, ...fallbackTexts])
      const status = await storeBatch(tx, { ...common, batchId, batchType: 1, unitPrice: price, review })
      result = { ...base, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
    }
    await tx.query(
      `insert into csp_send (batch_id, cus_id, chatbot_id, template_id, low_type, sms_text, video_template_id, aim_text)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [result.batch_id, cusId, p.chatbot_id, p.template_id, p.low_type.join(','),
        p.low_type.includes(1) ? p.sms_text : null, p.low_type.includes(2) ? p.video_template_id : null, p.low_type.includes(3) ? p.aim_text : null])
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, p.idempotency_key, JSON.stringify(result)])
    return result
  })
}
