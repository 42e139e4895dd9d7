import type { CustomCellRendererProps } from 'ag-grid-react'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ListContext, Row, RowAction } from './define-list'

/** What the screen hands the grid as `context`, so cells can run actions without new column definitions. */
export interface GridContext {
  runAction(action: RowAction, row: Row): void
  busyAction: string | null
  listCtx: ListContext | null
}

/** The row's action buttons; the pinned totals row has none. Disabled (not hidden) when enabledWhen says no. */
export function ActionsCell(p: CustomCellRendererProps<Row> & { actions: RowAction[] }) {
  const { LL } = useI18nContext()
  const row = p.data
  if (!row || p.node.rowPinned) return null
  const ctx = p.context as GridContext
  return (
    <span className="flex h-full items-center gap-1">
      {p.actions.map((a) => {
        const enabled = !a.enabledWhen || (ctx.listCtx !== null && a.enabledWhen(row, ctx.listCtx))
        return (
          <button
            key={a.id}
            type="button"
            tabIndex={-1}
            disabled={!enabled || ctx.busyAction !== null}
            data-action={a.id}
            onClick={() => ctx.runAction(a, row)}
            className={`rounded px-1.5 text-xs leading-5 hover:underline disabled:cursor-not-allowed disabled:opacity-40
              ${a.tone === 'danger' ? 'text-[var(--danger)]' : 'text-[var(--primary)]'}`}
          >
            {a.label(LL)}
          </button>
        )
      })}
    </span>
  )
}
