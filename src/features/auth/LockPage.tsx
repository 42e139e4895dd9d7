import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { useI18nContext } from '@/i18n/i18n-react'
import { unlock } from '@/stores/lock'
import { useSession } from '@/stores/session'
import { signOut } from './sign-in'

/**
 * The lock screen (spec section 2): who is signed in, the lock password, and a way out. The router decides where
 * "unlocked" and "signed out" lead.
 */
export function LockPage({ onUnlocked, onSignedOut }: { onUnlocked: () => void; onSignedOut: () => void }) {
  const { LL } = useI18nContext()
  const { userInfo } = useSession()
  const [pw, setPw] = useState('')
  const [error, setError] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!pw.trim()) return setError(LL.errors.lockPasswordEmpty())
    if (!(await unlock(pw))) {
      setPw('')
      return setError(LL.auth.lock.wrong())
    }
    onUnlocked()
  }

  const name = userInfo?.userInfo.name || userInfo?.userInfo.authUser.userName || ''
  return (
    <main className="flex min-h-screen items-center justify-center bg-[var(--bg)] px-4 text-[var(--text)]">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex w-full max-w-xs flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6">
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
        <TextField
          label={LL.auth.lock.password()}
          name="password"
          type="password"
          autoComplete="off"
          autoFocus
          value={pw}
          onChange={(e) => {
            setPw(e.target.value)
            setError(null)
          }}
          error={error}
        />
        <Button type="submit">{LL.auth.lock.unlock()}</Button>
        <Button variant="ghost" onClick={() => void signOut().then(onSignedOut)}>
          {LL.auth.lock.logoutLink()}
        </Button>
      </form>
    </main>
  )
}
