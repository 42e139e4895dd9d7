import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { OPEN_API_SCOPE } from '../../src/domain/api-keys'
import { PROD_TYPE } from '../../src/domain/constants'
import { OPEN_API_PATHS, OPEN_MAX_NUMBERS, type OpenBatch } from '../../src/domain/signed-api'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError, fail, ok } from '../http/envelope'
import { operation } from '../http/operation'
import { sendSlot } from '../http/body-budget'
import { requireSignature, type SignedApiEnv } from '../signed-api/signature'
import { readNumbers } from '../send/group-send'
import { sendSameContent } from '../send/interact-send'
import { baseOf } from './send/link'
import { p2pSend, readP2pMessages } from '../send/p2p-send'
import { priceOf } from '../send/store'
import { addEntries, enterpriseOf } from '../opt-outs/store'
import { OPT_OUT_SOURCE } from '../../src/domain/opt-outs'
import { madeWith } from '../audit/diff'
import { audit } from '../audit/write'

/** A signed call's body is read whole to hash it: the JSON limit of the console's calls, whatever its content type. */
const OPEN_BODY_LIMIT_BYTES = 2 * 1024 * 1024

const encode = (text: string) => new TextEncoder().encode(text)

async function batchOf(db: Db, cusId: string, batchId: string): Promise<OpenBatch> {
  const sent = await db.query<Omit<OpenBatch, 'timed'>>(
    `select batch_id, batch_type::int as batch_type, content, create_time, receive_count as numbers, sent_count as sent,
       success_count as success, failure_count as failure, unknown_count as unknown
     from sms_batch b where batch_id = $1 and cus_id = $2`, [batchId, cusId])
  if (sent.rows[0]) return { ...sent.rows[0], timed: false, create_time: new Date(sent.rows[0].create_time).toISOString() }
  const timed = await db.query<{ batch_id: string; batch_type: number; content: string; create_time: string; numbers: number; send_status: number; timing_time: string }>(
    `select time_batch as batch_id, batch_type::int as batch_type, content, create_time, batch_count as numbers,
       send_status::int as send_status, timing_time
     from time_batch where time_batch = $1 and cus_id = $2`, [batchId, cusId])
  const t = timed.rows[0]
  // Another account's batch answers as one that does not exist.
  if (!t) throw new ApiError(404, 'notFound')
  return { ...t, timed: true, create_time: new Date(t.create_time).toISOString(), timing_time: new Date(t.timing_time).toISOString() }
}

/**
 * /api/open/v1 (src/domain/signed-api.ts): the customer's own systems send and query with the app secret's signature.
 * The sends are the console's groupSend and p2pSend (commitSend: idempotency key, debit, records, review), paid by
 * the signing account.
 */
export function signedApiRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<SignedApiEnv>()
  const limit = bodyLimit({ maxSize: OPEN_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })
  for (const [name, path] of Object.entries(OPEN_API_PATHS)) r.use(path, limit, requireSignature(deps, OPEN_API_SCOPE[name as keyof typeof OPEN_API_PATHS]))
  // The sends' numbers and rows are read like a console send's: their memory reserved in the same budget.
  for (const path of [OPEN_API_PATHS.send, OPEN_API_PATHS.p2p]) r.use(path, sendSlot(deps.bodyBudget, OPEN_BODY_LIMIT_BYTES))

  operation(r, OPEN_API_PATHS.send, async (c, input) => {
    const p = await input()
    const numbers = readNumbers(encode(Array.isArray(p.mobiles) ? p.mobiles.join('\n') : p.mobiles))
    if (numbers.mobiles.length + numbers.invalid + numbers.duplicates > OPEN_MAX_NUMBERS) throw new ApiError(400, 'apiTooManyNumbers', { max: OPEN_MAX_NUMBERS })
    const payload = { idempotency_key: p.idempotency_key, content: p.content, timing_time: p.timing_time, marketing: p.marketing }
    return ok(c, await sendSameContent(db, c.get('openAccount'), payload, numbers, baseOf(deps)))
  })

  operation(r, OPEN_API_PATHS.p2p, async (c, input) => {
    const p = await input()
    const cusId = c.get('openAccount')
    // As the console's route: an account without the product is refused before its rows are measured.
    await priceOf(db, cusId, PROD_TYPE.ordinary)
    const rows = readP2pMessages(encode(p.rows.map((row) => row.join('\t')).join('\n')), p.template)
    return ok(c, await p2pSend(db, cusId, { idempotency_key: p.idempotency_key, template: p.template, timing_time: p.timing_time, marketing: p.marketing }, rows))
  })

  operation(r, OPEN_API_PATHS.batch, async (c, input) => ok(c, await batchOf(db, c.get('openAccount'), (await input()).batch_id)))

  operation(r, OPEN_API_PATHS.optOut, async (c, input) => {
    const p = await input()
    const cusId = c.get('openAccount')
    const entries = [...new Set(p.mobiles)].map((mobile) => ({ mobile, note: p.note }))
    const added = await db.transaction(async (tx) => {
      const n = await addEntries(tx, await enterpriseOf(tx, cusId), cusId, OPT_OUT_SOURCE.api, entries)
      // As the console's add: the numbers asked for, the note and how many were new to the list.
      await audit(tx, c, {
        action: 'optOutAdded', target: { id: entries.length === 1 ? entries[0].mobile : null },
        changes: madeWith({ mobiles: entries.map((e) => e.mobile), note: p.note, added: n }),
      })
      return n
    })
    return ok(c, { added, on_list: entries.length - added })
  })

  operation(r, OPEN_API_PATHS.balance, async (c, input) => {
    await input()
    const { rows } = await db.query<{ balance: number }>('select balance::float8 as balance from customer where cus_id = $1', [c.get('openAccount')])
    return ok(c, { cus_id: c.get('openAccount'), balance: rows[0].balance })
  })
  return r
}
