import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isApiError } from '@/api/http'
import { clearPushUrl, modifyPushUrl, pushKeys, pushSettingQuery } from '@/api/push'
import { Button } from '@/components/ui/Button'
import { confirm } from '@/components/ui/confirm'
import { TextField } from '@/components/ui/TextField'
import { toast } from '@/components/ui/toast'
import { pushUrlModifySchema } from '@/domain/push'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * The report push address (spec section 5: it must be filled; a change is confirmed first). Checked with the
 * schema the server uses; the server's own refusal (a private address) is shown under the field.
 */
export function PushSection() {
  const { LL } = useI18nContext()
  const t = LL.push
  const qc = useQueryClient()
  const { data } = useQuery(pushSettingQuery())
  const current = data?.push_url ?? ''
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => setValue(current), [current])

  const run = async (call: () => Promise<string>) => {
    setBusy(true)
    try {
      toast.success(await call())
      await qc.invalidateQueries({ queryKey: pushKeys.all })
    } catch (e) {
      if (isApiError(e)) setError(e.message)
      else throw e
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    const res = pushUrlModifySchema.safeParse({ push_url: value })
    if (!res.success) {
      const why = res.error.issues[0]?.message
      setError(why === 'required' ? t.required() : why === 'tooLong' ? t.tooLong() : t.invalid())
      return
    }
    setError(null)
    const url = res.data.push_url
    if (url === current) return
    if (!(await confirm({ title: t.confirmTitle(), message: current ? t.confirmChange({ from: current, to: url }) : t.confirmSet({ to: url }) }))) return
    await run(() => modifyPushUrl(url))
  }

  const clear = async () => {
    if (!(await confirm({ title: t.clearTitle(), message: t.confirmClear({ from: current }), danger: true }))) return
    setError(null)
    await run(clearPushUrl)
  }

  return (
    <section data-testid="push-section" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h1 className="mb-1 text-lg font-semibold">{t.title()}</h1>
      <p className="mb-4 text-sm text-[var(--muted)]">{t.intro()}</p>
      <p className="mb-3 text-sm" data-testid="push-current">
        {current ? t.current({ url: current }) : t.none()}
      </p>
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <TextField
          label={t.address()}
          name="push_url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/sms/report"
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={busy} data-testid="push-save">{t.save()}</Button>
          {current && <Button variant="secondary" disabled={busy} onClick={() => void clear()} data-testid="push-clear">{t.clear()}</Button>}
          <Link to="/$" params={{ _splat: 'info/push-log' }} className="text-sm text-[var(--primary)] hover:underline">{t.logLink()}</Link>
        </div>
      </form>
      <p className="mt-3 text-xs text-[var(--muted)]">{t.signatureHint()}</p>
    </section>
  )
}
