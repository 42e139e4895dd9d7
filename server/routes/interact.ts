import { Hono } from 'hono'
import { applyReplies, type Reply } from '../opt-outs/store'
import { fillInteract, interactUrl, MAX_ANSWERS, type InteractView } from '../../src/domain/interact'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError, ok } from '../http/envelope'
import { operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { consumeRate } from '../security/rate-limit'
import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { addressOf } from './login'

interface Page {
  code: string
  mobile: string
  cus_id: string
  message: string
  sent_at: string
}

/** A page that still answers (unknown, expired and one of a send still being stored alike: 404), with the message as its recipient got it. */
async function pageOf(db: Db, code: string, lock = false): Promise<Page> {
  const { rows } = await db.query<{ code: string; mobile: string; cus_id: string; content: string; base: string; created_at: Date | string }>(
    `select m.code, m.mobile, s.cus_id, s.content, s.base, s.created_at from interact_message m
     join interact_send s on s.batch_id = m.batch_id where m.code = $1 and s.expires_at > now()
     ${lock ? 'for update of m' : ''}`, [code])
  const r = rows[0]
  if (!r) throw new ApiError(404, 'interactNotFound')
  return {
    code: r.code, mobile: r.mobile, cus_id: r.cus_id,
    message: fillInteract(r.content, interactUrl(r.base, r.code)), sent_at: new Date(r.created_at).toISOString(),
  }
}

async function answersOf(db: Db, code: string) {
  const { rows } = await db.query<{ content: string; deliver_time: Date | string }>(
    'select content, deliver_time from mo_record where interact_code = $1 order by sn limit $2', [code, MAX_ANSWERS])
  return rows.map((r) => ({ content: r.content, time: new Date(r.deliver_time).toISOString() }))
}

/** The page's view: only the message and its answers, nothing of the sending account (no account, name or mobile). */
async function viewOf(db: Db, page: Page): Promise<InteractView> {
  const answers = await answersOf(db, page.code)
  return { message: page.message, sent_at: page.sent_at, answers, answers_left: Math.max(0, MAX_ANSWERS - answers.length) }
}

/** The interaction record's whole content: the message, then every answer in turn (the seed's 【原短信】/【回复】 form). */
const wholeContent = (message: string, answers: string[]) => [`【原短信】${message}`, ...answers.map((a) => `【回复】${a}`)].join(' ')

/**
 * The public side of interactive messages (no token, src/domain/interact.ts). Each call spends the client address's
 * allowance before the code is looked up, so codes cannot be tried in bulk, then the page's own allowance. An answer
 * is an uplink record of the sending account (prod_type 0, whole_content set: the interaction records list), stored
 * under a row lock on the page so concurrent answers cannot pass MAX_ANSWERS.
 */
export function interactRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()

  operation(r, '/interact/messageInteractList', async (c, input) => {
    const q = await input()
    await consumeRate(deps, 'interactViewAddress', addressOf(deps, c))
    const page = await pageOf(db, q.code)
    await consumeRate(deps, 'interactViewCode', page.code)
    return ok(c, await viewOf(db, page))
  })

  operation(r, '/interact/messageInteractSend', async (c, input) => {
    const q = await input()
    await consumeRate(deps, 'interactAnswerAddress', addressOf(deps, c))
    await pageOf(db, q.code)
    await consumeRate(deps, 'interactAnswerCode', q.code)
    const view = await db.transaction(async (tx) => {
      const page = await pageOf(tx, q.code, true)
      const earlier = await answersOf(tx, page.code)
      if (earlier.length >= MAX_ANSWERS) throw new ApiError(409, 'interactAnswersFull', { max: MAX_ANSWERS })
      const reply = await tx.query<Reply>(
        `insert into mo_record (cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time, interact_code)
         select $1, 0, '10690' || coalesce(c.ext_number, ''), $2, $3, $4, now(), $5 from customer c where c.cus_id = $1
         returning sn, cus_id, mobile, content, deliver_time`,
        [page.cus_id, page.mobile, q.content, wholeContent(page.message, [...earlier.map((a) => a.content), q.content]), page.code])
      // An answer of an opt-out keyword is a refusal like a reply by SMS.
      await applyReplies(tx, reply.rows)
      // The account's trail: its recipient answered on the public page (no account acted).
      await audit(tx, c, {
        action: 'interactionAnswered', account: page.cus_id, target: { id: reply.rows[0].sn },
        changes: madeWith({ mobile: page.mobile, content: q.content }),
      })
      return viewOf(tx, page)
    })
    return ok(c, view, 'interactAnswered')
  })
  return r
}
