import { useState } from 'react'
import { loginBySms, sendLoginCode } from '@/api/user'
import { DeclaredForm, type FormHandle, type FormSpec } from '@/components/ui/DeclaredForm'
import { SendCodeButton } from '@/components/ui/SendCodeButton'
import { signInFields } from '@/domain/auth-form'
import { SMS_CODE_LENGTH } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { captchaField, useCaptcha } from './captcha'
import { randomId } from './encrypt'
import type { SecondStep } from '@/domain/two-factor'
import { afterFirstFactor, keepPaletteKeys, refusedSignIn, sendCodeWith } from './sign-in'

type Field = 'username' | 'code' | 'smsCode'

/** Sign-in by a 6-digit code sent to the account's bound mobile; `uuid` ties the code to this form. */
export function SmsLoginForm({ onSignedIn, onChallenge }: { onSignedIn: () => void; onChallenge: (step: SecondStep) => void }) {
  const { LL } = useI18nContext()
  const captcha = useCaptcha()
  const [uuid] = useState(randomId)

  // The captcha guards the code send (the server texts nobody without it); signing in with the code needs none.
  async function send(form: FormHandle<Field>): Promise<boolean | number> {
    if (!form.check(['username', 'code'])) return false
    const { username, code } = form.values
    const call = async () => sendLoginCode({ userId: username.trim(), phone: '', uuid, captcha: code.trim(), redomStr: await captcha.current() })
    const sent = await sendCodeWith(call, { sent: LL.auth.codeSent(), failed: LL.auth.codeSendFailure() }, form.note)
    captcha.refresh()
    form.set('code', '')
    return sent
  }

  const spec: FormSpec<Field> = {
    id: 'sign-in-sms',
    keepValues: true,
    fields: [
      { name: 'username', label: LL.auth.username(), placeholder: LL.auth.usernamePlaceholder(), autoComplete: 'username', schema: signInFields.username },
      { ...captchaField('code', LL, captcha), checkOnSubmit: false },
      {
        name: 'smsCode', label: LL.auth.smsCode(), placeholder: LL.auth.smsCodePlaceholder(), kind: 'code', autoComplete: 'one-time-code',
        maxLength: SMS_CODE_LENGTH, schema: signInFields.smsCode, addon: (_, form) => <SendCodeButton onSend={() => send(form)} />,
      },
    ],
    submitLabel: LL.auth.submit(),
    busyLabel: LL.auth.submitting(),
    submit: async ({ username, smsCode }) => {
      keepPaletteKeys(true)
      let signedIn: boolean
      try {
        const redomStr = await captcha.current()
        signedIn = await afterFirstFactor(await loginBySms({ username: username.trim(), uuid, code: smsCode.trim(), redomStr }), onChallenge)
      } catch (err) {
        keepPaletteKeys(false)
        throw refusedSignIn(err, LL.auth.loginFailure())
      }
      if (signedIn) onSignedIn()
    },
  }
  return <DeclaredForm spec={spec} block />
}
