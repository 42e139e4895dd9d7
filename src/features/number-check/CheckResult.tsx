import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { batchNumbers, numberCheckKeys } from '@/api/number-check'
import { Button } from '@/components/ui/Button'
import { CHECK_STATES, type OnlineCheckResult } from '@/domain/number-check-online'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'
import { sendToLive } from './send-to-live'

/** Numbers listed on the page; the whole batch stays in the check batches list. */
const SHOWN = 500

/** A finished check: its counts per state, its numbers with their states, and "send to the live numbers". */
export function CheckResult({ result, onAnother }: { result: OnlineCheckResult; onAnother: () => void }) {
  const { LL, locale } = useI18nContext()
  const t = LL.numberCheck
  const [sending, setSending] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  // The form the user confirmed from is gone: keyboard focus starts again at the result.
  useEffect(() => heading.current?.focus(), [])
  const numbers = useQuery({ queryKey: numberCheckKeys.batch(result.id), queryFn: () => batchNumbers(result.id) })
  const rows = numbers.data ?? []
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" data-testid="check-result" aria-labelledby="check-result-h">
      <h2 id="check-result-h" ref={heading} tabIndex={-1} className="font-semibold outline-none">{t.result({ name: result.batch_name })}</h2>
      <p className="mt-1 text-sm text-[var(--muted)]" data-testid="check-result-cost">
        {t.resultCounts({ count: result.batch_count, cost: formatMoney(result.cost, locale) })} · {t.balance({ balance: formatMoney(result.balance_after, locale, 'balance') })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="check-counts">
        {CHECK_STATES.map((s) => (
          <li key={s} data-testid={`check-count-${s}`}>{t.states[s]()} <span className="font-semibold tabular-nums">{result.counts[s]}</span></li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          busy={sending}
          disabled={result.counts.real === 0}
          onClick={() => {
            setSending(true)
            void sendToLive(result.id, LL).finally(() => setSending(false))
          }}
        >
          {t.sendToLive()}
        </Button>
        <Button variant="secondary" onClick={onAnother}>{t.another()}</Button>
      </div>
      {rows.length > 0 && (
        <table className="mt-4 w-full max-w-md text-sm" data-testid="check-numbers">
          <thead>
            <tr className="text-left text-[var(--muted)]"><th className="py-1 font-normal">{t.mobile()}</th><th className="py-1 font-normal">{t.state()}</th></tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((r) => (
              <tr key={r.mobile} className="border-t border-[var(--border)]">
                <td className="py-1 font-mono">{r.mobile}</td>
                <td className={`py-1 ${r.state === 'real' ? '' : 'text-[var(--danger)]'}`}>{t.states[r.state]()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > SHOWN && <p className="mt-2 text-sm text-[var(--muted)]">{t.shownOf({ shown: SHOWN, count: rows.length })}</p>}
    </section>
  )
}
