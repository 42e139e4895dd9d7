import type { Column, GridApi } from 'ag-grid-community'
import { useState, type RefObject } from 'react'
import { Button } from '@/components/ui/Button'
import { Popover } from '@/components/ui/Popover'
import { useI18nContext } from '@/i18n/i18n-react'
import { ACTIONS_COL, INDEX_FIELD } from './column-ids'
import { saveColumnState } from './column-state'
import type { Row } from './define-list'

interface Props {
  apiRef: RefObject<GridApi<Row> | null>
  /** The user's layout key for this list (the grid does not persist API-made changes itself). */
  stateKey: string
}

const FIXED = new Set([INDEX_FIELD, ACTIONS_COL])

/**
 * Shows or hides columns. AG Grid fires columnVisible, which the grid persists with order and width per user per
 * list; the index and action columns always stay. At least one data column stays visible.
 */
export function ColumnChooser({ apiRef, stateKey }: Props) {
  const { LL } = useI18nContext()
  const [columns, setColumns] = useState<Column[]>([])
  const [, refresh] = useState(0)
  const load = () => setColumns((apiRef.current?.getColumns() ?? []).filter((c) => !FIXED.has(c.getColId())))
  const visibleCount = columns.filter((c) => c.isVisible()).length
  return (
    <Popover
      testId="column-chooser"
      onOpenChange={(open) => open && load()}
      trigger={
        <Button variant="ghost" size="sm">
          {LL.grid.columns()}
        </Button>
      }
    >
      <ul className="min-w-44">
        {columns.map((c) => (
          <li key={c.getColId()}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-[var(--surface-2)]">
              <input
                type="checkbox"
                checked={c.isVisible()}
                disabled={c.isVisible() && visibleCount <= 1}
                onChange={(e) => {
                  const api = apiRef.current
                  if (!api) return
                  api.setColumnsVisible([c.getColId()], e.target.checked)
                  saveColumnState(stateKey, api.getColumnState())
                  refresh((n) => n + 1)
                }}
              />
              <span>{c.getColDef().headerName ?? c.getColId()}</span>
            </label>
          </li>
        ))}
      </ul>
    </Popover>
  )
}
