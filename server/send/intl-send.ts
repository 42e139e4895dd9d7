import { measureContent } from '../../src/domain/billing'
import { CallingCodes } from '../../src/domain/calling-codes'
import { PROD_TYPE } from '../../src/domain/constants'
import { parseNumberList } from '../../src/domain/numbers'
import type { SendResult } from '../../src/domain/send'
import type { CountryCost, IntlSendPayload } from '../../src/domain/send-intl'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { commitSend, type SendPlan } from './commit'
import { chargeFor } from '../../src/domain/money'
import { priceOf } from './store'

interface CountryRow {
  iso: string
  calling_code: string
  price: number
}

/** The distinct valid numbers of an international list, each with its country (ISO) and that country's price. */
export interface IntlNumbers {
  mobiles: string[]
  isos: string[]
  unitPrices: number[]
  invalid: number
  duplicates: number
}

export async function countryList(db: Db, cusId: string): Promise<CountryRow[]> {
  // The account's own price for a country (customer_country_price, set by an administrator) wins over the platform's.
  const { rows } = await db.query<CountryRow>(
    `select c.iso, c.calling_code, coalesce(k.price, c.price)::float8 as price from country c
     left join customer_country_price k on k.iso = c.iso and k.cus_id = $1 order by c.id`, [cusId])
  return rows.map((r) => ({ ...r, price: Number(r.price) }))
}

/**
 * The numbers file through the client's parser in international mode, then each number's country by the longest
 * calling code that starts it (the same CallingCodes match the parser used, so every valid number has one).
 */
export function readIntlNumbers(bytes: Uint8Array, countries: CountryRow[]): IntlNumbers {
  const codes = new CallingCodes(countries.map((c) => c.calling_code))
  const byIndex = codes.codes.map((code) => countries.find((c) => c.calling_code === code)!)
  const r = parseNumberList(bytes, { mode: 'international', countryCodes: codes.codes })
  const text = new TextDecoder().decode(r.numbers)
  const mobiles = text ? text.split('\n') : []
  const isos = new Array<string>(mobiles.length)
  const unitPrices = new Array<number>(mobiles.length)
  for (let i = 0; i < mobiles.length; i++) {
    const c = byIndex[codes.match(Number(mobiles[i]), mobiles[i].length)]
    isos[i] = c.iso
    unitPrices[i] = c.price
  }
  return { mobiles, isos, unitPrices, invalid: r.invalid, duplicates: r.duplicates }
}

/** Per-country numbers, messages and cost of one content; most numbers first. */
export function costByCountry(n: IntlNumbers, content: string, countries: CountryRow[]): CountryCost[] {
  const per = measureContent(content).messages
  const counts = new Map<string, number>()
  for (const iso of n.isos) counts.set(iso, (counts.get(iso) ?? 0) + 1)
  return countries
    .filter((c) => counts.has(c.iso))
    .map((c) => {
      const numbers = counts.get(c.iso)!
      return { iso: c.iso, calling_code: c.calling_code, numbers, price: c.price, messages: numbers * per, cost: chargeFor(numbers * per, c.price) }
    })
    .sort((a, b) => b.numbers - a.numbers || a.iso.localeCompare(b.iso))
}

/**
 * What an international send of `content` to `numbers` stores (commitSend's plan): each number with its country and
 * that country's price; the product price only says the account has international sending (403 otherwise). No
 * signature or marketing rule: its texts are not domestic SMS.
 */
export async function intlPlan(tx: Db, cusId: string, content: string, numbers: IntlNumbers, timing: string | null | undefined): Promise<SendPlan> {
  const prodType = PROD_TYPE.international
  return {
    prodType, kind: 'intl', content, mobiles: numbers.mobiles, contents: content, countryCodes: numbers.isos,
    unitPrices: numbers.unitPrices, unitPrice: await priceOf(tx, cusId, prodType), invalid: numbers.invalid, duplicates: numbers.duplicates,
    reviewTexts: [content], timing,
  }
}

/** The sender id kept on the stored batch (timed or not); null: the route's default. */
export const keepSenderId = (tx: Db, result: SendResult, senderId: string | null) =>
  tx.query(result.timed ? 'update time_batch set sender_id = $2 where time_batch = $1' : 'update sms_batch set sender_id = $2 where batch_id = $1',
    [result.batch_id, senderId])

/**
 * One international send, all or nothing, as groupSend: idempotency key, row-locked debit of the per-country cost
 * and every record (with its country and price) commit together; a timed one is billed by the scheduler at the
 * country prices of the day it goes out. The sender id is kept on the batch.
 */
export async function intlSend(db: Db, cusId: string, p: IntlSendPayload, numbers: IntlNumbers): Promise<SendResult> {
  if (!numbers.mobiles.length) throw new ApiError(400, 'invalidNumber')
  return commitSend(db, cusId, p.idempotency_key, (tx) => intlPlan(tx, cusId, p.content, numbers, p.timing_time),
    async (tx, result) => void (await keepSenderId(tx, result, p.sender_id || null)))
}
