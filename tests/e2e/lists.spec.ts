import { expect, test, type Locator, type Page } from '@playwright/test'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { lists as accountLists } from '@/features/accounts'
import { lists as addressBookLists } from '@/features/address-book'
import { lists as apiKeyLists } from '@/features/api-keys'
import { lists as auditLists } from '@/features/audit'
import { lists as crudLists } from '@/features/crud'
import { lists as materialLists } from '@/features/materials'
import { lists as numberCheckLists } from '@/features/number-check'
import { lists as pushLists } from '@/features/push'
import { lists as rechargeLists } from '@/features/recharge'
import { lists as recordLists } from '@/features/records'
import { lists as statisticsLists } from '@/features/statistics'
import { lists as templateLists } from '@/features/templates'
import { lists as timedLists } from '@/features/timed'
import type { ListDefinition } from '@/grid'
import { chooseInCombo, expectSlowly, focusedElement, focusFirstRow, gridRows, openPalette, signIn, signInSlow } from './helpers'

/*
 * The list screen as a browser drives it. Every list is one declaration rendered by one <ListScreen>: each declaration
 * against its endpoint (payload, row schema, columns, totals) is src/app/screens/lists.contract.test.ts, and each
 * list opening on its menu path with the rows its pager counts is the walk of every screen (screens.spec.ts). Here,
 * what only a browser shows: paging, filtering and resetting with the URL holding the view, once for each kind of
 * first filter (text, select, time dimension, account) and for the list with its own paging names; then the keys,
 * menus, messages and looks of lists.
 */
const LISTS: ListDefinition[] = [
  ...recordLists, ...statisticsLists, ...timedLists, ...templateLists, ...numberCheckLists, ...rechargeLists,
  ...addressBookLists, ...accountLists, ...crudLists, ...materialLists, ...pushLists, ...auditLists, ...apiKeyLists,
]

/** One list per kind of first filter, and the sample table (GET, its own paging names). */
const WALKED = ['home-sms.mt-records', 'recharge.list', 'home-sms.send-stats', 'number-check.status-stats', 'crud.index', 'info.push-log']

const PAGE_SIZE = 20
const leaves = (list: readonly CatalogEntry[]): string[] => list.flatMap((e) => (e.children?.length ? leaves(e.children) : [e.path]))

test('every list is declared once, on a menu path', () => {
  const paths = new Set(Object.values(MENU_CATALOG).flatMap(leaves))
  for (const def of LISTS) expect(paths.has(def.path), def.path).toBe(true)
  expect(new Set(LISTS.map((d) => d.id)).size).toBe(LISTS.length)
  expect(new Set(LISTS.map((d) => d.path)).size).toBe(LISTS.length)
})

/** The list's screen, the page on its menu path. */
async function openList(page: Page, def: ListDefinition): Promise<Locator> {
  await expect(page).toHaveURL(new RegExp(`/sms-cloud${def.path}$`))
  const screen = page.locator(`[data-list="${def.id}"]`)
  await expect(screen).toBeVisible()
  return screen
}

/** Body rows of the grid: rows with cells (not the header), not AG Grid's pinned totals row. */
const rows = (screen: Locator) => screen.locator('[role="row"]:not(.ag-row-pinned):has([role="gridcell"])')

/** The pager's total once the page has answered: rows, or the empty state, are showing. */
async function totalOf(screen: Locator): Promise<number> {
  await expect(rows(screen).first().or(screen.getByText('没有符合条件的记录')).first()).toBeVisible()
  const total = screen.locator('[data-total]')
  await expect(total).toBeVisible()
  return Number(await total.getAttribute('data-total'))
}

interface Filter {
  name: string
  value: string
  /** What the URL holds after Reset: the field's default, else nothing. */
  afterReset: string | null
  apply: () => Promise<void>
}

/**
 * The list's first visible text field, else its first select, else its time dimension, else its account selector,
 * with a value to search by: text '13', or the first choice that is neither "all" nor the field's default.
 */
