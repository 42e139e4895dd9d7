import { expect, test, type Page } from '@playwright/test'
import { gridRows, openPalette, signIn } from './helpers'

/*
 * Lists by keyboard: page keys, the page size kept per list, Reset dropping unsearched drafts, typed dates
 * checked with a message and no focus trap, one number format, Enter drilling into a batch's sent records.
 */
const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return { tag: el?.tagName.toLowerCase(), label: el?.getAttribute('aria-label') ?? '', field: el?.closest('[data-field]')?.getAttribute('data-field') ?? null,
      row: el?.closest('.ag-row')?.getAttribute('row-index') ?? null }
  })

test('page keys, a kept page size and counts written with thousands', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/mt-records')
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
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(gridRows(page).first()).toBeVisible()
  const mobile = screen.locator('[data-field="mobile"] input')
  await mobile.focus()
  await page.keyboard.type('139')
  await page.keyboard.press('Alt+r')
  await expect(mobile).toHaveValue('')
  await expect.poll(() => active(page)).toMatchObject({ field: 'cus_id' })

  // A partial start date: Enter names the problem next to the field, Search says why, the URL stays.
  const start = screen.getByRole('textbox', { name: '开始日期' })
  await start.fill('2026-02-')
  const before = page.url()
  await page.keyboard.press('Enter')
  await expect(screen.getByTestId('field-problem')).toHaveText('日期无效，请输入完整日期（年-月-日）')
  await expect(screen.getByTestId('search-blocked')).toContainText('未搜索')
  await expect(start).toHaveAttribute('aria-invalid', 'true')
  await expect(screen.getByRole('textbox', { name: '结束日期' })).not.toHaveAttribute('aria-invalid')
  await expect.poll(() => active(page)).toMatchObject({ label: '开始日期' })
  expect(page.url()).toBe(before)
  await start.fill('2026-02-30')
  await page.keyboard.press('Enter')
  await expect(screen.getByTestId('field-problem')).toBeVisible()

  // The sequence that used to trap Tab: Alt+R, `/`, then Tab walks on through the dates.
  await page.keyboard.press('Alt+r')
  await expect(screen.getByTestId('field-problem')).toHaveCount(0)
  await expect.poll(() => active(page)).toMatchObject({ field: 'cus_id' })
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('/')
  await expect.poll(() => active(page)).toMatchObject({ field: 'cus_id' })
  await screen.getByRole('textbox', { name: '开始日期' }).focus()
  await page.keyboard.press('Tab')
  await expect.poll(() => active(page)).toMatchObject({ label: '结束日期' })
  await page.keyboard.press('Tab')
  await expect.poll(() => active(page)).toMatchObject({ tag: 'button' })

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
  await expect.poll(() => active(page)).toMatchObject({ row: '0' })
})

test('Enter on a batch in batch statistics opens its sent records', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/batch-stats')
  await expect(gridRows(page).first()).toBeVisible()
  await expect(page.locator('[data-list] [data-total]')).toHaveText(/共 [\d,]+ 条/)
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  const batchId = await page.locator('.ag-row[row-index="0"] [col-id="batch_id"]').first().textContent()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/home-sms/mt-records\\?.*batch_id=${batchId}`))
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(screen.locator('[data-field="batch_id"] input')).toHaveValue(batchId!)
  await expect(gridRows(page).first()).toBeVisible()
  await expect(gridRows(page).first().locator('[col-id="batch_id"]')).toHaveText(batchId!)
})
