import { expect, test } from '@playwright/test'
import { focusRow, gridRows, openPalette, signIn } from './helpers'

/*
 * Round-one polish (issues 11 and 14): keys and row actions that the first round left inconsistent.
 */

test('Ctrl+K opens the palette while a grid row has the keyboard focus', async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/home-sms/templates')
  await expect(gridRows(page).first()).toBeVisible()
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toHaveCount(1)
  await openPalette(page)
  await expect(page.getByTestId('command-palette').getByRole('combobox')).toBeFocused()
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
