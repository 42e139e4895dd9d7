import type { GridApi } from 'ag-grid-community'
import { useNavigate } from '@tanstack/react-router'
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'
import { getDensity, setDensity } from '@/stores/user-prefs'
import { WorkerFailedError } from '../../workers/remote'
import './ag-setup'
import './grid.css'
import type { GridContext } from './ActionsCell'
import { buildColumnDefs, visibleColumns } from './column-defs'
import { INDEX_FIELD } from './column-ids'
import { clearColumnState, columnStateKey } from './column-state'
import type { ListDefinition, Row } from './define-list'
import { otherDensity, ROW_HEIGHT } from './density'
import { DownloadDialog } from './DownloadDialog'
import { exportCsv } from './export-view'
import { ListBody } from './ListBody'
import { ListToolbar } from './ListToolbar'
import { Pager } from './Pager'
import { RowActionsMenu, type RowMenuAt } from './RowActionsMenu'
import { RowDetailDialog } from './RowDetailDialog'
import { createRowExpander, domMeasure } from './row-expand'
import { SearchPanel } from './SearchPanel'
import { useListActions } from './use-list-actions'
import { useListCommands } from './use-list-commands'
import { useListContext, useListPage, useListView, visibleFields } from './use-list-state'
import { buildDownloadPayload, defaultFilters } from './url-state'
import { viewRows } from './view-rows'

export interface ListScreenOwnProps {
  list: ListDefinition
  /** The menu's title; the declaration's own title when absent. */
  title?: string
}

/** The one list screen: every declaration renders through here. */
/** Filters equal once empty values are left out (the panel's draft has '' where the URL has no key at all). */
function sameFilters(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const set = (o: Record<string, unknown>) =>
    JSON.stringify(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '').sort(([x], [y]) => x.localeCompare(y)))
  return set(a) === set(b)
}

