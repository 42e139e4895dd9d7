import { checkOptOuts } from '@/api/opt-outs'
import { chargeFor } from '@/domain/money'
import { formatCount } from '@/domain/count-format'
import type { OptOutCheckResult } from '@/domain/opt-outs'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import type { SendSummary } from './ConfirmSendDialog'
import type { SendComposer } from './use-send-composer'

/**
 * Before a confirmation: which recipients the server's scrub will leave out (it scrubs again as the send goes), so
 * the confirmation counts and prices only the others. null when the check failed (its refusal shown) or when every
 * recipient has opted out (said at the recipients, as a problem of the send).
 */
export async function optOutCheck<F extends object>(
  c: SendComposer<F>, LL: TranslationFunctions, locale: string, recipients: number,
  part: Parameters<typeof checkOptOuts>[0], cusId?: string,
): Promise<OptOutCheckResult | null> {
  const result = await checkOptOuts(part, cusId).catch(c.refusal)
  if (result && result.opted_out >= recipients) {
    c.setProblem({ [('rows' in part) ? 'rows' : 'numbers']: LL.optOuts.check.allRemoved({ count: formatCount(result.opted_out, locale) }) })
    return null
  }
  return result
}

export const optedOutOf = (r: OptOutCheckResult) => ({ count: r.opted_out, mobiles: r.mobiles })

/**
 * The confirmation of a send of one message a number (video, 5G): the numbers on the enterprise's opt-out list leave
 * the figures as they leave the send. null as optOutCheck.
 */
export async function oneMessageSummary<F extends object>(
  c: SendComposer<F>, LL: TranslationFunctions, locale: string,
  s: { valid: number; price: number | null; balance: number | null; cusId?: string },
): Promise<SendSummary | null> {
  const out = await optOutCheck(c, LL, locale, s.valid, { numbers: c.numbers.state.numbers }, s.cusId)
  if (!out) return null
  const numbers = s.valid - out.opted_out
  return {
    numbers, messages: numbers, balance: s.balance, cost: s.price === null ? null : chargeFor(numbers, s.price),
    time: c.schedule.timed ? c.schedule.time : null, optedOut: optedOutOf(out),
  }
}
