import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { confirm } from '@/components/ui/confirm'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ActionHelpers, ListContext, ListDefinition, Row, RowAction, ToolbarAction } from './define-list'
import { listKeys } from './keys'

/**
 * Runs row and toolbar actions: the declaration's confirmation, one action at a time, a returned message as a
 * success toast, then a refetch of this list's pages only (its key prefix). Failures were toasted by the API client.
 */
export function useListActions(def: ListDefinition, ctx: ListContext | null, search: Record<string, unknown>, selection: () => Row[] = () => []) {
  const { LL } = useI18nContext()
  const qc = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: listKeys.list(def.id) }), [qc, def.id])
  const helpers = useMemo<Omit<ActionHelpers, 'selected'> | null>(() => (ctx ? { refresh, LL, search, ctx } : null), [refresh, LL, search, ctx])

  const run = useCallback(
    async (id: string, question: string | null, label: string, act: (h: ActionHelpers) => Promise<void | string> | void | string, selected: Row[] = []) => {
      if (!helpers || busy) return
      if (question && !(await confirm({ message: question, danger: true, confirmLabel: label }))) return
      setBusy(id)
      try {
        const msg = await act({ ...helpers, selected })
        if (typeof msg === 'string' && msg) toast.success(msg)
        refresh()
      } catch {
        // The API client already showed the server's message; the page is refetched so it shows the real state.
        refresh()
      } finally {
        setBusy(null)
      }
    },
    [helpers, busy, refresh],
  )

  const runRow = useCallback(
    (a: RowAction, row: Row, rowNumber?: number) => {
      if (a.enabledWhen && (!ctx || !a.enabledWhen(row, ctx))) return
      const label = rowNumber ? LL.grid.actOnRow({ action: a.label(LL), row: rowNumber }) : a.label(LL)
      void run(a.id, a.confirm ? a.confirm(LL, row) : null, label, (h) => a.perform(row, h))
    },
    [run, LL, ctx],
  )
  const runToolbar = useCallback(
    (a: ToolbarAction) => {
      const selected = selection()
      if (a.needsSelection && !selected.length) return void toast.info(LL.grid.selectFirst())
      const label = selected.length ? LL.grid.actOnRows({ action: a.label(LL), count: selected.length }) : a.label(LL)
      void run(a.id, a.confirm ? a.confirm(LL, selected) : null, label, (h) => a.perform(h), selected)
    },
    [run, LL, selection],
  )
  return { busy, refresh, runRow, runToolbar }
}
