import { useId, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  initial: string
  /** Resolves true when saved (the dialog closes), false to keep it open for another try. */
  save: (content: string) => Promise<boolean>
  onClose: () => void
}

/** Edit content of a timed batch (spec section 5: content not empty). */
export function EditContentDialog({ initial, save, onClose }: Props) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(true)
  const [content, setContent] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()

  const close = () => {
    setOpen(false)
    onClose()
  }
  const submit = async () => {
    if (!content.trim()) {
      setError(LL.lists.messages.contentRequired())
      return
    }
    setBusy(true)
    const ok = await save(content.trim()).finally(() => setBusy(false))
    if (ok) close()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={LL.lists.messages.editTitle()}
      width="max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {LL.lists.actions.cancel()}
          </Button>
          <Button busy={busy} onClick={() => void submit()} data-testid="timed-edit-save">
            {LL.lists.actions.save()}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-1"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <label htmlFor={id} className="text-sm text-[var(--muted)]">
          {LL.lists.messages.editContentLabel()}
        </label>
        <textarea
          id={id}
          name="content"
          rows={6}
          maxLength={2000}
          value={content}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setContent(e.target.value)
            if (error) setError(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit()
          }}
          className={`rounded border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none
            focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30
            ${error ? 'border-[var(--danger)]' : 'border-[var(--border)]'}`}
        />
        <p id={`${id}-error`} role={error ? 'alert' : undefined} className="min-h-4 text-xs text-[var(--danger)]">
          {error ?? ''}
        </p>
      </form>
    </Dialog>
  )
}
