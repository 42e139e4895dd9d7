import { useEffect, useRef } from 'react'
import { registerCommands, type Command } from '@/commands'
import { useI18nContext } from '@/i18n/i18n-react'

/** The editors' keys: data in the one registry, so the palette offers them and the `?` sheet lists them. */
export const EDITOR_SHORTCUTS = {
  add: 'alt+n', addButton: 'alt+k', moveUp: 'alt+arrowup', moveDown: 'alt+arrowdown', remove: 'alt+delete',
  pick: 'alt+m', upload: 'alt+u', submit: 'mod+enter',
} as const

export interface EditorActions {
  add(): void
  addButton?: () => void
  move(delta: number): void
  remove(): void
  pick(): void
  upload(): void
  submit(): void
}

/** Registers the editor's commands while it is mounted; they act on the item that has (or last had) focus. */
export function useEditorCommands(kind: 'csp' | 'video', actions: EditorActions) {
  const { LL } = useI18nContext()
  const ref = useRef(actions)
  useEffect(() => {
    ref.current = actions
  })
  useEffect(() => {
    const t = LL.tplEditor.commands
    const group = () => LL.tplEditor.group()
    const cmd = (id: string, label: () => string, shortcut: string, perform: () => void): Command => ({
      id: `action:tpl-editor:${id}`, kind: 'action', group, label, shortcut, shortcutInInputs: true, perform,
    })
    const a = () => ref.current
    return registerCommands([
      cmd('add', kind === 'csp' ? t.addCard : t.addFrame, EDITOR_SHORTCUTS.add, () => a().add()),
      ...(kind === 'csp' ? [cmd('add-button', t.addButton, EDITOR_SHORTCUTS.addButton, () => a().addButton?.())] : []),
      cmd('move-up', t.moveUp, EDITOR_SHORTCUTS.moveUp, () => a().move(-1)),
      cmd('move-down', t.moveDown, EDITOR_SHORTCUTS.moveDown, () => a().move(1)),
      cmd('remove', t.remove, EDITOR_SHORTCUTS.remove, () => a().remove()),
      cmd('pick', t.pick, EDITOR_SHORTCUTS.pick, () => a().pick()),
      cmd('upload', t.upload, EDITOR_SHORTCUTS.upload, () => a().upload()),
      cmd('submit', t.submit, EDITOR_SHORTCUTS.submit, () => a().submit()),
    ])
  }, [kind, LL])
}
