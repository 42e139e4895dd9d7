import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useShortcutDispatcher } from './dispatcher'
import { getCommands, registerCommands, runCommand, useCommands, withShortcut, type Command } from './registry'
import { isMacPlatform } from './shortcuts'

const cleanups: (() => void)[] = []
afterEach(() => {
  cleanups.splice(0).forEach((c) => c())
  expect(getCommands()).toEqual([])
})

/** Registers for this test only. */
function register(list: Command[]): () => void {
  const off = registerCommands(list)
  cleanups.push(off)
  return off
}

const action = (id: string, extra: Partial<Command> = {}): Command & { perform: ReturnType<typeof vi.fn> } => ({
  id, kind: 'action', label: () => id, group: () => '通用', perform: vi.fn(), ...extra,
}) as Command & { perform: ReturnType<typeof vi.fn> }

/** The signed-in shell's part that matters here: one dispatcher, a text field and a plain button to type from. */
function Shell({ children }: { children?: React.ReactNode }) {
  useShortcutDispatcher()
  return (
    <div>
      <input aria-label="搜索" />
      <button type="button">按钮</button>
      {children}
    </div>
  )
}

const MOD = isMacPlatform() ? 'Meta' : 'Control'

describe('the command registry', () => {
  it('lists what is registered, replaces a command registered again under its id, and unregisters a list', () => {
    const off = register([action('action:a'), action('action:b')])
    expect(getCommands().map((c) => c.id)).toEqual(['action:a', 'action:b'])
    const newer = action('action:a', { label: () => '新的' })
    register([newer])
    expect(getCommands().map((c) => c.id)).toEqual(['action:b', 'action:a'])
    expect(getCommands().find((c) => c.id === 'action:a')?.label()).toBe('新的')
    // The first list's cleanup (a screen leaving) removes its own commands, not the one that replaced it.
    off()
    expect(getCommands()).toEqual([newer])
  })

  it('runs a command by id unless it is unknown or its condition does not hold', () => {
    let allowed = false
    const c = action('action:x', { when: () => allowed })
    register([c])
    expect(runCommand('action:x')).toBe(false)
    expect(runCommand('action:none')).toBe(false)
    expect(c.perform).not.toHaveBeenCalled()
    allowed = true
    expect(runCommand('action:x')).toBe(true)
    expect(c.perform).toHaveBeenCalledTimes(1)
  })

  it('re-renders what reads it with useCommands when commands come and go', () => {
    function Count() {
      return <p>{useCommands().length} 个命令</p>
    }
    render(<Count />)
    expect(screen.getByText('0 个命令')).toBeInTheDocument()
    let off = () => {}
    act(() => void (off = registerCommands([action('action:a'), action('action:b')])))
    expect(screen.getByText('2 个命令')).toBeInTheDocument()
    act(() => off())
    expect(screen.getByText('0 个命令')).toBeInTheDocument()
  })

  it('names a command’s key in a tooltip, in the notation of the platform', () => {
    register([action('action:export', { shortcut: 'ctrl+shift+e' })])
    expect(withShortcut(getCommands(), 'action:export', '导出')).toBe(isMacPlatform() ? '导出 (⌃⇧E)' : '导出 (Ctrl+Shift+E)')
    expect(withShortcut(getCommands(), 'action:none', '导出')).toBe('导出')
  })
})

