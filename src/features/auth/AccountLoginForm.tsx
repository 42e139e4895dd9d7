import { useEffect, useRef } from 'react'
import { claimEarlyKeys } from '@/commands'
import { login } from '@/api/user'
import { DeclaredForm, type FormHandle, type FormSpec } from '@/components/ui/DeclaredForm'
import { signInFields } from '@/domain/auth-form'
import { useI18nContext } from '@/i18n/i18n-react'
import { captchaField, useCaptcha } from './captcha'
import { encryptPassword } from './encrypt'
import type { SecondStep } from '@/domain/two-factor'
import { afterFirstFactor, keepPaletteKeys, refusedSignIn } from './sign-in'

type Field = 'username' | 'password' | 'code'

/** Account, password and image captcha (spec section 5). The password is encrypted before it is sent. */
export function AccountLoginForm({ onSignedIn, onChallenge, autoFocus }: { onSignedIn: () => void; onChallenge: (step: SecondStep) => void; autoFocus?: boolean }) {
  const { LL } = useI18nContext()
  const captcha = useCaptcha()
  const form = useRef<FormHandle<Field>>(null)
  // What was typed before the page was drawn (kept by the page's first script) lands in the account field it meant.
  useEffect(() => {
    const typed = claimEarlyKeys('text')
    if (!autoFocus || !typed.length) return
    const text = typed.reduce((t, k) => (k === 'Backspace' ? t.slice(0, -1) : t + k), '')
    if (text) form.current?.set('username', text)
  }, [])

  const spec: FormSpec<Field> = {
    id: 'sign-in',
    keepValues: true,
    fields: [
      { name: 'username', label: LL.auth.username(), placeholder: LL.auth.usernamePlaceholder(), autoComplete: 'username', schema: signInFields.username },
      { name: 'password', label: LL.auth.password(), placeholder: LL.auth.passwordPlaceholder(), kind: 'password', autoComplete: 'current-password', schema: signInFields.password },
      captchaField('code', LL, captcha),
    ],
    submitLabel: LL.auth.submit(),
    busyLabel: LL.auth.submitting(),
    submit: async ({ username, password, code }, _, f) => {
      keepPaletteKeys(true)
      let signedIn: boolean
      try {
        const redomStr = await captcha.current()
        const encrypted = await encryptPassword(redomStr, password)
        signedIn = await afterFirstFactor(await login({ username: username.trim(), password: encrypted, code: code.trim(), redomStr }), onChallenge)
      } catch (err) {
        keepPaletteKeys(false)
        // A used captcha is spent on the server whatever the outcome, so a new one is needed for the next try.
        captcha.refresh()
        f.set('code', '')
        throw refusedSignIn(err, LL.auth.loginFailure())
      }
      if (signedIn) onSignedIn()
    },
  }
  return <DeclaredForm spec={spec} formRef={form} autoFocus={autoFocus} block />
}
