import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import type { P2pSendPayload, SendResult } from '../../src/domain/send'
import { fillTemplate, readP2pRows } from '../../src/domain/send-p2p'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { commitSend } from './commit'
import { countMessages, priceOf } from './store'

export interface P2pMessages {
  mobiles: string[]
  /** The filled template of each kept row, same order as mobiles. */
  contents: string[]
  invalid: number
  duplicates: number
}

/** The `rows` file (send.ts) read with the console's own rules, each kept row's template filled. */
export function readP2pMessages(bytes: Uint8Array, template: string): P2pMessages {
  const rows = readP2pRows(new TextDecoder().decode(bytes))
  return { mobiles: rows.mobiles, contents: rows.values.map((v) => fillTemplate(template, v)), invalid: rows.invalid, duplicates: rows.duplicates }
}

/**
 * One point-to-point send, all or nothing (as groupSend): idempotency key, debit of Σ messages of each filled row,
 * and every record (its own content) commit together; a timed one stores each row's content for the scheduler.
 */
export async function p2pSend(db: Db, cusId: string, p: P2pSendPayload, rows: P2pMessages): Promise<SendResult> {
  if (!rows.mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  return commitSend(db, cusId, p.idempotency_key, async (tx) => ({
    prodType, kind: 'p2p', content: p.template, mobiles: rows.mobiles, contents: rows.contents, unitPrice: await priceOf(tx, cusId, prodType),
    invalid: rows.invalid, duplicates: rows.duplicates, reviewTexts: distinct(rows.contents, p.template), timing: p.timing_time,
  }))
}

/** The template and each distinct filled text: a sensitive word may come from the template or from a value. */
function distinct(contents: string[], template: string): Set<string> {
  const set = new Set(contents)
  set.add(template)
  return set
}

/** The first filled messages as recipients see them, and the totals over every row; nothing stored. */
export function previewP2p(bytes: Uint8Array, template: string, limit: number) {
  const all = readP2pMessages(bytes, template)
  return {
    messages: all.contents.slice(0, limit).map((content, i) => ({ mobile: all.mobiles[i], content, messages: measureContent(content).messages })),
    numbers: all.mobiles.length,
    invalid: all.invalid,
    duplicates: all.duplicates,
    total_messages: countMessages(all),
  }
}
