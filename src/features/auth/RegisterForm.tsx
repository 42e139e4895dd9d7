import { useState, type FormEvent } from 'react'
import { register, sendAuthCode } from '@/api/user'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { checkCaptcha, checkConfirm, checkEpId, checkLoginPassword, checkMobile, checkRequired, checkSmsCode } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { CaptchaField, useCaptcha } from './captcha'
import { encryptPassword, randomId } from './encrypt'
import { FormMessage } from './FormMessage'
import { SendCodeButton } from '@/components/ui/SendCodeButton'
import { failureText, sendCodeWith, type FormNote } from './sign-in'
import { useForm, type Rules } from './use-form'

type Field = 'epId' | 'epName' | 'password' | 'confirm' | 'phone' | 'code' | 'smsCode'
// The server applies the sign-in password rule to new accounts, so the form does too.
const RULES: Rules<Field> = {
  epId: checkEpId,
  epName: checkRequired,
  password: checkLoginPassword,
  confirm: (v, all) => checkConfirm(v, all.password),
  phone: checkMobile,
  code: checkCaptcha,
  smsCode: checkSmsCode,
}
const EMPTY = { epId: '', epName: '', password: '', confirm: '', phone: '', code: '', smsCode: '' }

/** Enterprise registration: the code goes to the given phone; success returns to the sign-in tab. */
export function RegisterForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const { LL } = useI18nContext()
  const form = useForm<Field>(EMPTY, RULES)
  const captcha = useCaptcha()
  const [uuid] = useState(randomId)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<FormNote>(null)

  // Each captcha is spent by one call: the code send takes one, the registration a fresh one. A call made before
  // its captcha arrived waits for it rather than sending an empty name.
  async function spendCaptcha() {
    const answer = form.values.code.trim()
    const spent = { captcha: answer, redomStr: await captcha.current() }
    captcha.refresh()
    form.set('code', '')
    return spent
  }

  async function send(): Promise<boolean> {
    if (!form.validate(['epId', 'phone', 'code'])) return false
    const { epId, phone } = form.values
    const call = async () => sendAuthCode({ epId: epId.trim(), phone: phone.trim(), uuid, ...(await spendCaptcha()) })
    return sendCodeWith(call, { sent: LL.auth.codeSent(), failed: LL.auth.codeSendFailure() }, setMessage)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy || !form.validate()) return
    setBusy(true)
    setMessage(null)
    try {
      const v = form.values
      const spent = await spendCaptcha()
      const password = await encryptPassword(spent.redomStr, v.password)
      await register({ epId: v.epId.trim(), epName: v.epName.trim(), password, phone: v.phone.trim(), code: v.smsCode.trim(), uuid, ...spent })
      onRegistered(LL.auth.registerSuccess())
    } catch (err) {
      setMessage({ text: failureText(err, LL.errors.unknown()) })
      setBusy(false)
    }
  }

  const text = (key: Field, label: string, placeholder: string, extra: object = {}) => (
    <TextField label={label} placeholder={placeholder} {...extra} {...form.field(key)} />
  )

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-1">
      {text('epId', LL.auth.epId(), LL.auth.epIdPlaceholder(), { autoComplete: 'username' })}
      {text('epName', LL.auth.epName(), LL.auth.epNamePlaceholder(), { autoComplete: 'organization' })}
      {text('password', LL.auth.password(), LL.auth.passwordPlaceholder(), { type: 'password', autoComplete: 'new-password' })}
      {text('confirm', LL.auth.confirmPassword(), LL.auth.confirmPlaceholder(), { type: 'password', autoComplete: 'new-password' })}
      {text('phone', LL.auth.phone(), LL.auth.phonePlaceholder(), { type: 'tel', inputMode: 'numeric', maxLength: 11, autoComplete: 'tel' })}
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
        {busy ? LL.auth.registering() : LL.auth.register()}
      </Button>
    </form>
  )
}
