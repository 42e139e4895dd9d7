import { z } from 'zod'
import { login2fa } from '@/api/two-factor'
import { Button } from '@/components/ui/Button'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { useI18nContext } from '@/i18n/i18n-react'
import { completeSignIn, keepPaletteKeys, refusedSignIn } from './sign-in'

/**
 * A sign-in's second step, for an account with two-factor: the code of its authenticator app, or one of its recovery
 * codes, for the challenge its password (or SMS code) was answered with. "Back" returns to the first step.
 */
export function TwoFactorStep({ challenge, onSignedIn, onBack }: { challenge: string; onSignedIn: () => void; onBack: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.auth.twoFactor
  const spec: FormSpec<'code'> = {
    id: 'sign-in-2fa',
    fields: [
      {
        name: 'code', label: t.code(), hint: t.codeHint(), autoComplete: 'one-time-code', inputMode: 'text',
        schema: z.string().trim().min(1), message: t.codeRequired(),
      },
    ],
    submitLabel: LL.auth.submit(),
    busyLabel: LL.auth.submitting(),
    submit: async ({ code }) => {
      keepPaletteKeys(true)
      try {
        await completeSignIn(await login2fa({ challenge, code: code.trim() }))
      } catch (err) {
        keepPaletteKeys(false)
        throw refusedSignIn(err, LL.auth.loginFailure())
      }
      onSignedIn()
    },
  }
  return (
    <div data-testid="two-factor-step">
      <p className="mb-3 text-sm text-[var(--muted)]">{t.intro()}</p>
      <DeclaredForm spec={spec} autoFocus block actions={<Button variant="secondary" onClick={onBack} data-testid="two-factor-back">{t.back()}</Button>} />
    </div>
  )
}
