import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Read by screen readers after the title; visually hidden when absent. */
  description?: string
  children?: ReactNode
  /** Buttons row at the bottom. */
  footer?: ReactNode
  /** Tailwind width class of the panel. */
  width?: string
  /** Hides the close (×) button, for dialogs that must be answered (confirm). */
  hideClose?: boolean
  /** Keys pressed anywhere in the panel (a question's Ctrl/⌘+Enter). */
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void
}

/**
 * A dialog's answer buttons (cancel, then the action it names): a group named for assistive technology, the same
 * place and spacing in every dialog. It is laid out below the scrolling body, never over it: a sticky or overlaid
 * footer covered the last fields of a tall form (the new customer's mobile, the charge's remark, an import's rows).
 */
function DialogFooter({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <div role="group" aria-label={LL.common.dialogActions()} data-testid="dialog-footer" className="mt-4 flex shrink-0 justify-end gap-2">
      {children}
    </div>
  )
}

/**
 * The console's modal dialog (Radix): focus trapped inside, Esc and the overlay close it, focus returns to the
 * opener. Features use this, never @radix-ui directly. One height limit for every dialog (the window less a margin):
 * the title and the actions stay put and the body between them scrolls, so a long form (a new customer) shows its
 * first field and its Save on any window.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, width = 'max-w-md', hideClose, onKeyDown }: DialogProps) {
  const { LL } = useI18nContext()
  // Radix gives focus back to a Dialog.Trigger only; the console opens dialogs from commands, row actions and
  // top-bar buttons without one, so focus fell to the page. Whoever had it when the dialog opened gets it back,
  // unless the closing action already put it somewhere (a grid row, a result).
  const opener = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  // Read while rendering the opening: by the time effects run, a field's autoFocus has already taken the focus.
  if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  wasOpen.current = open
  const giveBack = (e: Event) => {
    e.preventDefault()
    const to = opener.current
    requestAnimationFrame(() => {
      // A dialog beneath (the form a question was asked from) takes the focus onto its panel, where no key reaches its
      // form: that is lost too, and the field the question was asked from gets it back.
      const at = document.activeElement
      const lost = !at || at === document.body || at.getAttribute('role') === 'dialog'
      if (lost && to?.isConnected) to.focus()
    })
  }
  // The control marked data-autofocus (a question's answer) takes the focus on opening, whatever else Radix or a
  // dialog beneath it would pick: a question asked from a form dialog opened with its Cancel focused.
  const takeFocus = (e: Event) => {
    const marked = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]')
    if (!marked) return
    e.preventDefault()
    marked.focus()
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          onOpenAutoFocus={takeFocus}
          onCloseAutoFocus={giveBack}
          onKeyDown={onKeyDown}
          data-testid="dialog"
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${width} -translate-x-1/2 -translate-y-1/2
            flex-col rounded-lg border border-[var(--border)] bg-[var(--surface)] p-5 text-[var(--text)] shadow-xl outline-none`}
        >
          <div className="mb-3 flex shrink-0 items-start justify-between gap-4">
            <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
            {!hideClose && (
              <RadixDialog.Close
                aria-label={LL.common.close()}
                className="rounded px-2 text-lg leading-none text-[var(--muted)] hover:text-[var(--text)]"
              >
                ×
              </RadixDialog.Close>
            )}
          </div>
          <div data-testid="dialog-body" className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
            <RadixDialog.Description className={description ? 'mb-3 text-sm text-[var(--muted)]' : 'sr-only'}>
              {description ?? title}
            </RadixDialog.Description>
            {children}
          </div>
          {footer && <DialogFooter>{footer}</DialogFooter>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
