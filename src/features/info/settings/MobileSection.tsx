import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { isApiError } from '@/api/errors'
import { modifyMobile, sendBindCode } from '@/api/user-settings'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { SendCodeButton } from '@/components/ui/SendCodeButton'
import { toast } from '@/components/ui/toast'
import { modifyMobileSchema, sendBindCodeSchema, type ModifyMobilePayload } from '@/domain/user-settings'
import { checkMobile } from '@/domain/validation'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { refreshSessionUser } from './refresh-user'

const formSchema = modifyMobileSchema.omit({ uuid: true })
type Form = Omit<ModifyMobilePayload, 'uuid'>

const newUuid = () => crypto.getRandomValues(new Uint32Array(4)).join('-')

/** Binding a mobile: a code to the new number ("get code"), then the number with that code. */
export function MobileSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.mobile
  const qc = useQueryClient()
  const { authUser } = useSession()
  // One uuid per code sent: the server matches the code to it, so a code asked for earlier is not confused with it.
  const uuid = useRef(newUuid())

  const sendCode = async (mobile: string) => {
    const bad = checkMobile(mobile)
    if (bad || !sendBindCodeSchema.safeParse({ mobile, uuid: uuid.current }).success) {
      toast.error(LL.errors[bad ?? 'mobileFormat']())
      return false
    }
    uuid.current = newUuid()
    try {
      toast.success(await sendBindCode({ mobile: mobile.trim(), uuid: uuid.current }))
      return true
    } catch (e) {
      if (!isApiError(e)) throw e
      toast.error(e.message)
      return false
    }
  }

  const spec: FormSpec<keyof Form, Form> = {
    id: 'settings-mobile',
    schema: formSchema,
    fields: [
      { name: 'mobile', label: t.mobile(), kind: 'tel', autoComplete: 'tel',
        addon: (v) => <SendCodeButton testId="settings-mobile-send-code" onSend={() => sendCode(v.mobile)} /> },
      { name: 'code', label: t.code(), kind: 'code', autoComplete: 'one-time-code' },
    ],
    submitLabel: t.submit(),
    submit: async (p) => {
      const msg = await modifyMobile({ ...p, uuid: uuid.current })
      await refreshSessionUser(qc)
      return msg
    },
  }
  return (
    <>
      <p className="text-sm text-[var(--muted)]" data-testid="settings-mobile-current">
        {authUser?.mobile ? t.current({ mobile: authUser.mobile }) : t.none()}
      </p>
      <DeclaredForm spec={spec} />
    </>
  )
}
