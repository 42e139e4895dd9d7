import { expect, test } from '@playwright/test'
import { gridRows, signIn } from './helpers'

/*
 * Looks and confirmations: no red destructive action on every row (it waits in the row's "more" menu,
 * keyboard operable), and the confirmation names its action and row instead of a bare "OK".
 */
test('delete sits in the row menu, opens by keyboard and its confirmation names the action and row', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/crud/index')
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
