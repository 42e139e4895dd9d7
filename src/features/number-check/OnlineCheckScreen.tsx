import { uuidV4 } from '@/domain/uuid'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { noticeKeys } from '@/api/alerts'
import { isApiError } from '@/api/http'
import { checkInfoQuery, onlineCheck } from '@/api/number-check'
import { Button } from '@/components/ui/Button'
import { confirm } from '@/components/ui/confirm'
import { Spinner } from '@/components/ui/Spinner'
import { checkCost, ONLINE_CHECK_LIMIT, type OnlineCheckResult } from '@/domain/number-check-online'
import { AIM_CHECK_LIMIT } from '@/domain/number-check-ue'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { getUserInfo, setUserInfo } from '@/stores/session'
import { CheckResult } from './CheckResult'
import { mobilesOf, parseNumbers } from './parse-numbers'

const PARSE_DELAY_MS = 250

interface Parsed {
  mobiles: string[]
  duplicates: number
  invalid: number
}

/**
 * /number-check/online: numbers pasted or typed are read by the numbers worker as the user goes, with their count,
 * price and cost; "check" asks to confirm the cost, then the server checks, bills and answers each number's state.
 */
export default function OnlineCheckScreen() {
  const { LL, locale } = useI18nContext()
  const t = LL.numberCheck
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const queryClient = useQueryClient()
  const info = useQuery(checkInfoQuery())
  const [text, setText] = useState('')
  const [parsed, setParsed] = useState<Parsed | null>(null)
  const [parsing, setParsing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<OnlineCheckResult | null>(null)
  // One key per list of numbers: a retry after a lost reply is not billed twice; other numbers get a new one.
  const [key, setKey] = useState(uuidV4)

  useEffect(() => {
    if (!text.trim()) return setParsed(null)
    setParsing(true)
    let current = true
    const timer = setTimeout(() => {
      parseNumbers(text)
        .then((r) => current && setParsed({ mobiles: mobilesOf(r), duplicates: r.duplicates, invalid: r.invalid }))
        .catch(() => current && setProblem(LL.send.numbers.parseFailed()))
        .finally(() => current && setParsing(false))
    }, PARSE_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [text, LL])

  const price = info.data?.price ?? null
  const count = parsed?.mobiles.length ?? 0
  const cost = price === null ? null : checkCost(count, price)

  const run = useMutation({
    mutationFn: onlineCheck,
    onSuccess: (r) => {
      setResult(r)
      setKey(uuidV4())
      queryClient.setQueryData(checkInfoQuery().queryKey, (old) => (old ? { ...old, balance: r.balance_after } : old))
      // The check may have crossed the balance warning; the shell's balance follows the server's.
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all })
      const s = getUserInfo()
      if (s) setUserInfo({ ...s, userInfo: { ...s.userInfo, authUser: { ...s.userInfo.authUser, balance: r.balance_after } } })
    },
    onError: (e) => {
      // A refusal (balance, product, bad numbers) stored nothing: the next attempt is a new check.
      if (isApiError(e) && e.status >= 400 && e.status < 500) setKey(uuidV4())
      setProblem(isApiError(e) ? e.msg : LL.errors.unknown())
    },
  })

  const submit = async () => {
    const p = parsing ? t.busy() : count === 0 ? t.noNumbers() : count > ONLINE_CHECK_LIMIT ? t.tooMany({ count, max: ONLINE_CHECK_LIMIT }) : price === null ? t.noProduct() : null
    setProblem(p)
    if (p || !parsed || cost === null) return box.current?.focus()
    const ok = await confirm({ title: t.confirmTitle(), message: t.confirmMessage({ count, cost: formatMoney(cost, locale) }), confirmLabel: t.confirmLabel() })
    if (ok) run.mutate({ mobiles: parsed.mobiles, idempotency_key: key })
  }

  // The read-message capability of the same numbers, as a file: a free lookup, nothing stored or billed.
  const [aimBusy, setAimBusy] = useState(false)
  const aimDownload = async () => {
    const p = parsing ? t.busy() : count === 0 ? t.noNumbers() : count > AIM_CHECK_LIMIT ? t.aim.tooMany({ count, max: AIM_CHECK_LIMIT }) : null
    setProblem(p)
    if (p || !parsed) return box.current?.focus()
    setAimBusy(true)
    try {
      const { download } = await import('@/api/transfer')
      await download('/aim/onlineMobileCheck', { mobiles: parsed.mobiles }, t.aim.fileName(), { long: true })
    } catch (e) {
      setProblem(isApiError(e) ? e.msg : LL.errors.unknown())
    } finally {
      setAimBusy(false)
    }
  }

  const another = () => {
    setResult(null)
    setText('')
    setTimeout(() => box.current?.focus())
  }

  if (result) return <div className="mx-auto flex max-w-4xl flex-col gap-5 p-4"><CheckResult result={result} onAnother={another} /></div>

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 p-4">
      <form
        noValidate
        className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <h2 className="mb-2 font-semibold">{t.title()}</h2>
        <label htmlFor={id} className="text-sm text-[var(--muted)]">{t.boxLabel()}</label>
        <textarea
          id={id}
          ref={box}
          autoFocus
          data-testid="check-box"
          rows={8}
          value={text}
          placeholder={t.placeholder()}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value)
            setProblem(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              void submit()
            }
          }}
          className="mt-1 w-full rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 font-mono text-sm outline-none focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30"
        />
        <p className="mt-1 text-xs text-[var(--muted)]">{t.limit({ max: ONLINE_CHECK_LIMIT })}</p>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="check-summary" aria-live="polite">
          <li data-testid="check-valid" className="font-semibold text-[var(--primary)]">{t.valid({ count })}</li>
          <li>{t.duplicates({ count: parsed?.duplicates ?? 0 })}</li>
          <li className={parsed?.invalid ? 'text-[var(--danger)]' : ''}>{t.invalid({ count: parsed?.invalid ?? 0 })}</li>
          {price !== null && <li>{t.price({ price: formatMoney(price, locale, 'price') })}</li>}
          {cost !== null && <li data-testid="check-cost" className="font-semibold">{t.cost({ cost: formatMoney(cost, locale) })}</li>}
          {info.data && <li data-testid="check-balance">{t.balance({ balance: formatMoney(info.data.balance, locale, 'balance') })}</li>}
          {parsing && <li className="flex items-center gap-1 text-[var(--muted)]"><Spinner size={14} />{t.parsing()}</li>}
        </ul>
        {info.data && price === null && <p className="mt-2 text-sm text-[var(--danger)]">{t.noProduct()}</p>}
        {problem && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{problem}</p>}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" busy={run.isPending}>{t.check()}</Button>
          <Button type="button" variant="secondary" busy={aimBusy} onClick={() => void aimDownload()} data-testid="aim-download">{t.aim.download()}</Button>
        </div>
        <p className="mt-1 text-xs text-[var(--muted)]">{t.aim.hint({ max: AIM_CHECK_LIMIT })}</p>
      </form>
    </div>
  )
}