describe('shortcut dispatch', () => {
  it('runs the command bound to a key pressed anywhere on the page, and keeps the key from the browser', async () => {
    const palette = action('action:palette', { shortcut: 'mod+k', shortcutInInputs: true })
    register([palette])
    render(<Shell />)
    await userEvent.keyboard(`{${MOD}>}k{/${MOD}}`)
    expect(palette.perform).toHaveBeenCalledTimes(1)
    // dispatchEvent answers false when a listener prevented the default (the browser's own Ctrl+K).
    const mod = isMacPlatform() ? { metaKey: true } : { ctrlKey: true }
    expect(fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ...mod })).toBe(false)
    expect(palette.perform).toHaveBeenCalledTimes(2)
    expect(fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ', ...mod })).toBe(true)
  })

  it('keeps single-key shortcuts out of text fields unless a command asks for them', async () => {
    const user = userEvent.setup({ delay: null })
    const sheet = action('action:shortcuts', { shortcut: '?' })
    const palette = action('action:palette', { shortcut: 'mod+k', shortcutInInputs: true })
    register([sheet, palette])
    render(<Shell />)
    await user.click(screen.getByLabelText('搜索'))
    await user.keyboard('?')
    expect(sheet.perform).not.toHaveBeenCalled()
    expect(screen.getByLabelText('搜索')).toHaveValue('?')
    await user.keyboard(`{${MOD}>}k{/${MOD}}`)
    expect(palette.perform).toHaveBeenCalledTimes(1)
    // From a button (no typed text) the same key runs it.
    await user.click(screen.getByRole('button', { name: '按钮' }))
    await user.keyboard('?')
    expect(sheet.perform).toHaveBeenCalledTimes(1)
  })

  it('skips a command whose condition does not hold, or that is palette-only, for the next one bound to the key', async () => {
    const off = action('action:off', { shortcut: 'alt+r', when: () => false })
    const paletteOnly = action('action:palette-only', { shortcut: 'alt+r', paletteOnly: true })
    const on = action('action:on', { shortcut: 'alt+r' })
    register([off, paletteOnly, on])
    render(<Shell />)
    await userEvent.keyboard('{Alt>}r{/Alt}')
    expect(off.perform).not.toHaveBeenCalled()
    expect(paletteOnly.perform).not.toHaveBeenCalled()
    expect(on.perform).toHaveBeenCalledTimes(1)
  })

  it('is not swallowed by a widget that stops the key, and ignores held keys and IME composition', () => {
    const lock = action('action:lock', { shortcut: 'alt+l' })
    register([lock])
    render(
      <Shell>
        <div data-testid="grid" tabIndex={0} onKeyDown={(e) => e.stopPropagation()} />
      </Shell>,
    )
    const grid = screen.getByTestId('grid')
    const press = (init: KeyboardEventInit) => grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'l', code: 'KeyL', altKey: true, bubbles: true, cancelable: true, ...init }))
    press({})
    expect(lock.perform).toHaveBeenCalledTimes(1)
    press({ repeat: true })
    press({ isComposing: true })
    expect(lock.perform).toHaveBeenCalledTimes(1)
  })

  it('stops dispatching when the shell unmounts', async () => {
    const lock = action('action:lock', { shortcut: 'alt+l' })
    register([lock])
    const { unmount } = render(<Shell />)
    unmount()
    await userEvent.keyboard('{Alt>}l{/Alt}')
    expect(lock.perform).not.toHaveBeenCalled()
  })

  it('opens the palette for a Ctrl/⌘+K kept before the shell was drawn however late the palette command registers', () => {
    vi.useFakeTimers()
    try {
      vi.stubGlobal('smsEarlyKeys', { claim: (kind: string) => (kind === 'palette' ? ['k'] : []), release: vi.fn() })
      render(<Shell />)
      // The palette's code arrives long after the shell's, as on a busy line.
      vi.advanceTimersByTime(30_000)
      register([action('action:other', { shortcut: 'alt+o' })])
      const palette = action('action:palette', { shortcut: 'mod+k', shortcutInInputs: true })
      register([palette])
      expect(palette.perform).toHaveBeenCalledTimes(1)
      register([action('action:third', { shortcut: 'alt+t' })])
      expect(palette.perform).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('opens the palette once for a Ctrl/⌘+K pressed before the shell was drawn, once its command registers', async () => {
    const claim = vi.fn((kind: string) => (kind === 'palette' ? ['k'] : ['typed']))
    vi.stubGlobal('smsEarlyKeys', { claim, release: vi.fn() })
    render(<Shell />)
    expect(claim).toHaveBeenCalledWith('text')
    const palette = action('action:palette', { shortcut: 'mod+k', shortcutInInputs: true })
    register([palette])
    await waitFor(() => expect(palette.perform).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 120))
    expect(palette.perform).toHaveBeenCalledTimes(1)
  })
})
