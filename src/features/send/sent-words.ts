import { formatDateTime } from '@/domain/date-time'
import type { SendResult } from '@/domain/send'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/** What a send did, in words: sent, scheduled, or (a marketing send outside its hours) when it will go. */
export function sentWords(LL: TranslationFunctions, result: SendResult): string {
  if (result.quiet_hours) return LL.send.quietHours({ batchId: result.batch_id, time: formatDateTime(result.send_time) })
  return result.timed ? LL.send.scheduled({ batchId: result.batch_id }) : LL.send.sent({ batchId: result.batch_id })
}
