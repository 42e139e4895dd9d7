import { useQuery, useQueryClient } from '@tanstack/react-query'
import { balanceWarnQuery, saveBalanceWarn, warnKeys } from '@/api/alerts'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { formatMoney } from '@/domain/money'
import { balanceWarnSchema, WARN_MOBILES_MAX, type BalanceWarn } from '@/domain/warn'
import { useI18nContext } from '@/i18n/i18n-react'
import { formatDateTime } from '@/domain/date-time'

/** Mobiles as typed: one a line or separated by commas, spaces or the full-width comma. */
const splitMobiles = (s: string) => s.split(/[\s,，;；、]+/).filter(Boolean)

/** The balance warning: threshold and mobiles, checked with the schema the server uses. */
export function BalanceWarnSection() {
  const { LL, locale } = useI18nContext()
  const t = LL.alerts.warn
  const qc = useQueryClient()
  const { data, isError, refetch } = useQuery(balanceWarnQuery())
  const spec: FormSpec<'threshold' | 'mobiles', BalanceWarn> = {
    id: 'balance-warn',
    schema: balanceWarnSchema,
    toInput: (v) => ({ threshold: v.threshold.trim() === '' ? Number.NaN : v.threshold, mobiles: splitMobiles(v.mobiles) }),
    fields: [
      { name: 'threshold', label: t.threshold(), inputMode: 'decimal', message: t.thresholdInvalid() },
      {
        name: 'mobiles', label: t.mobiles(), kind: 'textarea', hint: t.mobilesHint({ max: WARN_MOBILES_MAX }),
        message: (issue, v) => {
          const bad = typeof issue.path[1] === 'number' ? splitMobiles(v.mobiles)[issue.path[1]] : undefined
          return bad ? t.mobileInvalid({ mobile: bad }) : t.tooManyMobiles({ max: WARN_MOBILES_MAX })
        },
      },
    ],
    initial: data && { threshold: String(data.threshold), mobiles: data.mobiles.join('\n') },
    keepValues: true,
    submitLabel: t.save(),
    submitTestId: 'balance-warn-save',
    submit: async (p) => {
      const msg = await saveBalanceWarn(p)
      await qc.invalidateQueries({ queryKey: warnKeys.all })
      return msg
    },
  }

  return (
    <section data-testid="balance-warn-section" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h2 className="mb-1 text-lg font-semibold">{t.title()}</h2>
      <p className="mb-4 text-sm text-[var(--muted)]">{t.intro()}</p>
      {data && (
        <p className="mb-3 text-sm" data-testid="balance-warn-status">
          {t.balance({ balance: formatMoney(data.balance, locale, 'balance') })}
          {data.lastWarnedAt && <span className="ml-4 text-[var(--muted)]">{t.lastWarned({ time: formatDateTime(data.lastWarnedAt) })}</span>}
        </p>
      )}
      {/* The form is drawn from the saved setting once it has come (and again after a save changes it): drawn before,
          what was typed into it would be replaced when the setting arrived. */}
      {data ? (
        <DeclaredForm key={`${data.threshold}|${data.mobiles.join(',')}`} spec={spec} />
      ) : isError ? (
        <p role="alert" className="flex items-center gap-3 text-sm text-[var(--danger)]">
          {LL.common.serverErrorHint()}
          <Button variant="secondary" onClick={() => void refetch()}>{LL.common.reload()}</Button>
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-[var(--muted)]" data-testid="balance-warn-loading"><Spinner size={12} />{LL.common.loading()}</p>
      )}
    </section>
  )
}
