import { useMemo, useState } from 'react'
import { groupPreview, groupSend } from '@/api/send'
import { apiUrl } from '@/api/http'
import { fillInteract, hasInteract, INTERACT_CODE_LENGTH, interactUrl } from '@/domain/interact'
import { hasOptOut, type SmsType } from '@/domain/marketing'
import { chargeFor } from '@/domain/money'
import { PREVIEW_LIMIT, type GroupPreviewResult, type SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { measureContent } from '../../../workers/billing'
import type { SendSummary } from './ConfirmSendDialog'
import { marketingNotice } from './marketing-notice'
import { optOutCheck, removedCount, removedOf } from './opt-out-check'
import { firstLines } from './number-sources'
import { useOwnPrice } from './use-own-price'
import { useSendComposer } from './use-send-composer'

export interface GroupFields {
  content: string
  /** Marked as marketing (marketing.ts). */
  marketing: boolean
}
const EMPTY: GroupFields = { content: '', marketing: false }
const fieldsEmpty = (f: GroupFields) => !f.content

/**
 * An interaction page address of the real length: the server starts it with the origin the API is reached at (or
 * SHORT_LINK_BASE, which the console cannot know; the server's reply bills the real one).
 */
export const exampleInteractUrl = () => interactUrl(new URL(apiUrl('/'), window.location.href).origin, 'x'.repeat(INTERACT_CODE_LENGTH))

/** The composed same-content send: the composer (numbers, timing, draft) plus its content, preview and call. */
export function useGroupSend() {
  const { LL, locale } = useI18nContext()
  const c = useSendComposer<GroupFields>({ kind: 'group', emptyFields: EMPTY, fieldsEmpty })
  const { content, marketing } = c.fields
  const [learnt, setPrice] = useState<number | null>(null)
  const ownPrice = useOwnPrice()
  // The account's own price (4 decimals) when known; one learnt from a preview's rounded cost only otherwise.
  const price = ownPrice ?? learnt
  const [preview, setPreview] = useState<GroupPreviewResult | null>(null)
  // One message of at most 1000 characters: measured here on the main thread, well under a millisecond. With
  // {interact} every recipient's message carries its page address, all of one length: measured with an example.
  const measure = useMemo(() => measureContent(hasInteract(content) ? fillInteract(content, exampleInteractUrl()) : content), [content])
  const valid = c.numbers.state.valid

  const check = (forPreview = false) => c.check({
    content: !content.trim() ? LL.send.errors.contentRequired() : marketing && !hasOptOut(content) ? LL.marketing.optOutMissing() : undefined,
  }, forPreview)

  /** Previews the first numbers only: the messages shown are theirs, and a million numbers stay on this machine. */
  async function previewFirst(count: number) {
    const result = await groupPreview({ content }, firstLines(c.numbers.state.numbers, count)).catch(c.refusal)
    if (result && result.total_messages > 0) setPrice(result.cost / result.total_messages)
    return result
  }
  async function runPreview() {
    if (!check(true)) return
    const result = await previewFirst(PREVIEW_LIMIT)
    if (result) setPreview(result)
  }
  /** The account's price per message, learnt from a one-number preview, so the confirmation can show the cost. */
  async function ensurePrice(): Promise<number | null> {
    if (price !== null) return price
    const result = await previewFirst(1)
    return result && result.total_messages > 0 ? result.cost / result.total_messages : null
  }

  async function summarize(): Promise<SendSummary | null> {
    if (!check()) return null
    const [p, out, notice] = await Promise.all([
      ensurePrice(), optOutCheck(c, LL, locale, valid, { numbers: c.numbers.state.numbers, content, marketing }), marketingNotice(marketing, c.timingTime()),
    ])
    if (!out) return null
    const numbers = valid - removedCount(out)
    const messages = measure.messages * numbers
    const text = hasInteract(content) ? fillInteract(content, exampleInteractUrl()) : content
    return {
      numbers, messages, balance: c.balance, cost: p === null ? null : chargeFor(messages, p), time: c.schedule.timed ? c.schedule.time : null, text,
      ...removedOf(out), marketing: notice,
    }
  }

  async function send(): Promise<SendResult | null> {
    const result = await groupSend({ content, marketing, timing_time: c.timingTime(), idempotency_key: c.key }, c.numbers.state.numbers).catch(c.refusal)
    if (result) c.finish(result)
    return result
  }

  return {
    c, content, setContent: (v: string) => c.setFields({ content: v }), measure, marketing,
    setMarketing: (v: boolean) => c.setFields({ marketing: v }),
    /** A picked template fills the editor and sets the mark from its type. */
    pickTemplate: (text: string, type: SmsType) => c.setFields({ content: text, marketing: type === 'marketing' }), summarize, send, preview, runPreview,
    closePreview: () => setPreview(null),
    cost: price === null ? null : chargeFor(measure.messages * valid, price),
  }
}
