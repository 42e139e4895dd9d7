import { DeclaredFormDialog, type FormSpec } from '@/components/ui/DeclaredForm'
import { lockPasswordField } from '@/domain/auth-form'
import { useI18nContext } from '@/i18n/i18n-react'
import { lockScreen } from '@/stores/lock'

/** Spec section 2, Lock screen: a required lock password; the shell then leaves for /lock (AppLayout). */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext()
  if (!open) return null
  const spec: FormSpec<'lockPassword'> = {
    id: 'lock-dialog',
    fields: [{ name: 'lockPassword', label: LL.shell.lockPassword(), kind: 'password', autoComplete: 'off', schema: lockPasswordField }],
    submitLabel: LL.shell.lockSubmit(),
    submit: async ({ lockPassword }) => void (await lockScreen(lockPassword)),
  }
  return <DeclaredFormDialog spec={spec} title={LL.shell.lockTitle()} onClose={onClose} />
}
