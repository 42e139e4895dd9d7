import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { parseNumberList } from '../../src/domain/numbers'
import type { GroupSendPayload, SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { commitSend } from './commit'
import { priceOf } from './store'

export interface ParsedNumbers {
  mobiles: string[]
  invalid: number
  duplicates: number
}

/** The numbers file through the client's own parser (domestic mode): same validity, same de-duplication. */
export function readNumbers(bytes: Uint8Array): ParsedNumbers {
  const r = parseNumberList(bytes, { mode: 'domestic' })
  const text = new TextDecoder().decode(r.numbers)
  return { mobiles: text ? text.split('\n').filter(Boolean) : [], invalid: r.invalid, duplicates: r.duplicates }
}

/**
 * One same-content send, all or nothing: the idempotency key, the debit and every record commit together, so a
 * failure anywhere stores and debits nothing, and a retry of a committed send gets its first reply back.
 */
export async function groupSend(db: Db, cusId: string, p: GroupSendPayload, numbers: ParsedNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  return commitSend(db, cusId, p.idempotency_key, async (tx) => ({
    prodType, kind: 'group', content: p.content, mobiles: numbers.mobiles, contents: p.content, unitPrice: await priceOf(tx, cusId, prodType),
    invalid: numbers.invalid, duplicates: numbers.duplicates, reviewTexts: [p.content], timing: p.timing_time,
    signed: { content: p.content },
    marketing: { text: p.content, marked: p.marketing ?? false, field: 'content' },
  }))
}

/** The first messages as recipients see them; nothing stored. */
export function previewGroup(content: string, mobiles: string[], limit: number) {
  const m = measureContent(content).messages
  return mobiles.slice(0, limit).map((mobile) => ({ mobile, content, messages: m }))
}
