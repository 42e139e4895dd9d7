import { useState } from 'react'
import { register, sendAuthCode } from '@/api/user'
import { DeclaredForm, type FormHandle, type FormSpec } from '@/components/ui/DeclaredForm'
import { SendCodeButton } from '@/components/ui/SendCodeButton'
import { signInFields } from '@/domain/auth-form'
import { MOBILE_LENGTH, SMS_CODE_LENGTH } from '@/domain/constants'
import { checkConfirm } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { captchaField, useCaptcha } from './captcha'
import { encryptPassword, randomId } from './encrypt'
import { refusedSignIn, sendCodeWith } from './sign-in'

type Field = 'epId' | 'epName' | 'password' | 'confirm' | 'phone' | 'code' | 'smsCode'

/** Enterprise registration: the code goes to the given phone; success returns to the sign-in tab. */
export function RegisterForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const { LL } = useI18nContext()
  const captcha = useCaptcha()
  const [uuid] = useState(randomId)

  // Each captcha is spent by one call: the code send takes one, the registration a fresh one. A call made before
  // its captcha arrived waits for it rather than sending an empty name.
  async function spendCaptcha(form: FormHandle<Field>) {
    const spent = { captcha: form.values.code.trim(), redomStr: await captcha.current() }
    captcha.refresh()
    form.set('code', '')
    return spent
  }

  async function send(form: FormHandle<Field>): Promise<boolean | number> {
    if (!form.check(['epId', 'phone', 'code'])) return false
    const { epId, phone } = form.values
    const call = async () => sendAuthCode({ epId: epId.trim(), phone: phone.trim(), uuid, ...(await spendCaptcha(form)) })
    return sendCodeWith(call, { sent: LL.auth.codeSent(), failed: LL.auth.codeSendFailure() }, form.note)
  }

  const text = (name: Field & keyof typeof signInFields, label: string, placeholder: string, autoComplete: string) =>
    ({ name, label, placeholder, autoComplete, schema: signInFields[name] })
  const spec: FormSpec<Field> = {
    id: 'register',
    keepValues: true,
    fields: [
      text('epId', LL.auth.epId(), LL.auth.epIdPlaceholder(), 'username'),
      text('epName', LL.auth.epName(), LL.auth.epNamePlaceholder(), 'organization'),
      { ...text('password', LL.auth.password(), LL.auth.passwordPlaceholder(), 'new-password'), kind: 'password' },
      { name: 'confirm', label: LL.auth.confirmPassword(), placeholder: LL.auth.confirmPlaceholder(), kind: 'password', autoComplete: 'new-password' },
      { ...text('phone', LL.auth.phone(), LL.auth.phonePlaceholder(), 'tel'), kind: 'tel', maxLength: MOBILE_LENGTH },
      captchaField('code', LL, captcha),
      {
        name: 'smsCode', label: LL.auth.smsCode(), placeholder: LL.auth.smsCodePlaceholder(), kind: 'code', autoComplete: 'one-time-code',
        maxLength: SMS_CODE_LENGTH, schema: signInFields.smsCode, addon: (_, form) => <SendCodeButton onSend={() => send(form)} />,
      },
    ],
    check: (v) => {
      const bad = checkConfirm(v.confirm, v.password)
      return bad ? { confirm: LL.errors[bad]() } : {}
    },
    submitLabel: LL.auth.register(),
    busyLabel: LL.auth.registering(),
    submit: async (v, _, form) => {
      try {
        const spent = await spendCaptcha(form)
        const password = await encryptPassword(spent.redomStr, v.password)
        await register({ epId: v.epId.trim(), epName: v.epName.trim(), password, phone: v.phone.trim(), code: v.smsCode.trim(), uuid, ...spent })
      } catch (err) {
        throw refusedSignIn(err, LL.errors.unknown())
      }
      onRegistered(LL.auth.registerSuccess())
    },
  }
  return <DeclaredForm spec={spec} block />
}