async function firstFilter(panel: Locator, def: ListDefinition): Promise<Filter | null> {
  const shown = new Set(await panel.locator('[data-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))))
  const fields = def.searchFields.filter((f) => shown.has(f.name))
  const field = ['text', 'select', 'dimension', 'account'].map((k) => fields.find((f) => f.kind === k)).find(Boolean)
  if (!field) return null
  const afterReset = field.defaultValue === undefined ? null : String(field.defaultValue)
  const box = panel.locator(`[data-field="${field.name}"]`)
  if (field.kind === 'text') return { name: field.name, value: '13', afterReset, apply: () => box.locator('input').fill('13') }
  if (field.kind === 'account') {
    // A searchable select: the first account it offers, picked by typing its id and Enter.
    const combo = box.getByRole('combobox')
    await combo.focus()
    await combo.press('ArrowDown')
    const list = panel.page().locator(`[id="${await combo.getAttribute('aria-controls')}"]`)
    await expect(list.getByRole('option').nth(1)).toBeVisible()
    const value = (await list.getByRole('option').nth(1).getAttribute('data-value')) ?? ''
    const label = (await list.getByRole('option').nth(1).textContent())?.trim() ?? ''
    await combo.press('Escape')
    return { name: field.name, value, afterReset, apply: () => chooseInCombo(panel.page(), combo, label, value) }
  }
  const select = box.locator('select')
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  const value = values.find((v) => v !== '' && v !== afterReset)
  if (value === undefined) return null
  return { name: field.name, value, afterReset, apply: async () => void (await select.selectOption(value)) }
}

/** A search param as it stands in the address bar: plain text, as a person would bookmark it. */
const searchParam = (page: Page, key: string): string | null => new URL(page.url()).searchParams.get(key)

/** The list's walk, on its menu path: shows rows (or its empty state), pages, filters by its first field, resets. */
async function walkList(page: Page, def: ListDefinition) {
  const screen = await openList(page, def)

  const total = await totalOf(screen)
  expect(total, `${def.id} shows rows`).toBeGreaterThan(0)
  await expect(rows(screen).first()).toBeVisible()

  if (total > PAGE_SIZE) {
    await screen.getByRole('button', { name: '下一页' }).click()
    await expect(page).toHaveURL(/[?&]pageNumber=2\b/)
    await expect(screen.locator('[data-page="2"]')).toBeVisible()
    await expect(rows(screen).first()).toBeVisible()
  }

  const panel = screen.getByRole('form', { name: '筛选条件' })
  const filter = await firstFilter(panel, def)
  expect(filter, `${def.id} has a text or select filter`).not.toBeNull()
  await filter!.apply()
  await panel.getByRole('button', { name: '搜索' }).click()
  await expect.poll(() => searchParam(page, filter!.name)).toBe(filter!.value)
  // A new search starts again on page 1.
  expect(searchParam(page, 'pageNumber')).toBeNull()
  await totalOf(screen)

  await panel.getByRole('button', { name: '重置' }).click()
  await expect.poll(() => searchParam(page, filter!.name)).toBe(filter!.afterReset)
  await totalOf(screen)
}

for (const id of WALKED) {
  test(`the list ${id} pages, filters by its first field and resets, the URL holding the view`, async ({ page }) => {
    const def = LISTS.find((d) => d.id === id)
    expect(def, id).toBeDefined()
    await signIn(page, 'admin', def!.path)
    await walkList(page, def!)
  })
}

test('a destructive toolbar action has the danger style, never the primary one', async ({ page }) => {
  await signIn(page)
  for (const path of ['/csp-sms/materials', '/address-book/contacts']) {
    await page.goto(`/sms-cloud${path}`)
    const toolbar = page.getByTestId('list-toolbar')
    await expect(toolbar.locator('[data-toolbar="delete-checked"]')).toHaveAttribute('data-variant', 'danger')
    await expect(toolbar.locator('[data-variant="primary"]')).toHaveCount(1)
    await expect(toolbar.locator('[data-variant="primary"]')).not.toHaveAttribute('data-toolbar', 'delete-checked')
  }
})

test('the row-actions key opens the row\'s actions as a menu; one runs by keys and the focus comes back to the row', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page, 'admin', '/home-sms/batch-stats')
  await focusFirstRow(page)
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu')
  await expectSlowly(menu).toBeVisible()
  await expectSlowly(menu.getByRole('menuitem')).toHaveText(['打开', '下载号码'])
  const download = page.waitForEvent('download')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expectSlowly(menu.getByRole('menuitem', { name: '下载号码' })).toBeFocused()
  await page.keyboard.press('Enter')
  expectSlowly((await download).suggestedFilename()).toMatch(/\.(xlsx|csv)$/)
  await expectSlowly(menu).toHaveCount(0)
  await expectSlowly(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeFocused()
})

test("a list that fails says so once, in the user's words with what to do, and shows no stale rows as if current", async ({ page }) => {
  await signInSlow(page, 'acme', '/account/sub-accounts')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  // The server breaks: its raw word must not reach the user, and the rows of the page before must not stay shown.
  await page.route('**/api/user/subAccountList', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'internal', data: null }) }))
  await page.getByRole('button', { name: '搜索', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: '加载失败' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('服务器暂时无法处理，请稍后重试；若一再出现，请联系管理员')
  await expect(page.locator('main')).not.toContainText('internal')
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await expect(gridRows(page)).toHaveCount(0)
  // Retry after the server is back shows the rows again.
  await page.unroute('**/api/user/subAccountList')
  await alert.getByRole('button', { name: '重试' }).click()
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await expect(alert).toHaveCount(0)
})

