import { batchNumbers } from '@/api/number-check'
import { goTo } from '@/api/navigation'
import { toast } from '@/components/ui/toast'
import type { TranslationFunctions as LL } from '@/i18n/i18n-types'
import { handRecipients } from '@/stores/recipients-handoff'

/** The bulk send page, which takes the handed numbers as its recipients. */
export const BULK_SEND_PATH = '/home-sms/group-send'

/** "Send to the live numbers": the real numbers of check batch `id` become the bulk send page's recipients. */
export async function sendToLive(id: number, t: LL): Promise<void> {
  const live = await batchNumbers(id, 'real')
  if (!live.length) return void toast.info(t.numberCheck.noLive())
  handRecipients(live.map((r) => r.mobile).join('\n'))
  goTo(BULK_SEND_PATH)
}
