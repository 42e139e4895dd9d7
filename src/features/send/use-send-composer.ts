import { uuidV4 } from '@/domain/uuid'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { failureDetail, isApiError } from '@/api/http'
import { toast } from '@/components/ui/toast'
import { sentBatchPath, type SendKind, type SendResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'
import { rememberLastBatch } from '@/stores/last-batch'
import { takeRecipients } from '@/stores/recipients-handoff'
import { getToken, useSession } from '@/stores/session'
import { balanceQuery, lowerBalance } from './balance'
import { clearDraft, loadDraft, saveDraft } from './draft'
import type { NumberListOptions } from './numbers-client'
import { quickChoice, scheduleProblem, toIso } from './schedule'
import { sentWords } from './sent-words'
import { useNumbers } from './use-numbers'

const DRAFT_DELAY_MS = 400

/** What stops a send, translated, per part of the form: `numbers`, `schedule`, or one of the kind's fields. */
export type Problems = Partial<Record<string, string>>

export interface ComposerOptions<F extends object> {
  /** The send kind: names the draft record and the send command, and says where its records are listed. */
  kind: SendKind
  /** The kind's fields when nothing is composed; a restored draft's fields are merged over them. */
  emptyFields: F
  /** Number parsing (international sends pass their mode and calling codes). */
  numberOptions?: NumberListOptions
  /** False for a send whose recipients are not a number list (point-to-point rows come from a spreadsheet). */
  usesNumbers?: boolean
  /** True when the fields hold nothing worth keeping as a draft. */
  fieldsEmpty: (f: F) => boolean
  /**
   * Fields that stay after a successful send (the sending account: an administrator sending several batches for one
   * customer should not pick it again each time). The explicit Reset clears them too.
   */
  keptAfterSend?: (keyof F)[]
}

/**
 * What every send page shares: the recipients (parsed in the worker), the kind's fields, the optional timing,
 * the idempotency key, the IndexedDB draft (restored on open, saved as the user types, cleared after a send), the
 * balance, the common checks, and what happens after a reply. A page adds its own fields, checks and calls.
 */
export function useSendComposer<F extends object>(o: ComposerOptions<F>) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const numbers = useNumbers(o.numberOptions)
  const [fields, setFieldsRaw] = useState<F>(o.emptyFields)
  const [schedule, setSchedule] = useState({ timed: false, time: '' })
  const [key, setKey] = useState<string>(() => uuidV4())
  const [restored, setRestored] = useState(false)
  const [problem, setProblem] = useState<Problems | null>(null)
  const balance = useQuery(balanceQuery())
  const own = useSession().authUser
  // Drafts are the signed-in account's; none is read or written before the account is known.
  const account = own?.cusId ?? ''
  const { kind, emptyFields, fieldsEmpty } = o
  const usesNumbers = o.usesNumbers ?? true

  const setFields = useCallback((patch: Partial<F>) => setFieldsRaw((f) => ({ ...f, ...patch })), [])

  const { setState, addText } = numbers
  const initial = useRef({ kind, emptyFields })
  useEffect(() => {
    const { kind: k, emptyFields: empty } = initial.current
    // A page left before its draft was read (the tab closed), or drawn once more as the session ends under it (its
    // tab closing with the others), offers nothing: the draft stays stored, and the page opened after sign-in offers it.
    let left = false
    if (!account) return
    void loadDraft<F>(account, k).then((d) => {
      if (left || !getToken()) return
      // Numbers another screen handed to the bulk send page (a number check's live numbers) replace the draft's.
      // Taken here, by the run of this effect that applies them: one that was left (the effect ran again) leaves
      // them for the next.
      const handed = k === 'group' ? takeRecipients() : null
      if (d) {
        setFieldsRaw({ ...empty, ...d.fields })
        setSchedule({ timed: d.timed, time: d.time })
        setKey(handed ? uuidV4() : d.idempotencyKey)
        if (!handed) setState(d.numbers)
        toast.info(LL.send.draftRestored())
      }
      if (handed) void addText(handed)
      setRestored(true)
    })
    return () => {
      left = true
    }
  }, [LL, setState, addText, account])

  const state = numbers.state
  // Recipients that are now valid take back the box's "no valid numbers" at once (other problems wait for Send).
  useEffect(() => {
    if (state.valid === 0 || numbers.pending) return
    setProblem((p) => {
      if (!p?.numbers) return p
      const { numbers: _, ...rest } = p
      return Object.keys(rest).length ? rest : null
    })
  }, [state.valid, numbers.pending])
  useEffect(() => {
    if (!restored || !account) return
    const timer = setTimeout(() => {
      const empty = fieldsEmpty(fields) && state.sources === 0 && !schedule.timed
      const draft = { fields, ...schedule, numbers: state, idempotencyKey: key }
      void (empty ? clearDraft(account, kind) : saveDraft(account, kind, draft))
    }, DRAFT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [restored, account, kind, fields, fieldsEmpty, schedule, state, key])

  /**
   * Shows `own` (the kind's field problems) together with the common ones (numbers still parsing or none valid,
   * a timed send too soon); true when nothing stops the send. A preview ignores the timing.
   */
  function check(own: Problems, forPreview = false): boolean {
    const p: Problems = { ...own }
    if (usesNumbers) {
      if (numbers.pending) p.numbers = LL.send.errors.busy()
      else if (state.valid === 0) p.numbers = LL.send.errors.noValidNumbers()
    }
    const s = !forPreview && schedule.timed ? scheduleProblem(schedule.time) : null
    if (s) p.schedule = s === 'format' ? LL.send.schedule.format({ example: quickChoice(60) }) : LL.send.schedule[s]()
    for (const k of Object.keys(p)) if (!p[k]) delete p[k]
    const bad = Object.keys(p).length > 0
    setProblem(bad ? p : null)
    return !bad
  }

  /** timing_time of the payload: the chosen time as ISO, or null to send now. */
  const timingTime = () => (schedule.timed ? toIso(schedule.time) : null)

  /**
   * For `.catch` on a call. Other failures were toasted by the HTTP client; a 400 (insufficient balance, no valid
   * number) was not: it is, in the same words (status, request id, nothing charged). A refusal stored nothing, so the next attempt is a new send with a new key; after a time-out or
   * a network error the key stays, and the retry cannot send twice.
   */
  function refusal(e: unknown): null {
    if (isApiError(e) && e.status === 400) toast.error(e.message, failureDetail(400, e.requestId, 'send'))
    if (isApiError(e) && e.status >= 400 && e.status < 500) setKey(uuidV4())
    return null
  }

  function reset() {
    setFieldsRaw(emptyFields)
    setSchedule({ timed: false, time: '' })
    numbers.clear()
    setKey(uuidV4())
    setProblem(null)
    if (account) void clearDraft(account, kind)
  }

  /**
   * True when `payer` (the send's cus_id; empty means the caller) is the signed-in account: only then is the balance
   * beside the form the paying account's.
   */
  const paysSelf = (payer?: string | null) => !payer || payer === own?.cusId

  /**
   * After a successful reply: say so, show the balance the server reports when the caller paid (an administrator
   * or parent paying from another account keeps its own balance), and start a fresh send (keeping `keptAfterSend`).
   */
  function finish(result: SendResult, payer?: string | null) {
    const to = sentBatchPath(kind, result)
    const view = { label: result.timed ? LL.send.viewTimed() : LL.send.viewBatch(), onClick: () => void navigate({ to }) }
    rememberLastBatch({ batchId: result.batch_id, timed: result.timed, path: to })
    toast.success(sentWords(LL, result), view)
    if (paysSelf(payer)) lowerBalance(queryClient, result.balance_after)
    const kept: Partial<F> = {}
    for (const k of o.keptAfterSend ?? []) kept[k] = fields[k]
    reset()
    setFieldsRaw({ ...emptyFields, ...kept })
  }

  return {
    kind, numbers, fields, setFields, schedule, setSchedule, key, problem, setProblem, check, timingTime, refusal, reset, finish, paysSelf, restored,
    balance: balance.data ?? null,
    balanceError: balance.isError,
  }
}

export type SendComposer<F extends object> = ReturnType<typeof useSendComposer<F>>
