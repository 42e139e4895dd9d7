import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogFooter } from '@/components/ui/Dialog'
import { TextField } from '@/components/ui/TextField'
import { useI18nContext } from '@/i18n/i18n-react'
import { lockScreen } from '@/stores/lock'

/** Spec section 2, Lock screen: a required lock password; the shell then leaves for /lock (AppLayout). */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [pw, setPw] = useState('')
  const [error, setError] = useState<string | null>(null)

  const close = () => {
    setPw('')
    setError(null)
    onClose()
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!pw.trim()) {
      setError(LL.errors.lockPasswordEmpty())
      return
    }
    await lockScreen(pw)
    close()
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={LL.shell.lockTitle()}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="lock-dialog">
        <TextField
          label={LL.shell.lockPassword()}
          type="password"
          name="lockPassword"
          autoComplete="off"
          autoFocus
          value={pw}
          error={error}
          onChange={(e) => {
            setPw(e.target.value)
            if (error) setError(null)
          }}
        />
        <DialogFooter className="mt-4">
          <Button variant="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button type="submit">{LL.shell.lockSubmit()}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
