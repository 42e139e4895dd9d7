import { useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { login2faBegin, login2faEnrol } from '@/api/two-factor'
import { Button } from '@/components/ui/Button'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { FormMessage } from '@/components/ui/FormMessage'
import type { TokenData } from '@/domain/auth'
import { groupedSecret, type TwoFactorBegin } from '@/domain/two-factor'
import { useI18nContext } from '@/i18n/i18n-react'
import { completeSignIn, failureText, keepPaletteKeys, refusedSignIn } from './sign-in'

/**
 * A sign-in's enrolment step, for an account required to have two-factor that has none: the key for its app (QR and
 * text), its first code, then the recovery codes this once; the session starts when the user says they kept them.
 */
export function TwoFactorSetupStep({ challenge, onSignedIn, onBack }: { challenge: string; onSignedIn: () => void; onBack: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.settings.twoFactor
  const [key, setKey] = useState<TwoFactorBegin | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<{ token: TokenData; codes: string[] } | null>(null)
  // Once per challenge: each call spends one of its few tries. The fallback words are read when it fails.
  const failed = useRef(LL.auth.loginFailure)
  failed.current = LL.auth.loginFailure
  useEffect(() => {
    login2faBegin(challenge).then(setKey, (e: unknown) => setProblem(failureText(e, failed.current())))
  }, [challenge])

  if (done) {
    return (
      <div data-testid="two-factor-setup-codes">
        <p className="mb-2 text-sm text-[var(--muted)]">{t.recoveryIntro({ count: done.codes.length })}</p>
        <ol data-testid="two-factor-recovery" className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm select-all">
          {done.codes.map((c) => <li key={c}>{c}</li>)}
        </ol>
        <Button autoFocus data-testid="two-factor-codes-done" onClick={async () => {
          keepPaletteKeys(true)
          await completeSignIn(done.token)
          onSignedIn()
        }}>{t.saved()}</Button>
      </div>
    )
  }
  const spec: FormSpec<'code'> = {
    id: 'sign-in-2fa-setup',
    fields: [{ name: 'code', label: t.code(), hint: t.codeHint(), inputMode: 'numeric', autoComplete: 'one-time-code', schema: z.string().trim().min(1), message: t.codeRequired() }],
    submitLabel: t.enable(),
    busyLabel: LL.auth.submitting(),
    submit: async ({ code }) => {
      try {
        setDone(await login2faEnrol({ challenge, code: code.trim() }))
      } catch (err) {
        throw refusedSignIn(err, LL.auth.loginFailure())
      }
    },
  }
  return (
    <div data-testid="two-factor-setup-step">
      <p className="mb-3 text-sm text-[var(--muted)]">{t.scanIntro()}</p>
      <FormMessage text={problem} />
      {key && (
        <div className="mb-3 flex items-start gap-3" data-testid="two-factor-key">
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(key.qr_svg)}`} alt={t.qrAlt()} className="h-32 w-32 shrink-0 rounded border border-[var(--border)] bg-white" />
          <code data-testid="two-factor-secret" className="min-w-0 rounded bg-[var(--surface-2)] px-2 py-1 font-mono text-xs break-all select-all">{groupedSecret(key.secret)}</code>
        </div>
      )}
      <DeclaredForm spec={spec} autoFocus block actions={<Button variant="secondary" onClick={onBack} data-testid="two-factor-back">{LL.auth.twoFactor.back()}</Button>} />
    </div>
  )
}
