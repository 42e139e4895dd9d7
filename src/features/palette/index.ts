export { CommandPalette } from './CommandPalette'
export { ShortcutSheet } from './ShortcutSheet'
export { registerPaletteCommands } from './palette.commands'
export { openPalette } from '@/stores/palette'
