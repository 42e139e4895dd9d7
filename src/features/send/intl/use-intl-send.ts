import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { countriesQuery, intlPreview, intlSend } from '@/api/send-intl'
import { PREVIEW_LIMIT, type SendResult } from '@/domain/send'
import { SENDER_ID_MAX, senderIdProblem, type IntlPreviewResult } from '@/domain/send-intl'
import { useI18nContext } from '@/i18n/i18n-react'
import { measureContent } from '../../../../workers/billing'
import { WorkerFailedError } from '../../../../workers/remote'
import type { SendSummary } from '../ConfirmSendDialog'
import { firstLines } from '../number-sources'
import { optOutCheck, removedCount, removedOf } from '../opt-out-check'
import type { NumberListOptions } from '../numbers-client'
import { useSendComposer } from '../use-send-composer'
import { breakdownOf, withoutRemoved } from './breakdown'
import { countInWorker, type CountryCounts } from './country-counts-client'

export interface IntlFields {
  cusId: string
  senderId: string
  content: string
}
const EMPTY: IntlFields = { cusId: '', senderId: '', content: '' }
// The account is preselected for non-administrators, so it alone is not worth a draft.
const fieldsEmpty = (f: IntlFields) => !f.content && !f.senderId

/**
 * The composed international send: the composer with numbers parsed in international mode against the country
 * list's calling codes, plus the paying account, sender id, content, the per-country cost (counted in a worker) and
 * the calls. Numbers are only read once the country list is here (the screen shows the panel then).
 */
export function useIntlSend() {
  const { LL, locale } = useI18nContext()
  const countries = useQuery(countriesQuery())
  const codes = useMemo(() => countries.data?.map((c) => c.calling_code), [countries.data])
  const numberOptions = useMemo<NumberListOptions | undefined>(() => codes && { mode: 'international', countryCodes: codes }, [codes])
  const c = useSendComposer<IntlFields>({ kind: 'intl', emptyFields: EMPTY, fieldsEmpty, keptAfterSend: ['cusId'], numberOptions })
  const { content, senderId, cusId } = c.fields
  const { setFields } = c
  const setCusId = useCallback((v: string) => setFields({ cusId: v }), [setFields])
  const { numbers } = c.numbers.state
  const measure = useMemo(() => measureContent(content), [content])
  const [preview, setPreview] = useState<IntlPreviewResult | null>(null)

  // Counts per calling code of the current numbers, once per list: the effect shows them, a send waits for them.
  const counting = useRef<{ numbers: Uint8Array; promise: Promise<CountryCounts> } | null>(null)
  const countsOf = useCallback((list: Uint8Array, cc: string[]) => {
    if (counting.current?.numbers === list) return counting.current.promise
    const entry = { numbers: list, promise: countInWorker(list, cc) }
    counting.current = entry
    // A failed count is not kept: asking again starts a fresh worker.
    entry.promise.catch(() => {
      if (counting.current === entry) counting.current = null
    })
    return entry.promise
  }, [])
  const [counts, setCounts] = useState<{ numbers: Uint8Array; counts: CountryCounts } | null>(null)
  // The list whose count failed: the spinner stops and the numbers panel says why.
  const [countFailed, setCountFailed] = useState<Uint8Array | null>(null)
  const { fail } = c.numbers
  const countFailure = useCallback(
    (e: unknown) => fail(e instanceof WorkerFailedError ? LL.send.errors.workerFailed() : LL.send.numbers.parseFailed()),
    [LL, fail],
  )
  useEffect(() => {
    if (!codes) return
    let live = true
    countsOf(numbers, codes).then(
      (r) => live && setCounts({ numbers, counts: r }),
      (e: unknown) => {
        if (!live) return
        setCountFailed(numbers)
        countFailure(e)
      },
    )
    return () => {
      live = false
    }
  }, [numbers, codes, countsOf, countFailure])
  const current = counts?.numbers === numbers ? counts.counts : null
  const breakdown = useMemo(
    () => (current && countries.data ? breakdownOf(countries.data, current, measure.messages) : null),
    [current, countries.data, measure.messages],
  )

  const ownAccount = c.paysSelf(cusId) && !!cusId
  const senderProblem = senderIdProblem(senderId)
  const senderError = senderProblem === 'chars' ? LL.sendIntl.senderId.chars() : senderProblem === 'tooLong' ? LL.sendIntl.senderId.tooLong({ max: SENDER_ID_MAX }) : null

  const ownProblems = (cost: number | null) => ({
    account: cusId ? undefined : LL.send.account.required(),
    senderId: senderError ?? undefined,
    content: content.trim() ? undefined : LL.send.errors.contentRequired(),
    // The balance shown is the caller's: it is compared only when the caller pays; else the server checks.
    balance: ownAccount && c.balance !== null && cost !== null && cost > c.balance ? LL.send.errors.insufficientBalance() : undefined,
  })

  async function summarize(): Promise<SendSummary | null> {
    const list = numbers
    let listCounts: CountryCounts | null = null
    if (codes && countries.data && list.length) {
      try {
        listCounts = await countsOf(list, codes)
      } catch (e) {
        countFailure(e)
        return null
      }
    }
    if (!c.check(ownProblems(null))) return null
    // The numbers the scrub will leave out, per calling code: the confirmation counts and prices only the rest.
    const out = await optOutCheck(c, LL, locale, c.numbers.state.valid, { numbers: list, content, international: true }, cusId)
    if (!out) return null
    const b = listCounts && countries.data ? breakdownOf(countries.data, withoutRemoved(listCounts, out.calling_codes), measure.messages) : null
    if (!c.check(ownProblems(b?.cost ?? null))) return null
    const left = c.numbers.state.valid - removedCount(out)
    return {
      numbers: left, messages: measure.messages * left, cost: b?.cost ?? null,
      balance: ownAccount ? c.balance : null, time: c.schedule.timed ? c.schedule.time : null, text: content, ...removedOf(out),
    }
  }

  async function send(): Promise<SendResult | null> {
    const payload = { cus_id: cusId, sender_id: senderId.trim() || undefined, content, timing_time: c.timingTime(), idempotency_key: c.key }
    const result = await intlSend(payload, numbers).catch(c.refusal)
    if (!result) return null
    c.finish(result, cusId)
    return result
  }

  async function runPreview() {
    if (!c.check({ account: ownProblems(null).account, senderId: senderError ?? undefined, content: ownProblems(null).content }, true)) return
    const result = await intlPreview({ cus_id: cusId, content }, firstLines(numbers, PREVIEW_LIMIT)).catch(c.refusal)
    if (result) setPreview(result)
  }

  return {
    c, countries, ready: !!codes, measure, breakdown, counting: c.numbers.state.valid > 0 && !current && countFailed !== numbers,
    content, setContent: (v: string) => c.setFields({ content: v }),
    senderId, setSenderId: (v: string) => c.setFields({ senderId: v }), senderError,
    cusId, setCusId,
    ownAccount, summarize, send, preview, runPreview, closePreview: () => setPreview(null),
  }
}
