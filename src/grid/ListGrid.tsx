import { AgGridReact } from 'ag-grid-react'
import type { CellContextMenuEvent, CellKeyDownEvent, ColDef, GridApi, RowSelectionOptions, SortChangedEvent } from 'ag-grid-community'
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import { DARK_THEMES } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import { usePrefs } from '@/stores/prefs'
import { useUserPrefs } from '@/stores/user-prefs'
import { darkGridTheme, lightGridTheme } from './ag-setup'
import type { GridContext } from './ActionsCell'
import { columnTypes } from './column-types'
import { loadColumnState, saveColumnState } from './column-state'
import type { ColumnContext } from './column-defs'
import { columnsToHide } from './column-priority'
import type { Row } from './define-list'
import { ROW_HEIGHT } from './density'
import type { RowExpander } from './row-expand'
import { markRestoring, peekSpot, saveSpot, type GridSpot } from './view-memory'

interface Props {
  apiRef: RefObject<GridApi<Row> | null>
  columnDefs: ColDef<Row>[]
  rows: Row[]
  totalsRow: Row | null
  context: GridContext
  /** localStorage key of this user's column layout for this list. */
  stateKey: string
  onSort: (orderBy: string | undefined, order: 'asc' | 'desc' | undefined) => void
  onOpenRow?: (row: Row) => void
  /** The context menu of a row's cell (a right click, the Menu key, Shift+F10): the screen opens the row's actions. */
  onRowMenu?: () => void
  /** Called whenever the grid has shown new rows (its first, or a new page's). */
  onRowsShown?: () => void
  /** A checkbox column and multi-row selection (ListDefinition.selectable). */
  selectable?: boolean
  /** Where to keep the scroll position and focused cell when the screen is left (the list's id), and the view they belong to. */
  spot?: { key: string; view: string }
  /** The rows expanded to their whole text (the screen's expand key); every row is one line without it. */
  expander?: RowExpander
}

/** Checkboxes only: a click or Enter on a row keeps its meaning (focus, open), Space toggles the focused row. */
const MULTI_ROW: RowSelectionOptions<Row> = { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }
const SELECTION_COLUMN: ColDef<Row> = { pinned: 'left', width: 44, suppressHeaderMenuButton: true }

/** Saved on the events that end a user's change (drag end, resize end), not on every intermediate move. */
function persist(e: { api: GridApi<Row>; source: string; finished?: boolean }, key: string) {
  if (e.finished === false) return
  if (e.source === 'api' || e.source === 'gridInitializing' || e.source === 'flex') return
  saveColumnState(key, e.api.getColumnState())
}

/** Room for the vertical scrollbar, which takes its width from the centre columns once the rows overflow. */
const SCROLLBAR = 16

/**
 * Column priorities (column-priority.ts) against the grid's width: hides what keeps the key figures out of the window
 * and shows again what it hid once there is room. Not for a layout the user saved: theirs stands as they left it.
 */
function fitPriorities(api: GridApi<Row>, gridWidth: number, stateKey: string, auto: Set<string>) {
  if (loadColumnState(stateKey)) return
  const columns = api.getAllGridColumns()
  const pinnedRight = columns.filter((c) => c.getPinned() === 'right' && c.isVisible()).reduce((sum, c) => sum + c.getActualWidth(), 0)
  // Left-pinned columns stand first on screen wherever their definition sits (a record's batch id is defined late).
  const placed = [...columns.filter((c) => c.getPinned() === 'left'), ...columns.filter((c) => !c.getPinned())]
    .filter((c) => c.isVisible() || auto.has(c.getColId()))
    .map((c) => {
      const def = c.getColDef()
      return { id: c.getColId(), width: (def.flex ? def.minWidth : def.width) ?? c.getActualWidth(), priority: (def.context as ColumnContext | undefined)?.priority ?? 1 }
    })
  const hide = new Set(columnsToHide(placed, gridWidth - pinnedRight - SCROLLBAR))
  const show = [...auto].filter((id) => !hide.has(id))
  const newlyHidden = [...hide].filter((id) => !auto.has(id))
  if (show.length) api.setColumnsVisible(show, true)
  if (newlyHidden.length) api.setColumnsVisible(newlyHidden, false)
  auto.clear()
  hide.forEach((id) => auto.add(id))
}

/** Scrolls back to the saved first row and focuses the saved cell, if the page still has them. */
function restoreSpot(api: GridApi<Row>, spot: GridSpot) {
  const count = api.getDisplayedRowCount()
  if (spot.focused && spot.focused.rowIndex < count) api.setFocusedCell(spot.focused.rowIndex, spot.focused.colId)
  if (spot.firstRow > 0 && spot.firstRow < count) api.ensureIndexVisible(spot.firstRow, 'top')
}

