import { formatShortcut, GRID_SHORTCUTS } from '@/commands'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import type { GridApi } from 'ag-grid-community'
import type { RefObject } from 'react'
import { ColumnChooser } from './ColumnChooser'
import type { ListContext, ListDefinition, Row, ToolbarAction } from './define-list'

interface Props {
  title: string
  list: ListDefinition
  ctx: ListContext | null
  busy: string | null
  onExport: () => void
  onDownload?: () => void
  onResetColumns: () => void
  onToolbar: (a: ToolbarAction) => void
  apiRef: RefObject<GridApi<Row> | null>
  stateKey: string
}

const small = 'h-7 px-3 py-0 text-xs'

/** Title row: the list's own toolbar actions (crud "add"), then export view, download all, columns and reset columns. */
export function ListToolbar({ title, list, ctx, busy, onExport, onDownload, onResetColumns, onToolbar, apiRef, stateKey }: Props) {
  const { LL } = useI18nContext()
  const own = (list.toolbar ?? []).filter((a) => !a.visibleWhen || (ctx !== null && a.visibleWhen(ctx)))
  return (
    <div className="flex flex-wrap items-center gap-2 px-3 py-2">
      <h2 className="mr-auto text-sm font-semibold text-[var(--text)]">{title}</h2>
      {own.map((a) => (
        <Button key={a.id} className={small} busy={busy === a.id} disabled={busy !== null} onClick={() => onToolbar(a)} data-toolbar={a.id}>
          {a.label(LL)}
        </Button>
      ))}
      <Button variant="secondary" className={small} onClick={onExport} title={formatShortcut(GRID_SHORTCUTS.export)}>
        {LL.grid.exportView()}
      </Button>
      {onDownload && (
        <Button variant="secondary" className={small} onClick={onDownload}>
          {LL.grid.downloadAll()}
        </Button>
      )}
      <ColumnChooser apiRef={apiRef} stateKey={stateKey} />
      <Button variant="ghost" className={small} onClick={onResetColumns}>
        {LL.grid.resetColumns()}
      </Button>
    </div>
  )
}
