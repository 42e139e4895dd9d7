import { useId, useState } from 'react'
import { FormDialog } from '@/components/ui/FormDialog'
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
  const [content, setContent] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const id = useId()

  const submit = async () => {
    if (!content.trim()) {
      setError(LL.lists.messages.contentRequired())
      return false
    }
    return save(content.trim())
  }

  return (
    <FormDialog title={LL.lists.messages.editTitle()} width="max-w-lg" onSubmit={submit} onClose={onClose} saveTestId="timed-edit-save">
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
        className={`rounded border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none
          focus:border-[var(--primary)] focus:ring-2 focus:ring-[var(--primary)]/30
          ${error ? 'border-[var(--danger)]' : 'border-[var(--field-border)]'}`}
      />
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="min-h-4 text-xs text-[var(--danger)]">
        {error ?? ''}
      </p>
    </FormDialog>
  )
}