export function ListScreen({ list, title: menuTitle }: ListScreenOwnProps) {
  const { LL } = useI18nContext()
  const ctx = useListContext()
  const cusId = useSession().authUser?.cusId ?? 'anon'
  const navigate = useNavigate()
  const title = menuTitle || list.title(LL)
  const fields = useMemo(() => visibleFields(list, ctx), [list, ctx])
  const { view, setView } = useListView(list, fields)
  const query = useListPage(list, view, ctx !== null)
  const apiRef = useRef<GridApi<Row> | null>(null)
  const selection = useCallback(() => apiRef.current?.getSelectedRows() ?? [], [])
  const actions = useListActions(list, ctx, view.filters, selection)
  const formRef = useRef<HTMLFormElement | null>(null)
  const sectionRef = useRef<HTMLElement | null>(null)
  const [expander] = useState(createRowExpander)
  const [downloadOpen, setDownloadOpen] = useState(false)
  const [layoutVersion, setLayoutVersion] = useState(0)
  const stateKey = columnStateKey(cusId, list.id)

  const offset = (view.pageNumber - 1) * view.pageSize
  const rows = useMemo(() => (query.data?.records ?? []).map((r, i) => ({ ...r, [INDEX_FIELD]: offset + i + 1 })), [query.data, offset])
  const totalsRow = useMemo(() => (list.totals?.length && query.data?.totals ? { ...query.data.totals } : null), [list.totals, query.data])
  const sort = useMemo(() => ({ orderBy: view.orderBy, order: view.order }), [view.orderBy, view.order])
  const columnDefs = useMemo(() => buildColumnDefs(list, { LL, ctx, sort }), [list, LL, ctx, sort])
  const gridContext = useMemo<GridContext>(
    () => ({ runAction: actions.runRow, listCtx: ctx }),
    [actions.runRow, ctx],
  )

  const focusMemory = useRef<number | null>(null)
  const [resetCount, setResetCount] = useState(0)
  const focusGridOnData = useRef(false)
  // Reset (button, Alt+R, the empty state's button) drops what was typed but not searched and starts on the first field.
  const reset = () => {
    focusMemory.current = 0
    setResetCount((c) => c + 1)
    setView({ filters: defaultFilters(fields), pageNumber: 1, pageSize: view.pageSize })
  }
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / view.pageSize))
  const goPage = (n: number) => {
    const to = Math.min(pages, Math.max(1, n))
    if (to !== view.pageNumber) setView({ ...view, pageNumber: to })
  }
  // After a search the answer is what the user wants next: the grid's first row takes the focus once it has arrived
  // and the grid shows it. The grid may show it after the answer (its first rows on a freshly opened screen), so the
  // grid's row events ask again until it has happened.
  const focusFirstRow = () => {
    if (!focusGridOnData.current || query.isFetching || !query.data) return
    if (query.isError || !query.data.records.length) return void (focusGridOnData.current = false)
    const api = apiRef.current
    const first = api?.getAllDisplayedColumns()[0]
    if (!api || !first || api.getDisplayedRowCount() === 0) return
    focusGridOnData.current = false
    requestAnimationFrame(() => api.setFocusedCell(0, first))
  }
  const focusFirstRowRef = useRef(focusFirstRow)
  focusFirstRowRef.current = focusFirstRow
  const onRowsShown = useCallback(() => focusFirstRowRef.current(), [])
  useEffect(() => focusFirstRowRef.current(), [query.isFetching, query.data, query.isError])
  const exportView = async () => {
    const api = apiRef.current
    if (!api || !rows.length) return void toast.info(LL.grid.exportEmpty())
    const { header, body } = viewRows(api, list, LL, rows, totalsRow)
    try {
      await exportCsv(title, header, body)
    } catch (e) {
      if (e instanceof WorkerFailedError) return void toast.error(LL.grid.exportFailed())
      throw e
    }
    toast.success(LL.grid.exported({ rows: rows.length }))
  }
  const resetColumns = () => {
    clearColumnState(stateKey)
    setLayoutVersion((v) => v + 1)
    toast.success(LL.grid.columnsReset())
  }
  const focusedRow = () => {
    const cell = apiRef.current?.getFocusedCell()
    if (!cell || cell.rowPinned) return null
    return apiRef.current?.getDisplayedRowAtIndex(cell.rowIndex)?.data ?? null
  }
  const enterAction = list.detail || !list.enterAction ? undefined : list.rowActions?.find((a) => a.id === list.enterAction && (!a.visibleWhen || (ctx && a.visibleWhen(ctx))))
  // Enter opens the row: its page, its enter action, or else the row in full in a dialog (a sent record's content).
  const [detailRow, setDetailRow] = useState<Row | null>(null)
  const openRow = list.detail
    ? (row: Row) => {
        const to = list.detail?.(row, view.filters)
        if (to) void navigate({ to })
      }
    : enterAction
      ? (row: Row) => actions.runRow(enterAction, row, Number(row[INDEX_FIELD]) || undefined)
      : list.openDetail ?? ((row: Row) => setDetailRow(row))
  const rowActions = useMemo(() => (list.rowActions ?? []).filter((a) => !a.visibleWhen || (ctx !== null && a.visibleWhen(ctx))), [list, ctx])
  const [rowMenu, setRowMenu] = useState<RowMenuAt | null>(null)
  const menuCell = useRef<{ rowIndex: number; colId: string } | null>(null)
  const openRowMenu = () => {
    const api = apiRef.current
    const cell = api?.getFocusedCell()
    const row = focusedRow()
    if (!api || !cell || cell.rowPinned || !row || rowMenu) return
    menuCell.current = { rowIndex: cell.rowIndex, colId: cell.column.getColId() }
    const el = document.activeElement?.closest('.ag-cell') ?? formRef.current
    const box = el?.getBoundingClientRect()
    setRowMenu({ row, rowNumber: Number(row[INDEX_FIELD]) || cell.rowIndex + 1, left: box?.left ?? 0, top: box?.bottom ?? 0 })
  }

  const toggleRow = () => {
    const api = apiRef.current
    if (api) expander.toggleFocused(api, ROW_HEIGHT[getDensity()], domMeasure(sectionRef.current))
  }
  useListCommands(list, title, ctx, {
    search: () => formRef.current?.requestSubmit(),
    reset,
    focusSearch: () => formRef.current?.querySelector<HTMLElement>('input, select')?.focus(),
    exportView: () => void exportView(),
    downloadAll: list.download ? () => setDownloadOpen(true) : undefined,
    resetColumns,
    focusedRow,
    runRow: actions.runRow,
    runToolbar: actions.runToolbar,
    openRowMenu,
    toggleRow,
    toggleDensity: () => setDensity(otherDensity(getDensity())),
    page: (to) => goPage(to === 'first' ? 1 : to === 'last' ? pages : view.pageNumber + (to === 'next' ? 1 : -1)),
  })

  const Above = list.above
  const aboveSearch = useMemo(() => ({ ...view.filters, ...list.fixed }), [view.filters, list.fixed])
  if (list.visibleWhen && ctx && !list.visibleWhen(ctx)) {
    return <p className="p-6 text-sm text-[var(--muted)]">{LL.common.forbiddenHint()}</p>
  }
  // aria-busy while the rows of the view asked for are on their way (the grid keeps the previous ones meanwhile).
  // With a chart above, the grid keeps the height it has without one and the page scrolls instead of the grid shrinking.
  return (
    <section ref={sectionRef} className={`flex h-full ${Above ? 'min-h-[780px]' : 'min-h-[520px]'} flex-col rounded border border-[var(--border)] bg-[var(--surface)]`} data-list={list.id}
      aria-busy={query.isFetching}>
      <SearchPanel
        key={`${resetCount}:${JSON.stringify(view.filters)}`}
        ref={formRef}
        focusMemory={focusMemory}
        fields={fields}
        filters={view.filters}
        onSearch={(filters) => {
          focusGridOnData.current = true
          // Search with unchanged filters still means "show me the latest": same URL, same query key, so refetch.
          if (sameFilters(filters, view.filters) && view.pageNumber === 1) void query.refetch()
          else setView({ ...view, filters, pageNumber: 1 })
        }}
        onReset={reset}
      />
      {Above && (
        <Suspense fallback={null}>
          <Above search={aboveSearch} />
        </Suspense>
      )}
      <ListToolbar
        title={title}
        list={list}
        ctx={ctx}
        busy={actions.busy}
        onExport={() => void exportView()}
        onDownload={list.download ? () => setDownloadOpen(true) : undefined}
        onResetColumns={resetColumns}
        onToolbar={actions.runToolbar}
        apiRef={apiRef}
        stateKey={stateKey}
        page={query.data}
      />
      <ListBody
        key={layoutVersion}
        query={query}
        onReset={reset}
        grid={{ apiRef, columnDefs, rows, totalsRow, context: gridContext, stateKey, onRowsShown, onOpenRow: openRow, onRowMenu: openRowMenu, selectable: list.selectable,
          expander,
          spot: { key: list.id, view: JSON.stringify(view) },
          onSort: (orderBy, order) => setView({ ...view, orderBy, order, pageNumber: 1 }) }}
      />
      <Pager
        pageNumber={view.pageNumber}
        pageSize={view.pageSize}
        total={query.data?.total ?? 0}
        onPage={goPage}
        onSize={(pageSize) => setView({ ...view, pageSize, pageNumber: 1 })}
      />
      <RowDetailDialog open={detailRow !== null} onOpenChange={(o) => !o && setDetailRow(null)} columns={visibleColumns(list, ctx)} row={detailRow}
        listTitle={list.title(LL)} name={list.detailName} />
      {rowMenu && (
        <RowActionsMenu at={rowMenu} actions={rowActions} listCtx={ctx} onOpenRow={openRow} runAction={actions.runRow}
          onClosed={() => {
            setRowMenu(null)
            const at = menuCell.current
            if (at && apiRef.current && at.rowIndex < apiRef.current.getDisplayedRowCount()) apiRef.current.setFocusedCell(at.rowIndex, at.colId)
          }} />
      )}
      {list.download && (
        <DownloadDialog
          open={downloadOpen}
          onOpenChange={setDownloadOpen}
          endpoint={list.download.endpoint}
          payload={(format) => buildDownloadPayload(list, view, format)}
          fileName={list.download.name?.(LL) ?? title}
        />
      )}
    </section>
  )
}