/*
 * Lists by keyboard: page keys, the page size kept per list, Reset dropping unsearched drafts, typed dates
 * checked with a message and no focus trap, one number format, Enter drilling into a batch's sent records.
 */
test('page keys, a kept page size and counts written with thousands', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(gridRows(page).first()).toBeVisible()
  // A month of the demo history: over a thousand records.
  await screen.locator('[data-shortcut="lastMonth"]').click()
  await screen.getByRole('button', { name: '搜索' }).click()
  await expect(page).toHaveURL(/start_time=/)
  await expect.poll(async () => Number(await screen.locator('[data-total]').getAttribute('data-total'))).toBeGreaterThan(1000)
  const total = Number(await screen.locator('[data-total]').getAttribute('data-total'))
  await expect(screen.locator('[data-total]')).toHaveText(`共 ${total.toLocaleString('en-US')} 条`)

  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(']')
  await expect(screen.locator('[data-page="2"]')).toBeVisible()
  await expect(page).toHaveURL(/pageNumber=2/)
  await page.keyboard.press('[')
  await expect(screen.locator('[data-page="1"]')).toBeVisible()
  await page.keyboard.press('}')
  const last = Math.ceil(total / 20)
  await expect(screen.locator(`[data-page="${last}"]`)).toBeVisible()
  await page.keyboard.press('{')
  await expect(screen.locator('[data-page="1"]')).toBeVisible()

  // Also in the palette, named.
  const palette = await openPalette(page)
  await page.keyboard.type('下一页')
  await expect(palette.getByRole('option').first()).toContainText('下一页')
  await page.keyboard.press('Enter')
  await expect(screen.locator('[data-page="2"]')).toBeVisible()

  // The page size is kept for this list: a bare address opens with it, and after a reload.
  await screen.getByRole('combobox', { name: /条\/页/ }).selectOption('50')
  await expect(screen.getByRole('combobox', { name: /条\/页/ })).toHaveValue('50')
  await page.goto('/sms-cloud/home-sms/mt-records')
  await expect(screen.getByRole('combobox', { name: /条\/页/ })).toHaveValue('50')
  await expect(page).not.toHaveURL(/start_time/)
  const kept = Number(await screen.locator('[data-total]').getAttribute('data-total'))
  await expect(screen.locator('[data-page="1"]')).toHaveText(`第 1 / ${Math.max(1, Math.ceil(kept / 50)).toLocaleString('en-US')} 页`)
  expect(new URL(page.url()).searchParams.get('pageSize')).toBeNull()
  // Another list keeps its own.
  await page.goto('/sms-cloud/home-sms/mo-records')
  await expect(page.locator('[data-list] select[aria-label$="条/页"]')).toHaveValue('20')
})

