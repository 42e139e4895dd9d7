import { measureContent, messagesFor, parseTemplate } from '../../src/domain/billing'
import { PROD_TYPE } from '../../src/domain/constants'
import { MAX_CONTENT_CHARS, type P2pSendPayload, type SendResult } from '../../src/domain/send'
import { fillTemplate, measureFilled, readP2pRows } from '../../src/domain/send-p2p'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { commitSend } from './commit'
import { priceOf, type LazyContents } from './store'

/**
 * The `rows` file (send.ts) read with the console's own rules. Each kept row keeps its values as one TAB-joined
 * string; its message is measured from the values (never built) and built only when a chunk of records is stored,
 * so memory stays proportional to the file whatever the template repeats.
 */
export interface P2pMessages {
  mobiles: string[]
  contents: LazyContents
  invalid: number
  duplicates: number
}

class FilledRows implements LazyContents {
  constructor(
    private readonly template: string,
    private readonly values: string[],
    readonly messages: number,
  ) {}

  /** The kept rows; the messages of the dropped ones (usually few) measured again and taken off. */
  only(kept: readonly number[], dropped: readonly number[]): LazyContents {
    const parsed = parseTemplate(this.template)
    let messages = this.messages
    for (const i of dropped) {
      const m = measureFilled(parsed, this.values[i] ? this.values[i].split('\t') : [], MAX_CONTENT_CHARS)
      messages -= messagesFor(m.chars, m.ascii)
    }
    return new FilledRows(this.template, kept.map((i) => this.values[i]), messages)
  }

  get length() {
    return this.values.length
  }

  slice(start: number, end: number): string[] {
    return this.values.slice(start, end).map((v) => fillTemplate(this.template, v ? v.split('\t') : []))
  }

  /** Every filled message, one at a time (the sensitive-word review reads them without keeping them). */
  *[Symbol.iterator]() {
    for (let i = 0; i < this.values.length; i++) yield fillTemplate(this.template, this.values[i] ? this.values[i].split('\t') : [])
  }
}

/**
 * Reads and measures every row; 400 messageTooLong names the first row (its line in the file) whose filled
 * message, or one of whose values, is longer than MAX_CONTENT_CHARS. Nothing is filled here.
 */
export function readP2pMessages(bytes: Uint8Array, template: string): P2pMessages {
  const parsed = parseTemplate(template)
  const values: string[] = []
  let messages = 0
  const rows = readP2pRows(new TextDecoder().decode(bytes), {
    onKept: (row, cells) => {
      const m = measureFilled(parsed, cells, MAX_CONTENT_CHARS)
      if (m.chars > MAX_CONTENT_CHARS || m.longestValue > MAX_CONTENT_CHARS) {
        throw new ApiError(400, 'messageTooLong', { row, chars: m.chars, max: MAX_CONTENT_CHARS })
      }
      messages += messagesFor(m.chars, m.ascii)
      values.push(cells.join('\t'))
    },
  })
  return { mobiles: rows.mobiles, contents: new FilledRows(template, values, messages), invalid: rows.invalid, duplicates: rows.duplicates }
}

/**
 * One point-to-point send, all or nothing (as groupSend): idempotency key, debit of Σ messages of each filled row,
 * and every record (its own content) commit together; a timed one stores each row's content for the scheduler.
 * The product and the balance are checked before a single message is filled (commitSend debits first).
 */
export async function p2pSend(db: Db, cusId: string, p: P2pSendPayload, rows: P2pMessages): Promise<SendResult> {
  if (!rows.mobiles.length) throw new ApiError(400, 'invalidNumber')
  const prodType = PROD_TYPE.ordinary
  return commitSend(db, cusId, p.idempotency_key, async (tx) => ({
    prodType, kind: 'p2p', content: p.template, mobiles: rows.mobiles, contents: rows.contents, unitPrice: await priceOf(tx, cusId, prodType),
    invalid: rows.invalid, duplicates: rows.duplicates, reviewTexts: reviewed(rows.contents, p.template), timing: p.timing_time,
    signed: { template: p.template },
    marketing: { text: p.template, marked: p.marketing ?? false, field: 'template' },
  }))
}

/** The template and each filled text, one at a time: a sensitive word may come from the template or from a value. */
function* reviewed(contents: LazyContents, template: string): Generator<string> {
  yield template
  yield* contents
}

/** The first filled messages as recipients see them, and the totals over every row; nothing stored. */
export function previewP2p(bytes: Uint8Array, template: string, limit: number) {
  const all = readP2pMessages(bytes, template)
  return {
    messages: all.contents.slice(0, limit).map((content, i) => ({ mobile: all.mobiles[i], content, messages: measureContent(content).messages })),
    numbers: all.mobiles.length,
    invalid: all.invalid,
    duplicates: all.duplicates,
    total_messages: all.contents.messages,
  }
}
