import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { groupPreview, groupSend } from '@/api/send'
import { isApiError } from '@/api/http'
import { toast } from '@/components/ui/toast'
import { PREVIEW_LIMIT, type GroupPreviewResult, type SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { measureContent } from '../../../workers/billing'
import { lowerBalance, balanceQuery } from './balance'
import { clearDraft, loadDraft, saveDraft } from './draft'
import { firstLines } from './number-sources'
import { scheduleProblem, toIso } from './schedule'
import { useNumbers } from './use-numbers'

const DRAFT_DELAY_MS = 400

/** The composed same-content send: numbers, content, timing, its draft in IndexedDB, and the calls. */
export function useGroupSend() {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const numbers = useNumbers()
  const [content, setContent] = useState('')
  const [schedule, setSchedule] = useState({ timed: false, time: '' })
  const [key, setKey] = useState<string>(() => crypto.randomUUID())
  const [restored, setRestored] = useState(false)
  const [problem, setProblem] = useState<{ content?: string; numbers?: string; schedule?: string } | null>(null)
  const [price, setPrice] = useState<number | null>(null)
  const balance = useQuery(balanceQuery())
  // One message of at most 1000 characters: measured here on the main thread, well under a millisecond.
  const measure = useMemo(() => measureContent(content), [content])

  const { setState } = numbers
  useEffect(() => {
    void loadDraft().then((d) => {
      if (d) {
        setContent(d.content)
        setSchedule({ timed: d.timed, time: d.time })
        setKey(d.idempotencyKey)
        setState(d.numbers)
        if (d.content || d.numbers.valid) toast.info(LL.send.draftRestored())
      }
      setRestored(true)
    })
  }, [LL, setState])

  const state = numbers.state
  useEffect(() => {
    if (!restored) return
    const timer = setTimeout(() => {
      const empty = !content && state.sources === 0 && !schedule.timed
      void (empty ? clearDraft() : saveDraft({ content, ...schedule, numbers: state, idempotencyKey: key }))
    }, DRAFT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [restored, content, schedule, state, key])

  /** The problems that stop a send, translated; null when it may go ahead. */
  function validate(forPreview = false) {
    const p: NonNullable<typeof problem> = {}
    if (!content.trim()) p.content = LL.send.errors.contentRequired()
    if (numbers.pending) p.numbers = LL.send.errors.busy()
    else if (state.valid === 0) p.numbers = LL.send.errors.noValidNumbers()
    const s = !forPreview && schedule.timed ? scheduleProblem(schedule.time) : null
    if (s) p.schedule = LL.send.schedule[s]()
    const bad = Object.keys(p).length > 0
    setProblem(bad ? p : null)
    return !bad
  }

  const [preview, setPreview] = useState<GroupPreviewResult | null>(null)
  /** Previews the first numbers only: the messages shown are theirs, and a million numbers stay on this machine. */
  async function previewFirst(count: number) {
    const result = await groupPreview({ content }, firstLines(state.numbers, count)).catch(showRefusal)
    if (result && result.total_messages > 0) setPrice(result.cost / result.total_messages)
    return result
  }
  async function runPreview() {
    if (!validate(true)) return
    const result = await previewFirst(PREVIEW_LIMIT)
    if (result) setPreview(result)
  }
  /** The account's price per message, learnt from a one-number preview, so the confirmation can show the cost. */
  async function ensurePrice(): Promise<number | null> {
    if (price !== null) return price
    const result = await previewFirst(1)
    return result && result.total_messages > 0 ? result.cost / result.total_messages : null
  }

  const inFlight = useRef(false)
  async function send(): Promise<SendResult | null> {
    if (inFlight.current) return null
    inFlight.current = true
    try {
      const timing_time = schedule.timed ? toIso(schedule.time) : null
      const result = await groupSend({ content, timing_time, idempotency_key: key }, state.numbers).catch(showRefusal)
      if (!result) return null
      toast.success(result.timed ? LL.send.scheduled({ batchId: result.batch_id }) : LL.send.sent({ batchId: result.batch_id }))
      lowerBalance(queryClient, result.balance_after)
      reset()
      return result
    } finally {
      inFlight.current = false
    }
  }

  function showRefusal(e: unknown): null {
    // Other failures were toasted by the HTTP client; a 400 (insufficient balance, no valid number) was not. A
    // refusal stored nothing, so the next attempt is a new send with a new key; after a time-out or a network error
    // the key stays, and the retry cannot send twice.
    if (isApiError(e) && e.status === 400) toast.error(e.message)
    if (isApiError(e) && e.status >= 400 && e.status < 500) setKey(crypto.randomUUID())
    return null
  }

  function reset() {
    setContent('')
    setSchedule({ timed: false, time: '' })
    numbers.clear()
    setKey(crypto.randomUUID())
    setProblem(null)
    void clearDraft()
  }

  return {
    numbers, content, setContent, schedule, setSchedule, measure, problem, validate, send, reset,
    preview, runPreview, ensurePrice, price, closePreview: () => setPreview(null),
    cost: price === null ? null : price * measure.messages * state.valid,
    balance: balance.data ?? null,
    balanceError: balance.isError,
  }
}
