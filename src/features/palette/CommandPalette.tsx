import { useRef } from 'react'
import { ModalPanel } from '@/components/ui/ModalPanel'
import type { Command } from '@/commands/registry'
import { useI18nContext } from '@/i18n/i18n-react'
import { closePalette, recordRecent, setPaletteOpen, usePaletteOpen } from '@/stores/palette'
import { PaletteBody } from './PaletteBody'
import { overlayClass, panelClass } from './styles'

/**
 * The command palette: every route and action of the registry, searchable in both languages and by pinyin.
 * Mount once in the signed-in shell; open it with `openPalette()` or the `mod+k` command.
 */
export function CommandPalette() {
  const { LL } = useI18nContext()
  const open = usePaletteOpen()
  const opener = useRef<HTMLElement | null>(null)
  const pending = useRef<Command | null>(null)

  const run = (command: Command) => {
    recordRecent(command.id)
    pending.current = command
    closePalette()
  }

  return (
    <ModalPanel
      open={open}
      onOpenChange={setPaletteOpen}
      title={LL.palette.title()}
      testId="command-palette"
      overlayClassName={overlayClass}
      className={panelClass}
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      }}
      onCloseAutoFocus={(e) => {
        // Give focus back to where the user was (Radix would aim at a Trigger we do not have), then run the
        // chosen command, so a dialog it opens or a page it navigates to can take focus after that.
        e.preventDefault()
        opener.current?.focus()
        opener.current = null
        const command = pending.current
        pending.current = null
        if (command) void command.perform()
      }}
      onEscapeKeyDown={(e) => {
        // Esc during IME composition cancels the composition, not the palette.
        if (e.isComposing || e.keyCode === 229) e.preventDefault()
      }}
    >
      <PaletteBody onRun={run} />
    </ModalPanel>
  )
}
