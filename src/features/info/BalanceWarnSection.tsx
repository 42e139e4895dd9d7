import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { balanceWarnQuery, saveBalanceWarn, warnKeys } from '@/api/alerts'
import { isApiError } from '@/api/http'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { toast } from '@/components/ui/toast'
import { balanceWarnSchema, WARN_MOBILES_MAX } from '@/domain/warn'
import { useI18nContext } from '@/i18n/i18n-react'

/** Mobiles as typed: one a line or separated by commas, spaces or the full-width comma. */
const splitMobiles = (s: string) => s.split(/[\s,，;；、]+/).filter(Boolean)

/** The balance warning: threshold and mobiles, checked with the schema the server uses. */
export function BalanceWarnSection() {
  const { LL } = useI18nContext()
  const t = LL.alerts.warn
  const qc = useQueryClient()
  const { data } = useQuery(balanceWarnQuery())
  const [threshold, setThreshold] = useState('')
  const [mobiles, setMobiles] = useState('')
  const [errors, setErrors] = useState<{ threshold?: string; mobiles?: string }>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!data) return
    setThreshold(String(data.threshold))
    setMobiles(data.mobiles.join('\n'))
  }, [data])

  const save = async () => {
    const list = splitMobiles(mobiles)
    const parsed = balanceWarnSchema.safeParse({ threshold: threshold.trim() === '' ? Number.NaN : threshold, mobiles: list })
    if (!parsed.success) {
      const at = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)
      const bad = at('mobiles')
      const badMobile = bad && typeof bad.path[1] === 'number' ? list[bad.path[1]] : null
      setErrors({
        threshold: at('threshold') ? t.thresholdInvalid() : undefined,
        mobiles: !bad ? undefined : badMobile ? t.mobileInvalid({ mobile: badMobile }) : t.tooManyMobiles({ max: WARN_MOBILES_MAX }),
      })
      return
    }
    setErrors({})
    setBusy(true)
    try {
      toast.success(await saveBalanceWarn(parsed.data))
      await qc.invalidateQueries({ queryKey: warnKeys.all })
    } catch (e) {
      if (!isApiError(e)) throw e
      toast.error(e.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section data-testid="balance-warn-section" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h1 className="mb-1 text-lg font-semibold">{t.title()}</h1>
      <p className="mb-4 text-sm text-[var(--muted)]">{t.intro()}</p>
      {data && (
        <p className="mb-3 text-sm" data-testid="balance-warn-status">
          {t.balance({ balance: data.balance.toFixed(2) })}
          {data.lastWarnedAt && <span className="ml-4 text-[var(--muted)]">{t.lastWarned({ time: new Date(data.lastWarnedAt).toLocaleString() })}</span>}
        </p>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <TextField
          label={t.threshold()}
          name="threshold"
          inputMode="decimal"
          value={threshold}
          error={errors.threshold}
          data-testid="balance-warn-threshold"
          onChange={(e) => setThreshold(e.target.value)}
        />
        <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
          {t.mobiles()}
          <textarea
            name="mobiles"
            rows={3}
            value={mobiles}
            aria-invalid={errors.mobiles ? true : undefined}
            data-testid="balance-warn-mobiles"
            className={`rounded border bg-[var(--surface)] px-3 py-2 font-mono text-sm text-[var(--text)] outline-none focus:border-[var(--primary)]
              ${errors.mobiles ? 'border-[var(--danger)]' : 'border-[var(--border)]'}`}
            onChange={(e) => setMobiles(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault()
                void save()
              }
            }}
          />
          <span className="text-xs">{t.mobilesHint({ max: WARN_MOBILES_MAX })}</span>
          <span role={errors.mobiles ? 'alert' : undefined} className="min-h-4 text-xs text-[var(--danger)]">{errors.mobiles ?? ''}</span>
        </label>
        <div>
          <Button type="submit" busy={busy} data-testid="balance-warn-save">{t.save()}</Button>
        </div>
      </form>
    </section>
  )
}
