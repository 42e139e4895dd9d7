import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

export interface ModalPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Accessible title; shown only when `showTitle`. */
  title: string
  showTitle?: boolean
  titleClassName?: string
  description?: string
  descriptionClassName?: string
  overlayClassName?: string
  className?: string
  testId?: string
  /** In the Tab order (tabindex 0), for a panel that scrolls and holds no control to reach it by. */
  focusable?: boolean
  children?: ReactNode
  onOpenAutoFocus?: (e: Event) => void
  onCloseAutoFocus?: (e: Event) => void
  onEscapeKeyDown?: (e: KeyboardEvent) => void
}

/**
 * A modal without the console dialog's chrome, for panels that draw their own (the command palette, the
 * shortcut sheet). Focus trapping, Esc and overlay close come from Radix; the focus hooks pass through so a
 * panel can hand focus back where the user was.
 */
export function ModalPanel(p: ModalPanelProps) {
  return (
    <RadixDialog.Root open={p.open} onOpenChange={p.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={p.overlayClassName ?? 'fixed inset-0 z-50 bg-black/40'} />
        <RadixDialog.Content
          data-testid={p.testId}
          // Without a description Radix would warn; the title alone describes these panels.
          {...(p.description ? {} : { 'aria-describedby': undefined })}
          className={p.className}
          tabIndex={p.focusable ? 0 : undefined}
          onOpenAutoFocus={p.onOpenAutoFocus}
          onCloseAutoFocus={p.onCloseAutoFocus}
          onEscapeKeyDown={p.onEscapeKeyDown}
        >
          <RadixDialog.Title className={p.showTitle ? p.titleClassName : 'sr-only'}>{p.title}</RadixDialog.Title>
          {p.description && <RadixDialog.Description className={p.descriptionClassName}>{p.description}</RadixDialog.Description>}
          {p.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
