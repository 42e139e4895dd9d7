import { PROD_TYPE } from '../../src/domain/constants'
import type { SendResult } from '../../src/domain/send'
import { videoSmsText, type VideoFrame, type VideoSendContent, type VideoSendPayload } from '../../src/domain/send-video'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { ParsedNumbers } from './group-send'
import { commitSend, type SendPlan } from './commit'
import { priceOf } from './store'

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
  // Held until the batch commits: a template delete (server/templates) waits, then sees the batch that uses it.
  await db.query('select 1 from video_template where cus_template_id = $1 for share', [id])
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
 * What a video send of template `templateId` to `numbers` stores (commitSend's plan), after the template check: one
 * message per recipient (the record text cut to one message, videoSmsText) at the account's video price.
 */
export async function videoPlan(tx: Db, cusId: string, templateId: number, numbers: ParsedNumbers, timing: string | null | undefined): Promise<SendPlan> {
  const prodType = PROD_TYPE.video
  const template = await sendableTemplate(tx, cusId, templateId)
  const content = videoSmsText(template.template_sign, template.title)
  return {
    prodType, kind: 'video', content, templateName: template.title, mobiles: numbers.mobiles, contents: content,
    unitPrice: await priceOf(tx, cusId, prodType), invalid: numbers.invalid, duplicates: numbers.duplicates, reviewTexts: [content], timing,
  }
}

/** Which template the stored batch sends: a template a timed batch still depends on cannot be deleted; a resend sends it again. */
export const keepVideoTemplate = (tx: Db, cusId: string, result: SendResult, templateId: number) =>
  tx.query('insert into video_send (batch_id, cus_id, cus_template_id) values ($1, $2, $3)', [result.batch_id, cusId, templateId])

/**
 * One video send, all or nothing (as groupSend): idempotency key, template check, debit and every record commit
 * together. One message per recipient at the account's video price (src/domain/send-video.ts).
 */
export async function videoSend(db: Db, cusId: string, p: VideoSendPayload, numbers: ParsedNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  return commitSend(db, cusId, p.idempotency_key, (tx) => videoPlan(tx, cusId, p.cus_template_id, numbers, p.timing_time),
    async (tx, result) => void (await keepVideoTemplate(tx, cusId, result, p.cus_template_id)))
}
