import { useState, type ReactNode } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { Dialog } from './Dialog'

export interface FormDialogProps {
  title: string
  width?: string
  /** Validates and saves; resolves true when done (the dialog closes), false to stay open for another try. */
  onSubmit: () => Promise<boolean> | boolean
  onClose: () => void
  saveTestId?: string
  /** The save button's words when the form does more than save (default: Save). */
  saveLabel?: string
  /** The form's test id. */
  testId?: string
  children: ReactNode
}

/**
 * A dialog holding one form, with Cancel and Save. Enter in a one-line field and Ctrl/⌘+Enter anywhere save (the
 * buttons sit outside the form, so the browser would not submit on Enter by itself); Save shows its spinner while
 * the save runs. Opened by `mountDialog`, so it owns its open state and reports the close.
 */
export function FormDialog({ title, width, onSubmit, onClose, saveTestId, saveLabel, testId, children }: FormDialogProps) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(true)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setOpen(false)
    onClose()
  }
  const submit = async () => {
    if (busy) return
    setBusy(true)
    const done = await Promise.resolve(onSubmit()).finally(() => setBusy(false))
    if (done) close()
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={title}
      width={width}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button busy={busy} onClick={() => void submit()} data-testid={saveTestId}>
            {saveLabel ?? LL.common.save()}
          </Button>
        </>
      }
    >
      <form
        data-testid={testId}
        className="flex flex-col gap-1"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        onKeyDown={(e) => {
          const inField = e.target instanceof HTMLInputElement
          // Enter that commits an IME's text is the IME's (Chrome sets isComposing, Safari only keyCode 229).
          const composing = e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229
          if (e.key === 'Enter' && !composing && (inField || e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            void submit()
          }
        }}
      >
        {children}
      </form>
    </Dialog>
  )
}