export function ListGrid({ apiRef, columnDefs, rows, totalsRow, context, stateKey, onSort, onOpenRow, onRowMenu, onRowsShown, selectable, spot, expander }: Props) {
  const { LL, locale } = useI18nContext()
  const spotRef = useRef(spot)
  useLayoutEffect(() => {
    spotRef.current = spot
  })
  const pending = useRef<GridSpot | undefined>(undefined)
  const taken = useRef(false)
  if (!taken.current) {
    taken.current = true
    pending.current = spot ? peekSpot(spot.key, spot.view) : undefined
    if (pending.current) markRestoring(true)
  }
  const recordSpot = (api: GridApi<Row>) => {
    const at = spotRef.current
    if (!at || pending.current) return
    const cell = api.getFocusedCell()
    const focused = cell && !cell.rowPinned ? { rowIndex: cell.rowIndex, colId: cell.column.getColId() } : undefined
    saveSpot(at.key, { view: at.view, firstRow: Math.max(0, api.getFirstDisplayedRowIndex()), focused })
  }
  const restorePending = (api: GridApi<Row>) => {
    const saved = pending.current
    if (!saved || !api.getDisplayedRowCount()) return
    // The spot stays saved: a switch back and forth faster than the screens load mounts this list twice, and the
    // second mount must find it too (it is replaced as soon as the user moves).
    pending.current = undefined
    // After the rows are drawn: the focus needs the cell's element.
    requestAnimationFrame(() => {
      restoreSpot(api, saved)
      markRestoring(false)
    })
  }
  const autoHidden = useRef(new Set<string>())
  const { theme } = usePrefs()
  const { density } = useUserPrefs()
  const types = useMemo(() => columnTypes(LL, locale), [LL, locale])
  const pinned = useMemo(() => (totalsRow ? [totalsRow] : undefined), [totalsRow])
  // AG Grid's own words are English; the selection column's screen-reader texts are the console's.
  const localeText = useMemo(() => {
    const w = LL.grid.selection
    return {
      ariaHeaderSelection: w.column(), ariaRowSelectAll: w.toggleAll(), ariaRowToggleSelection: w.toggleRow(), ariaRowSelect: w.select(),
      ariaRowDeselect: w.deselect(), ariaRowSelectionDisabled: w.disabled(), ariaChecked: w.checked(), ariaUnchecked: w.unchecked(),
      ariaIndeterminate: w.indeterminate(),
    }
  }, [LL])
  return (
    <AgGridReact<Row>
      theme={DARK_THEMES.includes(theme) ? darkGridTheme : lightGridTheme}
      columnDefs={columnDefs}
      columnTypes={types}
      rowData={rows}
      pinnedBottomRowData={pinned}
      context={context}
      rowSelection={selectable ? MULTI_ROW : undefined}
      selectionColumnDef={selectable ? SELECTION_COLUMN : undefined}
      localeText={localeText}
      tooltipShowDelay={400}
      // One line per row: a tooltip only where the text is cut.
      tooltipShowMode="whenTruncated"
      rowHeight={ROW_HEIGHT[density]}
      getRowHeight={expander?.getRowHeight}
      rowClassRules={expander?.rowClassRules}
      suppressDragLeaveHidesColumns
      // A page holds at most a few dozen columns: render them all so screen readers, Ctrl+F and tests see every
      // header, and the grid's own empty overlay (English) gives way to the screen's translated empty state.
      suppressColumnVirtualisation
      suppressNoRowsOverlay
      enableBrowserTooltips={false}
      onGridReady={(e) => {
        apiRef.current = e.api
        const saved = loadColumnState(stateKey)
        if (saved) e.api.applyColumnState({ state: saved, applyOrder: true })
      }}
      onGridPreDestroyed={() => {
        apiRef.current = null
        if (pending.current) {
          pending.current = undefined
          markRestoring(false)
        }
      }}
      // Recorded as the user moves, not when the screen goes: by then the router may already show the next
      // page's search params to this screen.
      onCellFocused={(e) => recordSpot(e.api)}
      onBodyScrollEnd={(e) => recordSpot(e.api)}
      onRowDataUpdated={(e) => {
        expander?.clear()
        restorePending(e.api)
        onRowsShown?.()
      }}
      onFirstDataRendered={(e) => {
        restorePending(e.api)
        onRowsShown?.()
      }}
      onGridSizeChanged={(e) => fitPriorities(e.api, e.clientWidth, stateKey, autoHidden.current)}
      onColumnMoved={(e) => persist(e, stateKey)}
      onColumnResized={(e) => persist(e, stateKey)}
      onColumnVisible={(e) => persist(e, stateKey)}
      onSortChanged={(e: SortChangedEvent<Row>) => {
        // Only the user's header clicks: column definitions carrying the URL's sort fire this too.
        if (e.source !== 'uiColumnSorted') return
        const sorted = e.api.getColumnState().find((c) => c.sort)
        onSort(sorted?.colId, sorted?.sort ?? undefined)
      }}
      preventDefaultOnContextMenu={!!onRowMenu}
      onCellContextMenu={(e: CellContextMenuEvent<Row>) => {
        if (!onRowMenu || !e.data || e.node.rowPinned || e.rowIndex === null) return
        e.api.setFocusedCell(e.rowIndex, e.column)
        onRowMenu()
      }}
      onCellKeyDown={(e: CellKeyDownEvent<Row>) => {
        const key = (e.event as KeyboardEvent | null)?.key
        const ev = e.event as KeyboardEvent | null
        // Shift+Enter is the expand key (GRID_SHORTCUTS.expandRow), bound by the screen's command.
        if (key === 'Enter' && !ev?.shiftKey && e.data && !e.node.rowPinned) onOpenRow?.(e.data)
      }}
    />
  )
}
