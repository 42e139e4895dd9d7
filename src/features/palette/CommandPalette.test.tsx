import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { registerCommands, type Command } from '@/commands/registry'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { closePalette, getPaletteState, getRecentCommandIds, loadPaletteUser, openPalette } from '@/stores/palette'
import { renderWithProviders } from '@/test/render'
import { CommandPalette } from './CommandPalette'
import { loadPinyin } from './match'

const leaves = (list: readonly CatalogEntry[]): CatalogEntry[] => list.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]))

/** The home-SMS module's pages as the shell registers them: label, the other language as a keyword, the module as group. */
function pageCommands(perform: (path: string) => void): Command[] {
  return leaves(MENU_CATALOG.homeSms).map((item) => ({
    id: `route:${item.path}`,
    kind: 'route',
    label: () => item.label,
    keywords: () => [item.labelEn, 'Domestic SMS'],
    group: () => '国内短信',
    perform: () => perform(item.path),
  }))
}

const SENT = '/home-sms/mt-records'
let performed: string[]
let unregister: () => void
let user = 0

beforeAll(loadPinyin)
beforeEach(() => {
  // A user of its own per test: no recently used commands from the test before.
  loadPaletteUser(`palette-test-${++user}`)
  performed = []
  unregister = registerCommands(pageCommands((path) => performed.push(path)))
})
afterEach(() => {
  act(() => closePalette())
  unregister()
})

async function openWith(query: string) {
  const user = userEvent.setup({ delay: null })
  renderWithProviders(<CommandPalette />)
  act(() => openPalette())
  const input = await screen.findByRole('combobox')
  // The query field has the focus as the palette opens: typing goes straight in.
  await waitFor(() => expect(input).toHaveFocus())
  await user.keyboard(query)
  return { user, input }
}

/** The option cmdk marks selected (the one Enter runs). */
const selectedLabel = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.textContent

describe('the command palette', () => {
  it.each(['发送记录', 'fasongjilu', 'fsjl', 'FSJL'])('finds the page 发送记录 by %s (label, full pinyin, initials) and selects it first', async (query) => {
    await openWith(query)
    expect(selectedLabel()).toBe('发送记录国内短信')
  })

  it('lists nothing but its empty line for a query no page matches', async () => {
    await openWith('zzzzqqq')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(screen.getByText('没有找到匹配的菜单或操作')).toBeInTheDocument()
  })

  it('runs the selected page on Enter, closes, and remembers it as recently used', async () => {
    const { user } = await openWith('fsjl')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(performed).toEqual([SENT]))
    expect(getPaletteState().open).toBe(false)
    expect(getRecentCommandIds()[0]).toBe(`route:${SENT}`)
  })

  it('runs the entry the arrow keys moved to, not the best match', async () => {
    const { user } = await openWith('fsjl')
    const second = screen.getAllByRole('option')[1].textContent
    await user.keyboard('{ArrowDown}')
    expect(selectedLabel()).toBe(second)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(performed).toHaveLength(1))
    expect(performed[0]).not.toBe(SENT)
  })

  it('does not run anything on the Enter that commits IME text, and runs on the next Enter', async () => {
    const { input } = await openWith('fsjl')
    // Chrome: the committing Enter has isComposing set.
    fireEvent.compositionStart(input)
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true })
    fireEvent.compositionEnd(input)
    // Safari: keyCode 229, and isComposing not set.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 })
    await new Promise((r) => setTimeout(r, 20))
    expect(performed).toEqual([])
    expect(getPaletteState().open).toBe(true)
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(performed).toEqual([SENT]))
  })

  it('ignores an Enter while a composition is open even when the key event does not say so', async () => {
    // Some IMEs send a plain Enter keydown (no isComposing, keyCode 13) before compositionend: cmdk selects on it,
    // and only the palette's own composition flag keeps the command from running.
    const { input } = await openWith('fsjl')
    fireEvent.compositionStart(input)
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 })
    await new Promise((r) => setTimeout(r, 20))
    expect(performed).toEqual([])
    fireEvent.compositionEnd(input)
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 })
    await waitFor(() => expect(performed).toEqual([SENT]))
  })
})

describe('the palette lists the command registry', () => {
  const act_ = (id: string, label: string, extra: Partial<Command> = {}): Command => ({
    id, kind: 'action', label: () => label, group: () => '操作', perform: () => {}, ...extra,
  })

  it('shows pages by module, then actions with their keys; never shortcut-only or unavailable commands', async () => {
    const off = registerCommands([
      act_('action:lock', '锁屏', { shortcut: 'alt+l' }),
      act_('action:palette', '打开命令面板', { shortcut: 'mod+k', shortcutOnly: true }),
      act_('action:last-batch', '查看上一批次', { when: () => false }),
    ])
    try {
      renderWithProviders(<CommandPalette />)
      act(() => openPalette())
      const options = await screen.findAllByRole('option')
      const labels = options.map((o) => o.textContent)
      expect(labels[0]).toBe(`${leaves(MENU_CATALOG.homeSms)[0].label}国内短信`)
      expect(labels.at(-1)).toBe('锁屏操作Alt+L')
      expect(labels.filter((l) => l?.includes('国内短信'))).toHaveLength(leaves(MENU_CATALOG.homeSms).length)
      expect(labels.some((l) => l?.includes('打开命令面板') || l?.includes('查看上一批次'))).toBe(false)

      // A screen's own command registered while the palette is open appears at once, and goes with the screen.
      let offScreen = () => {}
      act(() => void (offScreen = registerCommands([act_('list:test:export', '导出当前视图')])))
      expect(screen.getByRole('option', { name: /导出当前视图/ })).toBeInTheDocument()
      act(() => offScreen())
      expect(screen.queryByRole('option', { name: /导出当前视图/ })).toBeNull()
    } finally {
      off()
    }
  })

  it('puts the recently used command first when the query is empty', async () => {
    const { user } = await openWith('fsjl')
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(performed).toHaveLength(1))
    const used = getRecentCommandIds()[0]
    act(() => openPalette())
    const first = (await screen.findAllByRole('option'))[0]
    expect(first).toHaveAttribute('data-value', used)
    expect(first).toHaveAttribute('aria-selected', 'true')
  })
})
