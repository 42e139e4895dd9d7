import { expect, test } from '@playwright/test'
import { focusedElement, gridRows, runCommand, signIn } from './helpers'

/*
 * Focus: after every action the focus lands somewhere useful — a skip link and landmarks, the first field
 * of a screen opened from the palette, the grid after a search, back where it was after the ? sheet and a dialog,
 * the result after a send. Asserted on document.activeElement.
 */
test('skip link and landmarks; palette, search, sheet and dialog each leave the focus somewhere useful', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('navigation').first()).toBeVisible()

  // From the top of a freshly loaded page, the first Tab reaches the skip link.
  await page.reload()
  await expect(page.getByTestId('topbar')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('skip-link')).toBeFocused()
  await expect(page.getByTestId('skip-link')).toHaveText('跳到主要内容')
  await page.keyboard.press('Enter')
  await expect.poll(() => focusedElement(page)).toMatchObject({ tag: 'main', id: 'main' })

  // A screen opened from the palette starts on its first field.
  await runCommand(page, '上行记录')
  await expect(page).toHaveURL(/\/mo-records/)
  await expect.poll(() => focusedElement(page)).toMatchObject({ field: 'cus_id' })

  // A search puts the focus on the grid's first row.
  await page.keyboard.press('Enter')
  await expect(gridRows(page).first()).toBeVisible()
  await expect.poll(() => focusedElement(page)).toMatchObject({ row: '0' })
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => focusedElement(page)).toMatchObject({ row: '1' })

  // The ? sheet gives the focus back to the cell it was opened from.
  await page.keyboard.press('Shift+?')
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('shortcut-sheet')).toBeHidden()
  await expect.poll(() => focusedElement(page)).toMatchObject({ row: '1' })

  // So does the palette, and a dialog opened from it.
  await runCommand(page, '设置标签数量上限')
  await expect(page.locator('#tab-limit-maxTabs')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('#tab-limit-maxTabs')).toHaveCount(0)
  await expect.poll(() => focusedElement(page)).toMatchObject({ row: '1' })
})
