import { marketingRuleQuery } from '@/api/marketing'
import { queryClient } from '@/api/query-client'
import { formatDateTime } from '@/domain/date-time'
import { formatMinute, marketingDeliveryTime } from '@/domain/marketing'

/** What a marketing send's confirmation says of the rule in force: its hours, its cap, and when it will go. */
export interface MarketingNotice {
  start: string
  end: string
  cap: number
  /** The platform time the send will go (the next window's start), when asked for outside the hours; else null. */
  from: string | null
}

/**
 * For a send marked as marketing: the enterprise's rule in force (/marketing/getRule, cached a minute) and, when the
 * send is asked for outside its hours (now, or the chosen time), the time the server will send it instead, as the
 * server decides it (src/domain/marketing.ts). Undefined for any other send, or when the rule cannot be read (the
 * server still applies it, and its answer says so).
 */
export async function marketingNotice(marked: boolean, timingIso: string | null, now = new Date()): Promise<MarketingNotice | undefined> {
  if (!marked) return undefined
  const info = await queryClient.fetchQuery(marketingRuleQuery()).catch(() => null)
  if (!info) return undefined
  const rule = info.effective
  const at = timingIso ? new Date(timingIso) : now
  const deliver = marketingDeliveryTime(at, rule)
  return {
    start: formatMinute(rule.window_start), end: formatMinute(rule.window_end), cap: rule.daily_cap,
    from: deliver.getTime() === at.getTime() ? null : formatDateTime(deliver),
  }
}
