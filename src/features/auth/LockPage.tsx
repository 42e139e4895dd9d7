import { Button } from '@/components/ui/Button'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { FormRefusal } from '@/components/ui/form-refusal'
import { lockPasswordField } from '@/domain/auth-form'
import { useI18nContext } from '@/i18n/i18n-react'
import { unlock } from '@/stores/lock'
import { useSession } from '@/stores/session'
import { signOut } from './sign-in'

/**
 * The lock screen (spec section 2): who is signed in, the lock password, and a way out. The router decides where
 * "unlocked" and "signed out" lead. A wrong password is cleared for the next try.
 */
export function LockPage({ onUnlocked, onSignedOut }: { onUnlocked: () => void; onSignedOut: () => void }) {
  const { LL } = useI18nContext()
  const { userInfo } = useSession()
  const spec: FormSpec<'password'> = {
    id: 'unlock',
    fields: [{ name: 'password', label: LL.auth.lock.password(), kind: 'password', autoComplete: 'off', schema: lockPasswordField }],
    submitLabel: LL.auth.lock.unlock(),
    submit: async ({ password }, _, form) => {
      if (!(await unlock(password))) {
        form.set('password', '')
        throw new FormRefusal(LL.auth.lock.wrong(), { password: LL.auth.lock.wrong() })
      }
      onUnlocked()
    },
  }

  const name = userInfo?.userInfo.name || userInfo?.userInfo.authUser.userName || ''
  return (
    <main className="flex min-h-screen items-center justify-center bg-[var(--bg)] px-4 text-[var(--text)]">
      <div className="flex w-full max-w-xs flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
        <div className="mb-2 flex flex-col items-center gap-2 text-center">
          {userInfo?.userInfo.avatar ? (
            <img src={userInfo.userInfo.avatar} alt="" className="h-16 w-16 rounded-full object-cover" />
          ) : (
            <span aria-hidden className="flex h-16 w-16 items-center justify-center rounded-full bg-[var(--primary)] text-2xl text-[var(--primary-contrast)]">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <h1 className="text-lg font-semibold">{LL.auth.lock.title()}</h1>
          {name && <p data-testid="lock-user">{name}</p>}
          <p className="text-sm text-[var(--muted)]">{LL.auth.lock.hint()}</p>
        </div>
        <DeclaredForm
          spec={spec}
          autoFocus
          block
          actions={
            <Button variant="ghost" className="w-full" onClick={() => void signOut().then(onSignedOut)}>
              {LL.auth.lock.logoutLink()}
            </Button>
          }
        />
      </div>
    </main>
  )
}
