import { modifyPassword } from '@/api/user-settings'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { passwordChangeSchema, type PasswordChange } from '@/domain/user-settings'
import { useI18nContext } from '@/i18n/i18n-react'

type Field = keyof PasswordChange

/** Section 5's password change: the rules checked here and again by the server; other sessions end on success. */
export function PasswordSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.password
  const spec: FormSpec<Field, PasswordChange> = {
    id: 'settings-password',
    schema: passwordChangeSchema,
    fields: [
      { name: 'oldPassword', label: t.old(), kind: 'password', autoComplete: 'current-password' },
      { name: 'newPassword', label: t.new(), kind: 'password', autoComplete: 'new-password', hint: t.newHint() },
      { name: 'confirmPassword', label: t.confirm(), kind: 'password', autoComplete: 'new-password' },
    ],
    submitLabel: t.submit(),
    submit: (p) => modifyPassword(p.oldPassword, p.newPassword),
  }
  return <DeclaredForm spec={spec} />
}