test('Reset and Alt+R drop what was typed and return to the first field; bad dates are named, never a trap', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(gridRows(page).first()).toBeVisible()
  const mobile = screen.locator('[data-field="mobile"] input')
  await mobile.focus()
  await page.keyboard.type('139')
  await page.keyboard.press('Alt+r')
  await expect(mobile).toHaveValue('')
  await expect.poll(() => focusedElement(page)).toMatchObject({ field: 'cus_id' })

  // A partial start date: Enter names the problem next to the field, Search says why, the URL stays.
  const start = screen.getByRole('textbox', { name: '开始日期' })
  await start.fill('2026-02-')
  const before = page.url()
  await page.keyboard.press('Enter')
  await expect(screen.getByTestId('field-problem')).toHaveText('日期无效，请输入完整日期（年-月-日）')
  await expect(screen.getByTestId('search-blocked')).toContainText('未搜索')
  await expect(start).toHaveAttribute('aria-invalid', 'true')
  await expect(screen.getByRole('textbox', { name: '结束日期' })).not.toHaveAttribute('aria-invalid')
  await expect.poll(() => focusedElement(page)).toMatchObject({ label: '开始日期' })
  expect(page.url()).toBe(before)
  await start.fill('2026-02-30')
  await page.keyboard.press('Enter')
  await expect(screen.getByTestId('field-problem')).toBeVisible()

  // The sequence that used to trap Tab: Alt+R, `/`, then Tab walks on through the dates.
  await page.keyboard.press('Alt+r')
  await expect(screen.getByTestId('field-problem')).toHaveCount(0)
  await expect.poll(() => focusedElement(page)).toMatchObject({ field: 'cus_id' })
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('/')
  await expect.poll(() => focusedElement(page)).toMatchObject({ field: 'cus_id' })
  await screen.getByRole('textbox', { name: '开始日期' }).focus()
  await page.keyboard.press('Tab')
  await expect.poll(() => focusedElement(page)).toMatchObject({ label: '结束日期' })
  await page.keyboard.press('Tab')
  await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'button' })

  // Dates show as the grid shows them; the month is typed as yyyy-MM and refused when it is no month.
  await expect(screen.getByRole('textbox', { name: '开始日期' })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  const month = screen.getByRole('textbox', { name: '月份' })
  await month.fill('2026-13')
  await page.keyboard.press('Enter')
  await expect(screen.getByTestId('field-problem')).toHaveText('月份无效，请输入完整年月')
  await month.fill('2026-11')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/month=2026-11/)
  // After the search the grid's first row has the focus.
  await expect.poll(() => focusedElement(page)).toMatchObject({ row: '0' })
})

/*
 * Looks and confirmations: no red destructive action on every row (it waits in the row's "more" menu,
 * keyboard operable), and the confirmation names its action and row instead of a bare "OK".
 */
test('delete sits in the row menu, opens by keyboard and its confirmation names the action and row', async ({ page }) => {
  await signIn(page, 'admin', '/crud/index')
  const screen = page.locator('[data-list="crud.index"]')
  await expect(gridRows(page).first()).toBeVisible()

  // No red link on the rows: only the inline "edit" and the "more" trigger.
  await expect(screen.locator('.ag-row [data-action="delete"]')).toHaveCount(0)
  await expect(screen.locator('.ag-row:not(.ag-row-pinned)').first().locator('[data-action="edit"]')).toBeVisible()
  await expect(screen.getByTestId('row-more').first()).toBeVisible()

  // Keyboard: into the grid, to the second row, to its last (actions) cell, Enter opens the menu.
  await screen.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  const cell = screen.locator('.ag-cell-focus[col-id="__actions"]')
  await expect(cell).toHaveCount(1)
  const index = (await screen.locator('.ag-row:has(.ag-cell-focus) [col-id="__index"]').first().textContent())!.trim()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: '删除' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: '删除' })).toBeFocused()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`确定删除第 ${index} 行数据吗？`)
  const yes = dialog.getByRole('button', { name: `删除第 ${index} 行` })
  await expect(yes).toBeFocused()
  await expect(dialog.getByRole('button', { name: /^(确定|OK)$/ })).toHaveCount(0)
  // Cancelling deletes nothing and gives focus back to the row's cell.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(screen.locator('.ag-row:has(.ag-cell-focus) [col-id="__index"]').first()).toHaveText(index)
})

/*
 * Lists: the list's title is the page header's h1 only (the toolbar no longer repeats it; it names the
 * toolbar's group instead), and the toolbar has one primary button, the list's first own action.
 */
test('a list shows its title once and its toolbar one primary button', async ({ page }) => {
  await signIn(page, 'acme01', '/address-book/contacts')
  const h1 = page.locator('#main').getByRole('heading', { level: 1 })
  await expect(h1).toHaveCount(1)
  const title = (await h1.textContent())!.trim()
  expect(title.length).toBeGreaterThan(0)
  await expect(page.locator('#main').getByRole('heading', { name: title, exact: true })).toHaveCount(1)
  const toolbar = page.getByRole('group', { name: title, exact: true })
  await expect(toolbar).toBeVisible()
  await expect(toolbar.getByText(title, { exact: true })).toHaveCount(0)
  const primary = toolbar.locator('button[data-variant="primary"]')
  await expect(primary).toHaveCount(1)
  await expect(primary).toHaveText('新增联系人')
  // The one destructive action (delete checked) is the danger style; nothing else is.
  await expect(toolbar.locator('button[data-variant="danger"]')).toHaveText(['删除所选'])
  await expect(toolbar.getByRole('button', { name: '导出当前视图' })).toHaveAttribute('data-variant', 'secondary')
})
