import { useRef, useState } from 'react'
import { Menu } from '@/components/ui/Menu'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ListContext, Row, RowAction } from './define-list'

/** A row's actions menu, opened by key (Shift+F10, the Menu key) or a right click on the row. */
export interface RowMenuAt {
  row: Row
  rowNumber: number
  /** The cell it was opened from: the menu drops from there, and focus goes back to it. */
  left: number
  top: number
}

interface Props {
  at: RowMenuAt
  actions: readonly RowAction[]
  listCtx: ListContext | null
  /** Opens the row (its page, its enter action or its detail), first in the menu as Enter does it. */
  onOpenRow?: (row: Row) => void
  runAction(action: RowAction, row: Row, rowNumber?: number): void
  /** Called once the menu has closed and focus is back on the grid, with what was picked (run it then). */
  onClosed(): void
}

/**
 * Every action of the row in one keyboard menu (arrows move, Enter runs, Esc closes), the inline ones and those of the
 * "more" menu alike, each enabled by its own rule as on the row's buttons. A pick runs after the menu has closed and
 * the focus is back on the row's cell, so a confirmation or a dialog returns there.
 */
export function RowActionsMenu({ at, actions, listCtx, onOpenRow, runAction, onClosed }: Props) {
  const { LL } = useI18nContext()
  const picked = useRef<(() => void) | null>(null)
  const [open, setOpen] = useState(true)
  const enabled = (a: RowAction) => !a.enabledWhen || (listCtx !== null && a.enabledWhen(at.row, listCtx))
  const items = [
    ...(onOpenRow ? [{ id: '__open', label: LL.grid.openRow(), onSelect: () => void (picked.current = () => onOpenRow(at.row)) }] : []),
    ...actions.map((a) => ({
      id: a.id, label: a.label(LL), danger: a.tone === 'danger', disabled: !enabled(a),
      onSelect: () => void (picked.current = () => runAction(a, at.row, at.rowNumber)),
    })),
  ]
  return (
    <Menu
      label={LL.grid.rowMenu({ row: at.rowNumber })}
      testId="row-menu-anchor"
      open={open}
      align="start"
      onOpenChange={setOpen}
      onCloseAutoFocus={(e) => {
        e.preventDefault()
        onClosed()
        const next = picked.current
        picked.current = null
        next?.()
      }}
      triggerStyle={{ position: 'fixed', left: at.left, top: at.top, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      trigger={null}
      items={items}
    />
  )
}
