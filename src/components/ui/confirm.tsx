import { useSyncExternalStore } from 'react'
import { useI18nContext } from '@/i18n/i18n-react'
import { Button } from './Button'
import { Dialog } from './Dialog'

export interface ConfirmOptions {
  title?: string
  message: string
  /** A destructive action: the confirm button is red. */
  danger?: boolean
  /** What the button does, named ("Delete row 3", "Send 100,000 numbers"), never a bare "OK". */
  confirmLabel: string
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void
}

// One question at a time; a second confirm() while one is open answers the first with "no".
let pending: Pending | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/**
 * Asks a yes/no question in a modal; resolves true on confirm (its button, Enter on it, or Ctrl/⌘+Enter anywhere in
 * the question, as in the form that asked), false on cancel, Esc or overlay click. Esc answers only the question: the
 * form dialog beneath stays open as typed.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false)
  return new Promise((resolve) => {
    pending = { ...options, resolve }
    emit()
  })
}

function answer(ok: boolean) {
  const p = pending
  pending = null
  emit()
  p?.resolve(ok)
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** Mounted once near the root; renders whatever confirm() is asking. */
export function ConfirmHost() {
  const { LL } = useI18nContext()
  const current = useSyncExternalStore(subscribe, () => pending, () => null)
  return (
    <Dialog
      open={!!current}
      onOpenChange={(open) => !open && answer(false)}
      title={current?.title ?? LL.common.confirmTitle()}
      description={current?.message}
      hideClose
      // A held Ctrl+Enter that sent the form repeats: only a fresh press answers, never the repeat of the one that asked.
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.repeat || e.nativeEvent.isComposing) return
        e.preventDefault()
        answer(true)
      }}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {LL.common.cancel()}
          </Button>
          <Button variant={current?.danger ? 'danger' : 'primary'} onClick={() => answer(true)} autoFocus data-autofocus>
            {current?.confirmLabel}
          </Button>
        </>
      }
    />
  )
}
