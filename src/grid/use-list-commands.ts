import { useEffect, useLayoutEffect, useRef } from 'react'
import { GRID_SHORTCUTS, PAGE_SHORTCUTS, registerCommands, type Command } from '@/commands'
import { useI18nContext } from '@/i18n/i18n-react'
import { INDEX_FIELD } from './column-ids'
import type { ListContext, ListDefinition, Row, RowAction, ToolbarAction } from './define-list'

export interface ListCommandHandlers {
  search(): void
  reset(): void
  focusSearch(): void
  exportView(): void
  downloadAll?: () => void
  resetColumns(): void
  focusedRow(): Row | null
  runRow(a: RowAction, row: Row, rowNumber?: number): void
  runToolbar(a: ToolbarAction): void
  /** The focused row's actions as a keyboard menu. */
  openRowMenu(): void
  /** Expands the focused row to its whole text, or back to one line. */
  toggleRow(): void
  /** Compact rows or comfortable ones, for every list of this user. */
  toggleDensity(): void
  page(to: 'next' | 'prev' | 'first' | 'last'): void
}

/**
 * The list's commands, registered while the screen is mounted (ids `list:<id>:<action>`), so the palette offers
 * them and the global dispatcher binds their keys. Row actions apply to the grid's focused row.
 */
export function useListCommands(def: ListDefinition, title: string, ctx: ListContext | null, handlers: ListCommandHandlers) {
  const { LL } = useI18nContext()
  // Handlers change every render; the commands read the latest ones, so the registry is not rewritten each time.
  const ref = useRef(handlers)
  useLayoutEffect(() => {
    ref.current = handlers
  })
  const hasDownload = !!handlers.downloadAll
  useEffect(() => {
    const h: ListCommandHandlers = {
      search: () => ref.current.search(),
      reset: () => ref.current.reset(),
      focusSearch: () => ref.current.focusSearch(),
      exportView: () => ref.current.exportView(),
      downloadAll: () => ref.current.downloadAll?.(),
      resetColumns: () => ref.current.resetColumns(),
      focusedRow: () => ref.current.focusedRow(),
      runRow: (a, row, n) => ref.current.runRow(a, row, n),
      runToolbar: (a) => ref.current.runToolbar(a),
      openRowMenu: () => ref.current.openRowMenu(),
      toggleRow: () => ref.current.toggleRow(),
      toggleDensity: () => ref.current.toggleDensity(),
      page: (to) => ref.current.page(to),
    }
    const group = () => LL.grid.commandGroup({ title })
    const cmd = (action: string, label: () => string, perform: () => void, extra: Partial<Command> = {}): Command => ({
      id: `list:${def.id}:${action}`, kind: 'action', group, label, perform, ...extra,
    })
    const allowed = (a: { visibleWhen?: (c: ListContext) => boolean }) => !a.visibleWhen || (ctx !== null && a.visibleWhen(ctx))
    const list: Command[] = [
      cmd('search', () => LL.grid.search(), h.search),
      cmd('reset', () => LL.grid.reset(), h.reset, { shortcut: GRID_SHORTCUTS.reset, shortcutInInputs: true }),
      cmd('focus-search', () => LL.grid.searchPanel(), h.focusSearch, { shortcut: GRID_SHORTCUTS.focusSearch }),
      cmd('export', () => LL.grid.exportView(), h.exportView, { shortcut: GRID_SHORTCUTS.export, shortcutInInputs: true }),
      cmd('reset-columns', () => LL.grid.resetColumns(), h.resetColumns),
      cmd('row-menu', () => LL.palette.sheet.gridRowMenu(), h.openRowMenu, {
        shortcut: GRID_SHORTCUTS.rowMenu, shortcutOnly: true, when: () => h.focusedRow() !== null,
      }),
      cmd('expand-row', () => LL.grid.expandRow(), h.toggleRow, {
        shortcut: GRID_SHORTCUTS.expandRow, onFocused: true, when: () => h.focusedRow() !== null,
      }),
      cmd('density', () => LL.grid.density.toggle(), h.toggleDensity, { keywords: () => [LL.grid.density.compact(), LL.grid.density.comfortable(), 'density', 'row height'] }),
      cmd('next-page', () => LL.nav.nextPage(), () => h.page('next'), { shortcut: PAGE_SHORTCUTS.next }),
      cmd('prev-page', () => LL.nav.prevPage(), () => h.page('prev'), { shortcut: PAGE_SHORTCUTS.prev }),
      cmd('first-page', () => LL.nav.firstPage(), () => h.page('first'), { shortcut: PAGE_SHORTCUTS.first }),
      cmd('last-page', () => LL.nav.lastPage(), () => h.page('last'), { shortcut: PAGE_SHORTCUTS.last }),
      ...(hasDownload ? [cmd('download', () => LL.grid.downloadAll(), () => h.downloadAll?.())] : []),
      ...(def.toolbar ?? []).filter(allowed).map((a) =>
        cmd(`toolbar:${a.id}`, () => a.label(LL), () => h.runToolbar(a), a.shortcut ? { shortcut: a.shortcut } : {}),
      ),
      ...(def.rowActions ?? []).filter(allowed).map((a) =>
        cmd(`row:${a.id}`, () => LL.grid.rowAction({ action: a.label(LL) }), () => {
          const row = h.focusedRow()
          if (row) h.runRow(a, row, Number(row[INDEX_FIELD]) || undefined)
        }, {
          ...(a.shortcut ? { shortcut: a.shortcut } : {}),
          onFocused: true,
          when: () => {
            const row = h.focusedRow()
            return !!row && (!a.enabledWhen || (ctx !== null && a.enabledWhen(row, ctx)))
          },
        }),
      ),
    ]
    return registerCommands(list)
  }, [def, title, ctx, hasDownload, LL])
}
