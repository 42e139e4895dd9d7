// Radix directly, until src/components/ui offers a dialog wrapper that passes content props through.
import { useRef } from 'react'
import { ModalPanel } from '@/components/ui/ModalPanel'
import { useCommands } from '@/commands/registry'
import { GRID_SHORTCUTS, PAGE_SHORTCUTS, TAB_SHORTCUTS } from '@/commands/shortcuts'
import { useI18nContext } from '@/i18n/i18n-react'
import { setShortcutSheetOpen, useShortcutSheetOpen } from '@/stores/palette'
import { ShortcutKbd } from './Kbd'
import { overlayClass, panelClass } from './styles'

const rowClass = 'flex items-center justify-between gap-4 py-1.5 text-sm'
const sectionClass = 'mb-1 mt-3 text-xs font-medium text-[var(--muted)]'

/**
 * Every keyboard shortcut on one sheet: the registry's bound commands (so a screen's own keys appear while it is
 * open) and the fixed list keys the grid engine binds. Opened by `?` outside text fields.
 */
export function ShortcutSheet() {
  const { LL } = useI18nContext()
  const opener = useRef<HTMLElement | null>(null)
  const open = useShortcutSheetOpen()
  const commands = useCommands()
  // Every bound key of the current screen, also those whose condition does not hold now (a row action with no
  // matching row focused, Alt+P without a pausable batch): they are listed with their condition, marked not available
  // now, so the sheet teaches a screen's keys before they apply. The nine tab-number keys are one line rather than nine.
  const bound = open ? commands.filter((c) => c.shortcut && !c.paletteOnly && !c.id.startsWith('tab:number:')) : []
  const tabNumbers = [1, 8, 9].map((n) => TAB_SHORTCUTS.number(n))
  const grid: [string, readonly string[]][] = [
    [LL.palette.sheet.gridMove(), GRID_SHORTCUTS.move],
    [LL.palette.sheet.gridOpenDetail(), [GRID_SHORTCUTS.openDetail]],
    [LL.palette.sheet.gridExpandRow(), [GRID_SHORTCUTS.expandRow]],
    [LL.palette.sheet.gridFocusSearch(), [GRID_SHORTCUTS.focusSearch]],
    [LL.palette.sheet.gridReset(), [GRID_SHORTCUTS.reset]],
    [LL.palette.sheet.gridExport(), [GRID_SHORTCUTS.export]],
    [LL.nav.pageKeys(), [PAGE_SHORTCUTS.prev, PAGE_SHORTCUTS.next, PAGE_SHORTCUTS.first, PAGE_SHORTCUTS.last]],
  ]

  return (
    <ModalPanel
      open={open}
      onOpenChange={setShortcutSheetOpen}
      testId="shortcut-sheet"
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      }}
      onCloseAutoFocus={(e) => {
        // Back where the user was (a grid cell, a field): Radix would aim at a Trigger the sheet does not have.
        if (!opener.current?.isConnected) return
        e.preventDefault()
        opener.current.focus()
        opener.current = null
      }}
      overlayClassName={overlayClass}
      className={`${panelClass} max-h-[76vh] overflow-y-auto px-5 py-4`}
      // It scrolls: a keyboard user scrolls it with the arrow keys once it has the focus (it has no control inside).
      focusable
      title={LL.palette.sheet.title()}
      showTitle
      titleClassName="text-base font-semibold"
      description={LL.palette.sheet.description()}
      descriptionClassName="mt-1 text-xs text-[var(--muted)]"
    >
      <h3 className={sectionClass}>{LL.palette.sheet.commands()}</h3>
      <ul className="divide-y divide-[var(--border)]">
        {bound.map((c) => {
          const now = !c.when || c.when()
          return (
            <li key={c.id} className={rowClass} data-command={c.id} data-available={now}>
              <span>
                {c.label()}
                {!now && <span className="ml-2 text-xs text-[var(--muted)]">{LL.palette.sheet.notNow()}</span>}
              </span>
              <ShortcutKbd shortcut={c.shortcut!} />
            </li>
          )
        })}
        <li className={rowClass} data-testid="sheet-tab-numbers">
          <span>{LL.nav.tabByNumber()}</span>
          <span className="flex items-center gap-1">
            <ShortcutKbd shortcut={tabNumbers[0]} />…<ShortcutKbd shortcut={tabNumbers[1]} />/<ShortcutKbd shortcut={tabNumbers[2]} />
          </span>
        </li>
      </ul>
      <h3 className={sectionClass}>{LL.palette.sheet.grid()}</h3>
      <ul className="divide-y divide-[var(--border)]">
        {grid.map(([label, keys]) => (
          <li key={label} className={rowClass}>
            <span>{label}</span>
            <span className="flex gap-1">
              {keys.map((k) => (
                <ShortcutKbd key={k} shortcut={k} />
              ))}
            </span>
          </li>
        ))}
      </ul>
    </ModalPanel>
  )
}
