import { useEffect, useLayoutEffect, useRef } from 'react'
import { registerCommands, type Command } from '@/commands/registry'
import type { BatchDetail } from '@/domain/batch'
import { useI18nContext } from '@/i18n/i18n-react'
import { canResend, cancellable, cancelRest, downloadFailed, resendFrom, type Go } from './batch-actions'

/** The batch page's keys: Alt+Shift and the action's initial, clear of the shell's Alt keys and the grid's. */
export const BATCH_SHORTCUTS = { resendFailed: 'alt+shift+f', resendUnknown: 'alt+shift+u', cancel: 'alt+shift+c', download: 'alt+shift+d' } as const

export interface BatchState {
  detail: BatchDetail | undefined
  transient: number
}

/**
 * The page's actions as commands while it is open (ids `batch:<action>`): the palette offers each one the batch
 * allows now, and its key runs it. They read the page's latest state, so polling never rewrites the registry.
 */
export function useBatchCommands(state: BatchState, go: Go, run: (action: () => Promise<void>) => void) {
  const { LL, locale } = useI18nContext()
  const ref = useRef(state)
  useLayoutEffect(() => {
    ref.current = state
  })
  useEffect(() => {
    const group = () => LL.batch.group()
    const d = () => ref.current.detail
    const cmd = (id: string, label: () => string, shortcut: string, when: (b: BatchDetail) => boolean, perform: (b: BatchDetail) => Promise<void> | void): Command => ({
      id: `batch:${id}`, kind: 'action', group, label, shortcut,
      when: () => !!d() && when(d()!),
      perform: () => run(async () => perform(d()!)),
    })
    return registerCommands([
      cmd('resend-failed', () => LL.batch.actions.resendFailed(), BATCH_SHORTCUTS.resendFailed,
        (b) => canResend(b, 'failed', ref.current.transient), (b) => resendFrom(LL, locale, b, 'failed', go)),
      cmd('resend-unknown', () => LL.batch.actions.resendUnknown(), BATCH_SHORTCUTS.resendUnknown,
        (b) => canResend(b, 'unknown', 0), (b) => resendFrom(LL, locale, b, 'unknown', go)),
      cmd('cancel', () => LL.batch.actions.cancel(), BATCH_SHORTCUTS.cancel, (b) => cancellable(b) > 0, (b) => cancelRest(LL, locale, b)),
      cmd('download', () => LL.batch.actions.download(), BATCH_SHORTCUTS.download,
        (b) => !b.status_hidden && b.failure_count > 0, (b) => downloadFailed(LL, b)),
    ])
  }, [LL, locale, go, run])
}
