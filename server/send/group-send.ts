import { measureContent } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { parseNumberList } from '../../src/domain/numbers'
import type { GroupSendPayload, SendResult } from '../../src/domain/send'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { countMessages, debit, nextBatchId, priceOf, roundMoney, sensitiveIn, storeBatch, storeTimed } from './store'

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
  return db.transaction(async (tx) => {
    // On PostgreSQL a concurrent retry waits here for the first transaction, then finds its reply.
    const claimed = await tx.query(
      'insert into send_idempotency (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, p.idempotency_key])
    if (!claimed.rows.length) {
      const { rows } = await tx.query<{ response: SendResult }>(
        'select response from send_idempotency where cus_id = $1 and idempotency_key = $2', [cusId, p.idempotency_key])
      if (!rows[0]?.response) throw new ApiError(400, 'badRequest')
      return rows[0].response
    }
    const price = await priceOf(tx, cusId, prodType)
    const messages = countMessages({ mobiles: numbers.mobiles, contents: p.content })
    const cost = roundMoney(messages * price)
    const base = { numbers: numbers.mobiles.length, invalid: numbers.invalid, duplicates: numbers.duplicates, messages, cost }
    let result: SendResult
    if (p.timing_time) {
      result = { ...base, ...(await storeTimed(tx, { cusId, prodType, kind: 'group', content: p.content, mobiles: numbers.mobiles, contents: p.content, timing: p.timing_time, cost })) }
    } else {
      const balanceAfter = await debit(tx, cusId, cost)
      const batchId = await nextBatchId(tx, 'B')
      const review = await sensitiveIn(tx, [p.content])
      const status = await storeBatch(tx, { batchId, cusId, prodType, batchType: 1, content: p.content, mobiles: numbers.mobiles, contents: p.content, unitPrice: price, review })
      result = { ...base, batch_id: batchId, timed: false, balance_after: balanceAfter, send_time: new Date().toISOString(), status }
    }
    await tx.query('update send_idempotency set response = $3 where cus_id = $1 and idempotency_key = $2',
      [cusId, p.idempotency_key, JSON.stringify(result)])
    return result
  })
}

/** The first messages as recipients see them; nothing stored. */
export function previewGroup(content: string, mobiles: string[], limit: number) {
  const m = measureContent(content).messages
  return mobiles.slice(0, limit).map((mobile) => ({ mobile, content, messages: m }))
}
