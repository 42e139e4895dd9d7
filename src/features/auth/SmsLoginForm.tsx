import { useState, type FormEvent } from 'react'
import { loginBySms, sendLoginCode } from '@/api/user'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { checkCaptcha, checkRequired, checkSmsCode } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { CaptchaField, useCaptcha } from './captcha'
import { randomId } from './encrypt'
import { FormMessage } from './FormMessage'
import { SendCodeButton } from '@/components/ui/SendCodeButton'
import { completeSignIn, failureText, keepPaletteKeys, sendCodeWith, type FormNote } from './sign-in'
import { useForm, type Rules } from './use-form'

type Field = 'username' | 'code' | 'smsCode'
const RULES: Rules<Field> = { username: checkRequired, code: checkCaptcha, smsCode: checkSmsCode }

/** Sign-in by a 6-digit code sent to the account's bound mobile; `uuid` ties the code to this form. */
export function SmsLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { LL } = useI18nContext()
  const form = useForm<Field>({ username: '', code: '', smsCode: '' }, RULES)
  const captcha = useCaptcha()
  const [uuid] = useState(randomId)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<FormNote>(null)

  // The captcha guards the code send (the server texts nobody without it); signing in with the code needs none.
  async function send(): Promise<boolean> {
    if (!form.validate(['username', 'code'])) return false
    const { username, code } = form.values
    const call = async () => sendLoginCode({ userId: username.trim(), phone: '', uuid, captcha: code.trim(), redomStr: await captcha.current() })
    const sent = await sendCodeWith(call, { sent: LL.auth.codeSent(), failed: LL.auth.codeSendFailure() }, setMessage)
    captcha.refresh()
    form.set('code', '')
    return sent
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy || !form.validate(['username', 'smsCode'])) return
    setBusy(true)
    keepPaletteKeys(true)
    setMessage(null)
    try {
      const { username, smsCode } = form.values
      const redomStr = await captcha.current()
      await completeSignIn(await loginBySms({ username: username.trim(), uuid, code: smsCode.trim(), redomStr }))
      onSignedIn()
    } catch (err) {
      keepPaletteKeys(false)
      setMessage({ text: failureText(err, LL.auth.loginFailure()) })
      setBusy(false)
    }
  }

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-1">
      <TextField label={LL.auth.username()} placeholder={LL.auth.usernamePlaceholder()} autoComplete="username" {...form.field('username')} />
      <CaptchaField captcha={captcha} {...form.field('code')} />
      <TextField
        label={LL.auth.smsCode()}
        placeholder={LL.auth.smsCodePlaceholder()}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        addon={<SendCodeButton onSend={send} />}
        {...form.field('smsCode')}
      />
      <FormMessage text={message?.text ?? null} ok={message?.ok} />
      <Button type="submit" busy={busy} className="mt-2 w-full">
        {busy ? LL.auth.submitting() : LL.auth.submit()}
      </Button>
    </form>
  )
}
