import { expect, test, type Locator, type Page } from '@playwright/test'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { lists as accountLists } from '@/features/accounts'
import { lists as addressBookLists } from '@/features/address-book'
import { lists as crudLists } from '@/features/crud'
import { lists as numberCheckLists } from '@/features/number-check'
import { lists as rechargeLists } from '@/features/recharge'
import { lists as recordLists } from '@/features/records'
import { lists as statisticsLists } from '@/features/statistics'
import { lists as templateLists } from '@/features/templates'
import { lists as timedLists } from '@/features/timed'
import type { ListDefinition } from '@/grid'
import { chooseInCombo, signIn } from './helpers'

/*
 * One parameterised walk over the list registry (the same area arrays src/app/screens/registry.ts binds): as admin,
 * every list opens on its menu path, renders rows, pages when there is more than a page, filters through its first
 * text or select field, and resets, with the URL holding the filter in between.
 */
const AREAS: [string, ListDefinition[]][] = [
  ['records', recordLists],
  ['statistics', statisticsLists],
  ['timed batches', timedLists],
  ['templates, number checks and recharges', [...templateLists, ...numberCheckLists, ...rechargeLists]],
  ['address books, accounts and customers', [...addressBookLists, ...accountLists, ...crudLists]],
]
const LISTS: ListDefinition[] = AREAS.flatMap(([, lists]) => lists)

/**
 * Lists whose first view (the last 7 days) may legitimately be empty: the demo data has one csp sender with a few
 * batches over 90 days. They show the empty state instead; every other list must show rows.
 */
const MAY_BE_EMPTY = new Set<string>(['csp-sms.mt-records', 'csp-sms.mo-records'])

const PAGE_SIZE = 20
const leaves = (list: readonly CatalogEntry[]): string[] => list.flatMap((e) => (e.children?.length ? leaves(e.children) : [e.path]))

test('every list is declared once, on a menu path', () => {
  const paths = new Set(Object.values(MENU_CATALOG).flatMap(leaves))
  for (const def of LISTS) expect(paths.has(def.path), def.path).toBe(true)
  expect(new Set(LISTS.map((d) => d.id)).size).toBe(LISTS.length)
  expect(new Set(LISTS.map((d) => d.path)).size).toBe(LISTS.length)
})

async function openList(page: Page, def: ListDefinition): Promise<Locator> {
  await page.goto(`/sms-cloud${def.path}`)
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

/** The list's walk: opens on its menu path, shows rows (or its empty state), pages, filters by its first field, resets. */
async function walkList(page: Page, def: ListDefinition) {
  const screen = await openList(page, def)

  const total = await totalOf(screen)
  if (MAY_BE_EMPTY.has(def.id) && total === 0) {
    await expect(screen.getByText('没有符合条件的记录')).toBeVisible()
  } else {
    expect(total, `${def.id} shows rows`).toBeGreaterThan(0)
    await expect(rows(screen).first()).toBeVisible()
  }

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

/**
 * Pages walking the lists side by side in one signed-in context (each list still opened by its address): one page
 * renders while another waits for the server. A list that fails is named with its error, and the others still run.
 * One test per area, each with a minute per list: a slow machine's walk of all of them at once outran any single
 * timeout, and an area's failure names that area.
 */
const LANES = 3

for (const [area, lists] of AREAS) {
  test(`every list of ${area} (${lists.length}) renders, pages, filters and resets on its menu path`, async ({ page, context }) => {
    test.setTimeout(60_000 * lists.length)
    await signIn(page, 'admin')
    const failures: string[] = []
    const walk = async (lane: Page, mine: ListDefinition[]) => {
      for (const def of mine) {
        await walkList(lane, def).catch((e: unknown) => failures.push(`${def.id} (${def.path}): ${e instanceof Error ? e.message : String(e)}`))
      }
    }
    const lanes = [page, ...(await Promise.all(Array.from({ length: LANES - 1 }, () => context.newPage())))]
    await Promise.all(lanes.map((lane, i) => walk(lane, lists.filter((_, j) => j % LANES === i))))
    expect(failures.sort()).toEqual([])
  })
}
