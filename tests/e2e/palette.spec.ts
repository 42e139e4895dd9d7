import { expect, test } from '@playwright/test'
import { apiAs, focusRow, gridRows, openPalette, signIn } from './helpers'

/*
 * Round-one polish (issues 11 and 14): keys and row actions that the first round left inconsistent.
 */

test('Ctrl+K opens the palette while a grid row has the keyboard focus, on every kind of list', async ({ page }) => {
  await signIn(page, 'acme')
  // A plain list, one with a checkbox column, one whose Enter opens a dialog, one with a pinned totals row.
  for (const path of ['/home-sms/templates', '/address-book/contacts', '/account/sub-accounts', '/home-sms/batch-stats']) {
    await page.goto(`/sms-cloud${path}`)
    await expect(gridRows(page).first()).toBeVisible()
    await page.locator('.ag-header-cell').first().focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toHaveCount(1)
    await openPalette(page)
    await expect(page.getByTestId('command-palette').getByRole('combobox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('command-palette')).toHaveCount(0)
  }
})

test("a sub-account's content template: delete is enabled alike in the row's more menu and in the palette (the server's rule)", async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/home-sms/templates')
  // acme sees (and the server lets it delete) its sub-account acme01's templates too.
  const row = gridRows(page).filter({ has: page.locator('[col-id="cus_id"]', { hasText: /^acme01$/ }) }).first()
  await expect(row).toBeVisible()
  const number = Number(await row.getAttribute('row-index')) + 1
  await page.getByRole('button', { name: `第 ${number} 行的更多操作` }).click()
  await expect(page.getByRole('menuitem', { name: '删除' })).toBeEnabled()
  await page.keyboard.press('Escape')

  // The palette offers the same action for the same (focused) row.
  const text = (await row.locator('[col-id="template_content"]').textContent()) ?? ''
  await page.locator('.ag-header-cell').first().focus()
  for (let i = 0; i < number; i++) await page.keyboard.press('ArrowDown')
  await expect(page.locator('.ag-row:has(.ag-cell-focus)').first()).toContainText(text)
  const palette = await openPalette(page)
  await page.keyboard.type('删除')
  await expect(palette.getByRole('option').first()).toContainText('删除')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toContainText(`删除第 ${number} 行`)
  await page.keyboard.press('Escape')
})

test("Enter on a customer's row opens its detail dialog (the list's declared Enter action), Esc gives the row back", async ({ page }) => {
  await signIn(page, 'admin')
  await page.goto('/sms-cloud/account/customers')
  await focusRow(page, 'globex')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('globex')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toContainText('globex')
})

test("Enter on a sub-account's row opens its detail dialog", async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/account/sub-accounts')
  await focusRow(page, 'acme01')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('acme01')
})

test("an administrator's detail of a content template offers the list's review actions, by the list's rule", async ({ page }) => {
  await signIn(page, 'admin')
  // The review worker (TEMPLATE_REVIEW_DELAY_SECONDS) decides new templates within seconds, so a decided one is what
  // a browser test can count on: its approve and reject are shown and, as in the list's row, not enabled.
  const decided = await apiAs(page, '/contentTemplate/list', { check_status: 2, pageNumber: 1, pageSize: 1 })
  const id = Number(decided.data.records[0]?.id)
  await page.goto(`/sms-cloud/home-sms/templates/${id}`)
  await expect(page.getByTestId('detail-review').locator('[data-status]')).toHaveText('审核通过')
  const review = page.getByTestId('template-review-actions')
  await expect(review.getByRole('button', { name: '审核通过' })).toBeDisabled()
  await expect(review.getByRole('button', { name: '驳回' })).toBeDisabled()
})

test('a customer sees no review buttons on its template detail', async ({ page }) => {
  await signIn(page, 'acme')
  const mine = await apiAs(page, '/contentTemplate/list', { pageNumber: 1, pageSize: 1 })
  await page.goto(`/sms-cloud/home-sms/templates/${Number(mine.data.records[0]?.id)}`)
  await expect(page.getByTestId('detail-review')).toBeVisible()
  await expect(page.getByTestId('template-review-actions')).toHaveCount(0)
})
