import { useState } from 'react'
import { isApiError } from '@/api/http'
import { FormDialog } from '@/components/ui/FormDialog'
import { mountDialog } from '@/components/ui/mount-dialog'
import { TextField } from '@/components/ui/TextField'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * Asks for the account's password again before `run` (reveal or rotate the app secret). The server's refusal (wrong
 * password, too many tries) stays in the dialog under the field; resolves with run's result, or null when cancelled.
 */
export function askPassword<T>(title: string, run: (password: string) => Promise<T>): Promise<T | null> {
  return new Promise((resolve) => {
    let result: T | null = null
    mountDialog((close) => (
      <PasswordDialog
        title={title}
        run={async (pw) => {
          result = await run(pw)
        }}
        onClose={() => {
          close()
          resolve(result)
        }}
      />
    ))
  })
}

function PasswordDialog({ title, run, onClose }: { title: string; run: (password: string) => Promise<void>; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    if (!password) {
      setError(LL.alerts.appSecret.passwordRequired())
      return false
    }
    try {
      await run(password)
      return true
    } catch (e) {
      if (!isApiError(e)) throw e
      setError(e.message)
      return false
    }
  }
  return (
    <FormDialog title={title} onSubmit={submit} onClose={onClose} saveTestId="password-dialog-ok">
      <TextField
        label={LL.alerts.appSecret.password()}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        error={error}
        data-testid="password-dialog-input"
        onChange={(e) => setPassword(e.target.value)}
      />
    </FormDialog>
  )
}
