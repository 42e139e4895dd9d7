import { useQuery } from '@tanstack/react-query'
import { approvedVideoTemplatesQuery, videoSend, videoSendContentQuery } from '@/api/send-video'
import { chargeFor } from '@/domain/money'
import type { SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import type { SendSummary } from '../ConfirmSendDialog'
import { oneMessageSummary } from '../opt-out-check'
import { useSendComposer } from '../use-send-composer'

export interface VideoFields {
  /** The paying account an administrator chose ('' until chosen); others always send as themselves. */
  cusId: string
  templateId: number | null
}
const EMPTY: VideoFields = { cusId: '', templateId: null }
// The account alone is no draft: it is kept after a send and quickly chosen again.
const fieldsEmpty = (f: VideoFields) => f.templateId === null

/**
 * The composed video send: the composer (numbers, timing, draft) plus the account (user type 1 chooses it), the
 * approved template with its preview and price, and the call. One message per number (src/domain/send-video.ts).
 */
export function useVideoSend() {
  const { LL, locale } = useI18nContext()
  const c = useSendComposer<VideoFields>({ kind: 'video', emptyFields: EMPTY, fieldsEmpty, keptAfterSend: ['cusId'] })
  const own = useSession().authUser
  const chooses = own?.userType === 1
  const cusId = chooses ? c.fields.cusId : (own?.cusId ?? '')
  const { templateId } = c.fields
  const templates = useQuery(approvedVideoTemplatesQuery(cusId))
  const content = useQuery(videoSendContentQuery(cusId, templateId))
  const valid = c.numbers.state.valid
  const price = content.data?.price ?? null
  const cost = price === null ? null : chargeFor(valid, price)
  // The balance beside the form is the signed-in account's; an administrator paying from another account sees none.
  const forSelf = c.paysSelf(cusId)
  const balance = forSelf ? c.balance : null

  const check = () => c.check({
    account: chooses && !cusId ? LL.send.account.required() : undefined,
    template: templateId === null ? LL.sendVideo.template.required() : undefined,
  })

  async function summarize(): Promise<SendSummary | null> {
    if (!check()) return null
    return oneMessageSummary(c, LL, locale, { valid, price, balance, cusId })
  }

  async function send(): Promise<SendResult | null> {
    if (templateId === null) return null
    const payload = { cus_id: cusId || undefined, cus_template_id: templateId, timing_time: c.timingTime(), idempotency_key: c.key }
    const result = await videoSend(payload, c.numbers.state.numbers).catch(c.refusal)
    if (!result) return null
    c.finish(result, cusId)
    return result
  }

  return {
    c, chooses, cusId, templateId, templates, content, cost, balance, summarize, send,
    setAccount: (v: string) => c.setFields({ cusId: v, templateId: null }),
    setTemplate: (id: number | null) => c.setFields({ templateId: id }),
  }
}
