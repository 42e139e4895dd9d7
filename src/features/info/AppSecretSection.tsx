import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { appSecretQuery, revealAppSecret, rotateAppSecret } from '@/api/alerts'
import { Button } from '@/components/ui/Button'
import { confirm } from '@/components/ui/confirm'
import { toast } from '@/components/ui/toast'
import { API_KEY_LIST_PATH } from '@/domain/api-keys'
import { useI18nContext } from '@/i18n/i18n-react'
import { askPassword } from './PasswordDialog'

/** The app secret: masked; the whole of it after the password (reveal, copy); rotation confirmed, then the password. */
export function AppSecretSection() {
  const { LL } = useI18nContext()
  const t = LL.alerts.appSecret
  const qc = useQueryClient()
  const masked = useQuery(appSecretQuery()).data?.appSecret ?? ''
  const [whole, setWhole] = useState<string | null>(null)

  const reveal = async () => {
    const reply = await askPassword(LL, t.revealTitle(), t.reveal(), revealAppSecret)
    if (reply) setWhole(reply.appSecret)
  }
  const copy = async () => {
    if (!whole) return
    await navigator.clipboard.writeText(whole).then(() => toast.success(t.copied()), () => toast.error(t.copyFailed()))
  }
  const rotate = async () => {
    if (!(await confirm({ title: t.rotateConfirmTitle(), message: t.rotateConfirm(), danger: true, confirmLabel: t.rotate() }))) return
    const done = await askPassword(LL, t.rotateTitle(), t.rotate(), rotateAppSecret)
    if (!done) return
    setWhole(done.reply.appSecret)
    toast.success(done.msg)
    await qc.invalidateQueries({ queryKey: appSecretQuery().queryKey })
  }

  return (
    <section data-testid="app-secret-section" className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
      <h2 className="mb-1 text-lg font-semibold">{t.title()}</h2>
      <p className="mb-4 text-sm text-[var(--muted)]">
        {t.intro()}{' '}
        <Link to="/$" params={{ _splat: API_KEY_LIST_PATH.slice(1) }} className="text-[var(--primary)] underline" data-testid="app-secret-keys-link">
          {LL.apiKeys.settingsLink()}
        </Link>
      </p>
      <p className="mb-3 text-sm text-[var(--muted)]">{whole ? t.title() : t.masked()}</p>
      <code data-testid="app-secret-value" className="mb-4 block rounded bg-[var(--surface-2)] px-3 py-2 font-mono text-sm break-all select-all">
        {whole ?? masked}
      </code>
      <div className="flex flex-wrap items-center gap-3">
        {whole ? (
          <>
            <Button onClick={() => void copy()} data-testid="app-secret-copy">{t.copy()}</Button>
            <Button variant="secondary" onClick={() => setWhole(null)} data-testid="app-secret-hide">{t.hide()}</Button>
          </>
        ) : (
          <Button onClick={() => void reveal()} data-testid="app-secret-reveal">{t.reveal()}</Button>
        )}
        <Button variant="danger" onClick={() => void rotate()} data-testid="app-secret-rotate">{t.rotate()}</Button>
      </div>
    </section>
  )
}
