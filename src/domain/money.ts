import { z } from 'zod'
import { safeText } from './input'

/**
 * Money as the database stores it: every amount a payload carries is checked against the numeric(p, s) column it
 * ends up in, here, so the form and the server refuse the same values and none reaches the database to overflow.
 * Amounts travel as decimal strings (no float rounding between the form and the column).
 */
export interface DecimalColumn {
  precision: number
  scale: number
}

/** customer.balance, recharge_record's money and balances, balance_warn.threshold: numeric(14, 3). */
export const BALANCE_COLUMN: DecimalColumn = { precision: 14, scale: 3 }
/** customer_product.price, customer_country_price.price, country.price: numeric(10, 4). */
export const PRICE_COLUMN: DecimalColumn = { precision: 10, scale: 4 }

/** The largest value of the column, as text: numeric(14, 3) holds 99999999999.999. */
export const columnMax = (c: DecimalColumn) => `${'9'.repeat(c.precision - c.scale)}.${'9'.repeat(c.scale)}`

/** Digits the column holds: at most precision − scale before the point and scale after it; a minus when signed. */
export const decimalPattern = (c: DecimalColumn, signed = false) =>
  new RegExp(`^${signed ? '-?' : ''}\\d{1,${c.precision - c.scale}}(?:\\.\\d{1,${c.scale}})?$`)

const decimalText = (c: DecimalColumn, signed = false) => safeText().trim().regex(decimalPattern(c, signed))
/** `format: decimal` and the column mark a money field in the OpenAPI document: the API fuzz tries its boundaries. */
const marked = <T extends z.ZodType>(s: T, c: DecimalColumn) =>
  s.meta({ format: 'decimal', description: `numeric(${c.precision}, ${c.scale}), at most ${columnMax(c)}`, 'x-column': c })

/** A positive amount of money, `"100"` or `"0.125"`. */
export const moneyField = marked(decimalText(BALANCE_COLUMN).refine((v) => Number(v) > 0, { message: 'positive' }), BALANCE_COLUMN)
/** An amount that may lower the balance (a price adjustment), `"-12.5"`; never zero. */
export const signedMoneyField = marked(decimalText(BALANCE_COLUMN, true).refine((v) => Number(v) !== 0, { message: 'nonZero' }), BALANCE_COLUMN)
/** A price per message. */
export const priceField = marked(decimalText(PRICE_COLUMN), PRICE_COLUMN)
/** A balance threshold in yuan, typed as a number or text: at least 0, at most the balance column, 3 decimals kept. */
export const thresholdField = marked(
  z.coerce.number().finite().min(0).max(Number(columnMax(BALANCE_COLUMN))).transform((n) => Math.round(n * 1000) / 1000),
  BALANCE_COLUMN,
)

/*
 * Money shown, one way everywhere: a figure is written with exactly the decimals its column keeps (50,000.000 is a
 * balance, 0.0455 a price) and the currency, "4,500.045 元" in Chinese, "CNY 4,500.045" in English.
 */

/** Decimals the server keeps, by the kind of figure: balances and charges (costs, recharges, transfers), prices. */
export const MONEY_SCALE = { balance: BALANCE_COLUMN.scale, charge: BALANCE_COLUMN.scale, price: PRICE_COLUMN.scale } as const
export type MoneyField = keyof typeof MONEY_SCALE

/** Rounds to `scale` decimals, half away from zero, as PostgreSQL's numeric cast does (3: a balance or charge). */
export function roundMoney(v: number, scale: number = MONEY_SCALE.charge): number {
  const f = 10 ** scale
  // toPrecision takes off binary noise first (4500.0449999… is 4500.045 written by a person).
  const n = Number((Math.abs(v) * f).toPrecision(15))
  return (Math.sign(v) * Math.round(n)) / f || 0
}

/**
 * What `messages` cost at `unitPrice` a message: the one billing computation, used by the server's debit and by the
 * send pages' estimate and confirmation alike, so the figures agree to the last decimal the balance keeps.
 */
export const chargeFor = (messages: number, unitPrice: number) => roundMoney(messages * unitPrice)

const formats = new Map<string, Intl.NumberFormat>()

/** The digits of `amount` with the field's decimals and grouped thousands ("50,000.000"), no currency. */
export function formatMoneyNumber(amount: number | string, field: MoneyField = 'charge'): string {
  const n = typeof amount === 'number' ? amount : Number(amount)
  if (!Number.isFinite(n)) return String(amount)
  const scale = MONEY_SCALE[field]
  let f = formats.get(field)
  if (!f) formats.set(field, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: scale, maximumFractionDigits: scale })))
  return f.format(roundMoney(n, scale))
}

/** An amount of money as every screen shows it: the field's decimals and the currency of the interface's language. */
export function formatMoney(amount: number | string, locale: string, field: MoneyField = 'charge'): string {
  const digits = formatMoneyNumber(amount, field)
  return locale.startsWith('zh') ? `${digits} 元` : `CNY ${digits}`
}
