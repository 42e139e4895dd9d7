import { checkOptOuts, type OptOutCheckPart } from '@/api/opt-outs'
import { chargeFor } from '@/domain/money'
import { formatCount } from '@/domain/count-format'
import type { OptOutCheckResult } from '@/domain/opt-outs'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import type { SendSummary } from './ConfirmSendDialog'
import type { SendComposer } from './use-send-composer'

/** Recipients the scrub leaves out, whichever rule removes them (opted out, over the marketing cap). */
export const removedCount = (r: OptOutCheckResult) => r.opted_out + r.over_cap

/** The confirmation's account of a check: the numbers removed, by rule, each with the first of them. */
export const removedOf = (r: OptOutCheckResult): Pick<SendSummary, 'optedOut' | 'overCap'> => ({
  optedOut: { count: r.opted_out, mobiles: r.mobiles },
  overCap: { count: r.over_cap, mobiles: r.over_cap_mobiles },
})

/**
 * Before a confirmation: which recipients the server's scrub will leave out (it scrubs again as the send goes),
 * opted out or over the day's marketing cap of a send going now, so the confirmation counts and prices only the
 * others. null when the check failed (its refusal shown) or when nobody is left (said at the recipients, as a
 * problem of the send).
 */
export async function optOutCheck<F extends object>(
  c: SendComposer<F>, LL: TranslationFunctions, locale: string, recipients: number, part: OptOutCheckPart, cusId?: string,
): Promise<OptOutCheckResult | null> {
  const result = await checkOptOuts(part, { cusId, timing: c.timingTime() }).catch(c.refusal)
  if (result && removedCount(result) >= recipients) {
    const count = formatCount(removedCount(result), locale)
    const words = result.over_cap ? LL.marketing.send.allCapped({ count }) : LL.optOuts.check.allRemoved({ count })
    c.setProblem({ [('rows' in part) ? 'rows' : 'numbers']: words })
    return null
  }
  return result
}

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
  const numbers = s.valid - removedCount(out)
  return {
    numbers, messages: numbers, balance: s.balance, cost: s.price === null ? null : chargeFor(numbers, s.price),
    time: c.schedule.timed ? c.schedule.time : null, ...removedOf(out),
  }
}
