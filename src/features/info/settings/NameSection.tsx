import { useQueryClient } from '@tanstack/react-query'
import { modifyCusName } from '@/api/user-settings'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { modifyCusNameSchema, type ModifyCusNamePayload } from '@/domain/user-settings'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { refreshSessionUser } from './refresh-user'

/** The account's display name (/user/modifyCusName). */
export function NameSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.name
  const qc = useQueryClient()
  const { authUser } = useSession()
  const spec: FormSpec<keyof ModifyCusNamePayload, ModifyCusNamePayload> = {
    id: 'settings-name',
    schema: modifyCusNameSchema,
    fields: [{ name: 'cusName', label: t.cusName() }],
    initial: { cusName: authUser?.userName ?? '' },
    keepValues: true,
    submitLabel: t.submit(),
    submit: async (p) => {
      const msg = await modifyCusName(p)
      await refreshSessionUser(qc)
      return msg
    },
  }
  return <DeclaredForm key={authUser?.cusId} spec={spec} />
}
