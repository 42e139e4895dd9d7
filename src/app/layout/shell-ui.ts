import { proxy, useSnapshot } from 'valtio'

/**
 * Which shell dialog is open. A store rather than component state because commands (palette, shortcuts) open
 * these dialogs from outside the top bar.
 */
export type ShellDialog = 'lock' | 'errorLog' | 'feedback' | null

const state = proxy({ dialog: null as ShellDialog })

export function openShellDialog(d: Exclude<ShellDialog, null>) {
  state.dialog = d
}

export function closeShellDialog() {
  state.dialog = null
}

export function useShellDialog(): ShellDialog {
  return useSnapshot(state).dialog
}
