import { useCommands, withShortcut } from '@/commands'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import type { GridApi } from 'ag-grid-community'
import type { RefObject } from 'react'
import { setDensity, useUserPrefs } from '@/stores/user-prefs'
import { otherDensity } from './density'
import { ColumnChooser } from './ColumnChooser'
import type { ListContext, ListDefinition, ListPage, Row, ToolbarAction } from './define-list'

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
  /** The page shown, for the list's caption. */
  page?: ListPage
}

/** The first non-destructive action is the one primary button; a destructive one is always the danger style. */
const variantOf = (a: ToolbarAction, i: number) => (a.tone === 'danger' ? 'danger' : i === 0 ? 'primary' : 'secondary')

/**
 * The list's actions row: its own toolbar actions (crud "add"; the first one is the toolbar's one primary button, the
 * others secondary), then export view, download all, the row density (every list's, per user), columns and reset columns. The list's title is the page
 * header's h1 only (it showed twice); the row is a group named by it for assistive technology.
 */
export function ListToolbar({ title, list, ctx, busy, onExport, onDownload, onResetColumns, onToolbar, apiRef, stateKey, page }: Props) {
  const { LL } = useI18nContext()
  const own = (list.toolbar ?? []).filter((a) => !a.visibleWhen || (ctx !== null && a.visibleWhen(ctx)))
  const caption = page && list.caption ? list.caption(LL, page) : null
  const commands = useCommands()
  const tip = (action: string, label: string) => withShortcut(commands, `list:${list.id}:${action}`, label)
  const { density } = useUserPrefs()
  return (
    <div role="group" aria-label={title} data-testid="list-toolbar" className="flex flex-wrap items-center justify-end gap-2 px-3 py-2">
      {caption && (
        <span data-testid="list-caption" className="mr-auto text-sm text-[var(--muted)]">
          {caption}
        </span>
      )}
      {own.map((a, i) => (
        <Button key={a.id} size="sm" variant={variantOf(a, i)} busy={busy === a.id}
          // The running one is busy, not disabled, so it keeps the focus and a dialog it opened gives it back.
          disabled={busy !== null && busy !== a.id} onClick={() => onToolbar(a)} data-toolbar={a.id}
          title={tip(`toolbar:${a.id}`, a.label(LL))}>
          {a.label(LL)}
        </Button>
      ))}
      <Button variant="secondary" size="sm" onClick={onExport} title={tip('export', LL.grid.exportView())}>
        {LL.grid.exportView()}
      </Button>
      {onDownload && (
        <Button variant="secondary" size="sm" onClick={onDownload}>
          {LL.grid.downloadAll()}
        </Button>
      )}
      <Button variant="ghost" size="sm" data-testid="list-density" data-density={density} title={LL.grid.density.hint()}
        onClick={() => setDensity(otherDensity(density))}>
        {LL.grid.density.button({ density: LL.grid.density[density]() })}
      </Button>
      <ColumnChooser apiRef={apiRef} stateKey={stateKey} />
      <Button variant="ghost" size="sm" onClick={onResetColumns}>
        {LL.grid.resetColumns()}
      </Button>
    </div>
  )
}
