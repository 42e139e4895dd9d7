import type { CustomCellRendererProps } from 'ag-grid-react'
import { MoreHorizontal } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { formatShortcut } from '@/commands'
import { Menu } from '@/components/ui/Menu'
import { useI18nContext } from '@/i18n/i18n-react'
import { INDEX_FIELD } from './column-ids'
import type { ListContext, Row, RowAction } from './define-list'

/** What the screen hands the grid as `context`, so cells can run actions without new column definitions. */
export interface GridContext {
  runAction(action: RowAction, row: Row, rowNumber?: number): void
  listCtx: ListContext | null
}

/** Inline row actions at most; the rest, and every destructive one, wait in the row's "more" menu. */
export const INLINE_ACTIONS = 3

/** Splits a row's actions: the first non-destructive ones inline, the others (and all red ones) in the overflow menu. */
export function splitActions(actions: readonly RowAction[]): { inline: RowAction[]; more: RowAction[] } {
  const safe = actions.filter((a) => a.tone !== 'danger')
  const inline = safe.length <= INLINE_ACTIONS + 1 && actions.length === safe.length ? safe : safe.slice(0, INLINE_ACTIONS)
  return { inline, more: actions.filter((a) => !inline.includes(a)) }
}

/**
 * The row's actions; the pinned totals row has none. Disabled (not hidden) when enabledWhen says no. Destructive ones
 * are never a red link on every row: they sit in the "more" menu, which Enter on the focused cell opens,
 * and still ask their confirmation, named after the action and the row.
 */
export function ActionsCell(p: CustomCellRendererProps<Row> & { actions: RowAction[] }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(false)
  // A menu pick runs once the menu has closed and focus is back on the cell, so its confirmation (which returns focus
  // to where it was) comes back to the row, not to a menu that no longer exists.
  const picked = useRef<(() => void) | null>(null)
  const row = p.data
  const pinned = !!p.node.rowPinned
  const cell = p.eGridCell
  const { inline, more } = splitActions(p.actions)

  useEffect(() => {
    if (pinned || !more.length || !cell) return
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== cell || (e.key !== 'Enter' && e.key !== ' ')) return
      e.preventDefault()
      e.stopPropagation()
      setOpen(true)
    }
    cell.addEventListener('keydown', onKey)
    return () => cell.removeEventListener('keydown', onKey)
  }, [cell, pinned, more.length])

  if (!row || pinned) return null
  const ctx = p.context as GridContext
  // The action's own rule only, as the palette's row commands: while another action runs, runAction refuses anyway,
  // and a cell drawn during one must not keep its actions greyed out after it (cells are not redrawn on context).
  const enabled = (a: RowAction) => !a.enabledWhen || (ctx.listCtx !== null && a.enabledWhen(row, ctx.listCtx))
  const number = Number(row[INDEX_FIELD]) || (p.node.rowIndex ?? 0) + 1
  const run = (a: RowAction) => ctx.runAction(a, row, number)

  return (
    <span className="inline-flex items-center gap-1">
      {inline.map((a) => (
        <button
          key={a.id}
          type="button"
          tabIndex={-1}
          disabled={!enabled(a)}
          data-action={a.id}
          // The key the list's row command binds (use-list-commands.ts registers it from the same declaration).
          title={a.shortcut ? `${a.label(LL)} (${formatShortcut(a.shortcut)})` : undefined}
          onClick={() => run(a)}
          className="rounded px-1.5 text-xs leading-5 text-[var(--primary)] hover:underline disabled:cursor-not-allowed disabled:opacity-40"
        >
          {a.label(LL)}
        </button>
      ))}
      {more.length > 0 && (
        <Menu
          label={LL.grid.moreActions({ row: number })}
          testId="row-more"
          open={open}
          onOpenChange={setOpen}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            cell?.focus()
            const next = picked.current
            picked.current = null
            next?.()
          }}
          triggerClassName="rounded px-1 leading-5 text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)]"
          trigger={<MoreHorizontal size={16} aria-hidden />}
          items={more.map((a) => ({ id: a.id, label: a.label(LL), danger: a.tone === 'danger', disabled: !enabled(a), onSelect: () => void (picked.current = () => run(a)) }))}
        />
      )}
    </span>
  )
}
