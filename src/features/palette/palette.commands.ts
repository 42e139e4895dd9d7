import { registerCommands, type Command } from '@/commands/registry'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { openShortcutSheet, togglePalette } from '@/stores/palette'

/**
 * The palette's own commands. `LL` is the current language; `otherLL`, when given, adds the other language's
 * labels as keywords so either language finds them. Returns the unregister function (an effect's cleanup).
 */
export function registerPaletteCommands(LL: TranslationFunctions, otherLL?: TranslationFunctions): () => void {
  const other = (pick: (t: TranslationFunctions) => string) => (otherLL ? [pick(otherLL)] : [])
  const group = () => LL.palette.commands.group()
  const commands: Command[] = [
    {
      id: 'action:palette',
      kind: 'action',
      label: () => LL.palette.commands.palette(),
      keywords: () => [...other((t) => t.palette.commands.palette()), 'command', 'search', 'ctrl+k'],
      group,
      shortcut: 'mod+k',
      // The palette's own input must be able to close it again with the same keys.
      shortcutInInputs: true,
      // Choosing it from the palette would only reopen the palette.
      shortcutOnly: true,
      perform: togglePalette,
    },
    {
      id: 'action:shortcuts',
      kind: 'action',
      label: () => LL.palette.commands.shortcuts(),
      keywords: () => [...other((t) => t.palette.commands.shortcuts()), 'keyboard', 'hotkeys', 'help'],
      group,
      shortcut: '?',
      perform: openShortcutSheet,
    },
  ]
  return registerCommands(commands)
}
