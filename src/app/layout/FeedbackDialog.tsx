import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogFooter } from '@/components/ui/Dialog'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import { getFeedbackShot } from './shell-actions'

/** Spec section 2: a screenshot with a description; submitting gives a local confirmation only. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [text, setText] = useState('')
  const shot = open ? getFeedbackShot() : null

  const close = () => {
    setText('')
    onClose()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    toast.success(LL.shell.feedbackThanks())
    close()
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={LL.shell.feedbackTitle()} width="max-w-2xl">
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid="feedback-dialog">
        {shot ? (
          <img
            src={shot}
            alt={LL.shell.screenshot()}
            className="max-h-[45vh] w-full rounded border border-[var(--border)] object-contain"
          />
        ) : (
          <p className="rounded bg-[var(--surface-2)] p-3 text-sm text-[var(--muted)]">{LL.shell.feedbackCaptureFailed()}</p>
        )}
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-[var(--muted)]">{LL.shell.feedbackDescription()}</span>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={4}
            placeholder={LL.shell.feedbackPlaceholder()}
            className="rounded border border-[var(--field-border)] bg-[var(--surface)] p-2 text-[var(--text)] outline-none focus:border-[var(--primary)]"
          />
        </label>
        <DialogFooter className="">
          <Button variant="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button type="submit">{LL.shell.feedbackSubmit()}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
