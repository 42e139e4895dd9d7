import { PROD_TYPE } from '../../src/domain/constants'
import type { SendResult } from '../../src/domain/send'
import { videoSmsText, type VideoFrame, type VideoSendContent, type VideoSendPayload } from '../../src/domain/send-video'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from './group-send'
import { debit, nextBatchId, priceOf, roundMoney, sensitiveIn, storeBatch, storeTimed } from './store'

const APPROVED = 2

export interface VideoTemplate {
  cus_template_id: number
  cus_id: string
  title: string
  template_sign: string
  size: number
  status: number
}

/** A template of `cusId` (its own, as the template list scopes them) by id; null when it is another account's or missing. */
export async function ownTemplate(db: Db, cusId: string, id: number): Promise<VideoTemplate | null> {
  const { rows } = await db.query<VideoTemplate>(
    `select cus_template_id, cus_id, title, template_sign, size, status::int as status from video_template
     where cus_template_id = $1 and cus_id = $2`, [id, cusId])
  return rows[0] ?? null
}

/** The template a send may use: the account's own and approved; else 400 videoTemplateNotApproved. */
export async function sendableTemplate(db: Db, cusId: string, id: number): Promise<VideoTemplate> {
  const t = await ownTemplate(db, cusId, id)
  if (!t || t.status !== APPROVED) throw new ApiError(400, 'videoTemplateNotApproved')
  return t
}

export async function framesOf(db: Db, id: number): Promise<VideoFrame[]> {
  const { rows } = await db.query<VideoFrame>(
    `select seq::int as seq, media_type as "mediaType", media_url as "mediaUrl", text_content as "textContent"
     from video_template_frame where cus_template_id = $1 order by seq`, [id])
  return rows
}

/** The preview of a template as a send of `cusId` would show it, with that account's price. */
export async function sendContentOf(db: Db, cusId: string, t: VideoTemplate): Promise<VideoSendContent> {
  const price = await priceOf(db, cusId, PROD_TYPE.video).catch((e: unknown) => {
    if (e instanceof ApiError) return null
    throw e
  })
  return {
    cus_template_id: t.cus_template_id, videoTheme: t.title, template_sign: t.template_sign, size: t.size, status: t.status,
    videoFrameList: await framesOf(db, t.cus_template_id), smsTextContent: videoSmsText(t.template_sign, t.title), price,
  }
}

/**
 * One video send, all or nothing (as groupSend): idempotency key, template check, debit and every record commit
 * together. One message per recipient at the account's video price (src/domain/send-video.ts).
 */
export async function videoSend(db: Db, cusId: string, p: VideoSendPayload, numbers: ParsedNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.video
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, p.idempotency_key])
    if (!claimed.rows.length) {
      const { rows } = await tx.query<{ response: SendResult }>(
        'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, p.idempotency_key])
      if (!rows[0]?.response) throw new ApiError(400, 'badRequest')
      return rows[0].response
    }
    const template = await sendableTemplate(tx, cusId, p.cus_template_id)
    const price = await priceOf(tx, cusId, prodType)
    const content = videoSmsText(template.template_sign, template.title)
    const messages = numbers.mobiles.length
    const cost = roundMoney(messages * price)
    const base = { numbers: messages, invalid: numbers.invalid, duplicates: numbers.duplicates, messages, cost }
    const common = { cusId, prodType, content, mobiles: numbers.mobiles, contents: content, templateName: template.title }
    let result: SendResult
    if (p.timing_time) {
      result = { ...base, ...(await storeTimed(tx, { ...common, kind: 'video', timing: p.timing_time, cost })) }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const review = await sensitiveIn(tx, [content])
      const status = await storeBatch(tx, { ...common, batchId, batchType: 1, unitPrice: price, review })
      result = { ...base, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
    }
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, p.idempotency_key, JSON.stringify(result)])
    return result
  })
}
