import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { apiUrl } from '@/api/http'
import { linkInfoQuery, linkSend } from '@/api/send-link'
import { hasOptOut } from '@/domain/marketing'
import { chargeFor } from '@/domain/money'
import { MAX_CONTENT_CHARS, PREVIEW_LIMIT, type GroupPreviewResult, type SendResult } from '@/domain/send'
import { exampleShortUrl, fillLink, longUrlSchema, MAX_LONG_URL_CHARS } from '@/domain/send-link'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { measureContent } from '../../../../workers/billing'
import type { SendSummary } from '../ConfirmSendDialog'
import { marketingNotice } from '../marketing-notice'
import { optOutCheck, removedCount, removedOf } from '../opt-out-check'
import { firstLines } from '../number-sources'
import { useSendComposer } from '../use-send-composer'

export interface LinkFields {
  /** The paying account an administrator chose ('' until chosen); others always send as themselves. */
  cusId: string
  content: string
  longUrl: string
  /** Marked as marketing (marketing.ts). */
  marketing: boolean
}
const EMPTY: LinkFields = { cusId: '', content: '', longUrl: '', marketing: false }
// The account alone is no draft: it is kept after a send and quickly chosen again.
const fieldsEmpty = (f: LinkFields) => !f.content && !f.longUrl

/** Until the server names the short links' origin: the API's own, which is what it uses unless configured. */
const apiOrigin = () => new URL(apiUrl('/'), window.location.href).origin

/** The long URL's problem, translated; null when valid. */
function useUrlProblem() {
  const { LL } = useI18nContext()
  return (url: string): string | null => {
    const r = longUrlSchema.safeParse(url)
    if (r.success) return null
    const m = r.error.issues[0]?.message
    const t = LL.sendLink.errors
    return m === 'required' ? t.required() : m === 'tooLong' ? t.tooLong({ max: MAX_LONG_URL_CHARS }) : t.invalid()
  }
}

/**
 * The composed link send: the composer (numbers, timing, draft) plus the account (user type 1 chooses it), the long
 * URL, the content with its `{link}` marker, figures measured on the content filled with an example short link of
 * the real length, a local preview, and the call.
 */
export function useLinkSend() {
  const { LL, locale } = useI18nContext()
  const c = useSendComposer<LinkFields>({ kind: 'link', emptyFields: EMPTY, fieldsEmpty, keptAfterSend: ['cusId'] })
  const own = useSession().authUser
  const chooses = own?.userType === 1
  const cusId = chooses ? c.fields.cusId : (own?.cusId ?? '')
  const { content, longUrl, marketing } = c.fields
  const info = useQuery(linkInfoQuery(cusId))
  const urlProblem = useUrlProblem()
  const [preview, setPreview] = useState<GroupPreviewResult | null>(null)

  const example = exampleShortUrl(info.data?.base ?? apiOrigin())
  // The server trims the content before filling it, so the figures do too.
  const trimmed = content.trim()
  const filled = trimmed ? fillLink(trimmed, example) : ''
  // One message of a few hundred characters: measured on the main thread, well under a millisecond.
  const measure = useMemo(() => measureContent(filled), [filled])
  const valid = c.numbers.state.valid
  const price = info.data?.price ?? null
  const cost = price === null ? null : chargeFor(measure.messages * valid, price)
  // The balance beside the form is the signed-in account's; an administrator paying from another account sees none.
  const forSelf = c.paysSelf(cusId)
  const balance = forSelf ? c.balance : null

  const check = (forPreview = false) => c.check({
    account: chooses && !cusId ? LL.send.account.required() : undefined,
    url: urlProblem(longUrl) ?? undefined,
    content: !trimmed ? LL.send.errors.contentRequired()
      : marketing && !hasOptOut(trimmed) ? LL.marketing.optOutMissing()
      : measure.chars > MAX_CONTENT_CHARS ? LL.sendLink.errors.messageTooLong({ chars: measure.chars, max: MAX_CONTENT_CHARS }) : undefined,
  }, forPreview)

  /** Built here: every recipient's message is the content with its own link, of the example's length. */
  function runPreview() {
    if (!check(true)) return
    const text = new TextDecoder().decode(firstLines(c.numbers.state.numbers, PREVIEW_LIMIT))
    const mobiles = text.split('\n').filter(Boolean)
    const s = c.numbers.state
    setPreview({
      messages: mobiles.map((mobile) => ({ mobile, content: filled, messages: measure.messages })),
      numbers: s.valid, invalid: s.invalid, duplicates: s.duplicates, total_messages: measure.messages * s.valid, cost: cost ?? 0,
    })
  }

  async function summarize(): Promise<SendSummary | null> {
    if (!check()) return null
    const [out, notice] = await Promise.all([
      optOutCheck(c, LL, locale, valid, { numbers: c.numbers.state.numbers, content, marketing }, cusId), marketingNotice(marketing, c.timingTime()),
    ])
    if (!out) return null
    const numbers = valid - removedCount(out)
    const messages = measure.messages * numbers
    // Every recipient reads the content with a link of its own, of the example's length.
    return {
      numbers, messages, balance, cost: price === null ? null : chargeFor(messages, price), time: c.schedule.timed ? c.schedule.time : null,
      ...removedOf(out), text: filled, marketing: notice,
    }
  }

  async function send(): Promise<SendResult | null> {
    const payload = { cus_id: cusId || undefined, content, long_url: longUrl.trim(), marketing, timing_time: c.timingTime(), idempotency_key: c.key }
    const result = await linkSend(payload, c.numbers.state.numbers).catch(c.refusal)
    if (!result) return null
    c.finish(result, cusId)
    return result
  }

  return {
    c, chooses, cusId, content, longUrl, example, measure, cost, balance, preview, summarize, send, runPreview,
    infoError: info.isError,
    /** Judged as typed once there is something to judge; "required" waits for a send or preview. */
    urlError: longUrl.trim() ? urlProblem(longUrl) : (c.problem?.url ?? null),
    closePreview: () => setPreview(null),
    setAccount: (v: string) => c.setFields({ cusId: v }),
    setContent: (v: string) => c.setFields({ content: v }),
    marketing,
    setMarketing: (v: boolean) => c.setFields({ marketing: v }),
    setLongUrl: (v: string) => c.setFields({ longUrl: v }),
  }
}
