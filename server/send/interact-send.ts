import { randomBytes } from 'node:crypto'
import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { fillInteract, hasInteract, INTERACT_CODE_LENGTH, INTERACT_MARKER, INTERACT_TTL_DAYS, interactUrl } from '../../src/domain/interact'
import { MAX_CONTENT_CHARS, type GroupSendPayload, type SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { commitSend } from './commit'
import { groupSend, type ParsedNumbers } from './group-send'
import { CodedMessages, INSERT_CHUNK, priceOf } from './store'

/**
 * 16 bytes of the cryptographic random source as base64url (22 characters). A clash among 2^128 codes would break
 * the primary key and fail the send whole (nothing stored), so codes are not checked against the table.
 */
export const interactCodes = (n: number): string[] => Array.from({ length: n }, () => randomBytes(16).toString('base64url'))

/** Messages billed per recipient; 400 interactMessageTooLong when the content with its page address is too long. */
export function interactLength(content: string, base: string): number {
  const m = measureContent(fillInteract(content, interactUrl(base, 'x'.repeat(INTERACT_CODE_LENGTH))))
  if (m.chars > MAX_CONTENT_CHARS) throw new ApiError(400, 'interactMessageTooLong', { chars: m.chars, max: MAX_CONTENT_CHARS })
  return m.messages
}

/**
 * A same-content send whose content carries `{interact}` (src/domain/interact.ts), all or nothing like groupSend:
 * every recipient's message gets the address of a page of its own, billed as filled; the pages are stored with the
 * batch (a timed send's when it is scheduled) and answer for INTERACT_TTL_DAYS.
 */
export async function interactSend(db: Db, cusId: string, p: GroupSendPayload, numbers: ParsedNumbers, base: string): Promise<SendResult> {
  const { mobiles } = numbers
  if (!mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  const perRecipient = interactLength(p.content, base)
  let codes: string[] = []
  return commitSend(db, cusId, p.idempotency_key, async (tx) => {
    const unitPrice = await priceOf(tx, cusId, prodType)
    codes = interactCodes(mobiles.length)
    return {
      prodType, kind: 'group', content: p.content, mobiles, contents: new CodedMessages(codes, perRecipient, (code) => fillInteract(p.content, interactUrl(base, code))),
      unitPrice, invalid: numbers.invalid, duplicates: numbers.duplicates, reviewTexts: [p.content], timing: p.timing_time,
      signed: { content: p.content },
      marketing: { text: p.content, marked: p.marketing ?? false, field: 'content' },
      recipientRows: async (tx, batchId, keep) => {
        const sent = { codes: keep(codes), mobiles: keep(mobiles) }
        await tx.query(
          `insert into interact_send (batch_id, cus_id, content, base, expires_at)
           values ($1, $2, $3, $4, now() + make_interval(days => $5))`, [batchId, cusId, p.content, base, INTERACT_TTL_DAYS])
        for (let i = 0; i < sent.mobiles.length; i += INSERT_CHUNK) {
          const end = Math.min(i + INSERT_CHUNK, sent.mobiles.length)
          await tx.query(
            `insert into interact_message (code, batch_id, mobile) select t.c, $1, t.m from unnest($2::text[], $3::text[]) as t(c, m)`,
            [batchId, sent.codes.slice(i, end), sent.mobiles.slice(i, end)])
        }
      },
    }
  })
}


/**
 * After the content of a timed same-content batch is edited (/pageTimeBatch/edit): when it is an interactive one,
 * every detail gets the new text with its own page address again and the pages show the new text; returns false
 * (nothing done) for a batch without pages. Call inside the edit's transaction.
 */
export async function refillTimedInteract(tx: Db, timeBatch: string, content: string): Promise<boolean> {
  const { rows } = await tx.query<{ base: string }>('update interact_send set content = $2 where batch_id = $1 returning base', [timeBatch, content])
  if (!rows.length) return false
  const { base } = rows[0]
  interactLength(content, base)
  await tx.query(
    `update time_mt_message d set content = replace($2, $3, $4 || m.code)
     from interact_message m where m.batch_id = $1 and d.time_batch = $1 and d.mobile = m.mobile`,
    [timeBatch, content, INTERACT_MARKER, interactUrl(base, '')])
  return true
}

/**
 * A same-content send from any caller (the console's /user/groupSend, the signed API): content with {interact} gives
 * every recipient a page of its own to answer on (src/domain/interact.ts), anything else is a plain groupSend.
 */
export function sendSameContent(db: Db, cusId: string, p: GroupSendPayload, numbers: ParsedNumbers, base: string): Promise<SendResult> {
  return hasInteract(p.content) ? interactSend(db, cusId, p, numbers, base) : groupSend(db, cusId, p, numbers)
}
