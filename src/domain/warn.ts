import { z } from 'zod'
import { checkMobile } from './validation'
import { safeText } from './input'
import { thresholdField } from './money'

/*
 * Balance warning (/warn/getCusBneWarnInfo, /warn/modifyCusBneWarn): when a debit takes the balance from at or above
 * the threshold to below it, each warning mobile gets one SMS and the account a notice on the bell. Once per
 * crossing: the balance has to go back to the threshold or above (a recharge) before the next one warns.
 */

export const WARN_MOBILES_MAX = 5

const mobile = safeText().trim().superRefine((v, ctx) => {
  const problem = checkMobile(v)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** One schema for the form and the server: a threshold in yuan (≥ 0, at most 3 decimals) and up to five mobiles. */
export const balanceWarnSchema = z.object({
  threshold: thresholdField,
  mobiles: z
    .array(mobile)
    .max(WARN_MOBILES_MAX)
    // A mobile typed twice gets one text, not two.
    .transform((ms) => [...new Set(ms)]),
})
export type BalanceWarn = z.infer<typeof balanceWarnSchema>

/** What /warn/getCusBneWarnInfo answers: the setting (threshold 0 and no mobiles when never set) and the balance. */
export const balanceWarnInfoSchema = z.object({
  threshold: z.number(),
  mobiles: z.array(z.string()),
  balance: z.number(),
  lastWarnedAt: z.string().nullable(),
})
export type BalanceWarnInfo = z.infer<typeof balanceWarnInfoSchema>
