import { useEffect, useState, type FormEvent } from 'react'
import { claimEarlyKeys } from '@/commands'
import { login } from '@/api/user'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { checkCaptcha, checkLoginPassword, checkRequired } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { CaptchaField, useCaptcha } from './captcha'
import { encryptPassword } from './encrypt'
import { FormMessage } from './FormMessage'
import { completeSignIn, failureText, keepPaletteKeys } from './sign-in'
import { useForm, type Rules } from './use-form'

type Field = 'username' | 'password' | 'code'
const RULES: Rules<Field> = { username: checkRequired, password: checkLoginPassword, code: checkCaptcha }

/** Account, password and image captcha (spec section 5). The password is encrypted before it is sent. */
export function AccountLoginForm({ onSignedIn, autoFocus }: { onSignedIn: () => void; autoFocus?: boolean }) {
  const { LL } = useI18nContext()
  const form = useForm<Field>({ username: '', password: '', code: '' }, RULES)
  const captcha = useCaptcha()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // What was typed before the page was drawn (kept by the page's first script) lands in the account field it meant.
  useEffect(() => {
    const typed = claimEarlyKeys('text')
    if (!autoFocus || !typed.length) return
    const text = typed.reduce((t, k) => (k === 'Backspace' ? t.slice(0, -1) : t + k), '')
    if (text) form.set('username', text)
  }, [])

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy || !form.validate()) return
    setBusy(true)
    keepPaletteKeys(true)
    setFailure(null)
    try {
      const { username, password, code } = form.values
      const redomStr = await captcha.current()
      const encrypted = await encryptPassword(redomStr, password)
      await completeSignIn(await login({ username: username.trim(), password: encrypted, code: code.trim(), redomStr }))
      onSignedIn()
    } catch (err) {
      keepPaletteKeys(false)
      // A used captcha is spent on the server whatever the outcome, so a new one is needed for the next try.
      setFailure(failureText(err, LL.auth.loginFailure()))
      captcha.refresh()
      form.set('code', '')
      setBusy(false)
    }
  }

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-1">
      <TextField label={LL.auth.username()} placeholder={LL.auth.usernamePlaceholder()} autoComplete="username" autoFocus={autoFocus} {...form.field('username')} />
      <TextField
        label={LL.auth.password()}
        placeholder={LL.auth.passwordPlaceholder()}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <CaptchaField captcha={captcha} {...form.field('code')} />
      <FormMessage text={failure} />
      <Button type="submit" busy={busy} className="mt-2 w-full">
        {busy ? LL.auth.submitting() : LL.auth.submit()}
      </Button>
    </form>
  )
}
