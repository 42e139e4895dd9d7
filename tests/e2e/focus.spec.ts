import { expect, test, type Page } from '@playwright/test'
import { gridRows, pasteNumbers, runCommand, signIn } from './helpers'

/*
 * Focus: after every action the focus lands somewhere useful — a skip link and landmarks, the first field
 * of a screen opened from the palette, the grid after a search, back where it was after the ? sheet and a dialog,
 * the result after a send. Asserted on document.activeElement.
 */
const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return {
      tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', testId: el?.dataset.testid ?? '',
      field: el?.closest('[data-field]')?.getAttribute('data-field') ?? null,
      row: el?.closest('.ag-row')?.getAttribute('row-index') ?? null,
      text: el?.textContent?.trim().slice(0, 40) ?? '',
    }
  })

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
  await expect.poll(() => active(page)).toMatchObject({ tag: 'main', id: 'main' })

  // A screen opened from the palette starts on its first field.
  await runCommand(page, '上行记录')
  await expect(page).toHaveURL(/\/mo-records/)
  await expect.poll(() => active(page)).toMatchObject({ field: 'cus_id' })

  // A search puts the focus on the grid's first row.
  await page.keyboard.press('Enter')
  await expect(gridRows(page).first()).toBeVisible()
  await expect.poll(() => active(page)).toMatchObject({ row: '0' })
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => active(page)).toMatchObject({ row: '1' })

  // The ? sheet gives the focus back to the cell it was opened from.
  await page.keyboard.press('Shift+?')
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('shortcut-sheet')).toBeHidden()
  await expect.poll(() => active(page)).toMatchObject({ row: '1' })

  // So does the palette, and a dialog opened from it.
  await runCommand(page, '设置标签数量上限')
  await expect(page.locator('#tab-limit-maxTabs')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('#tab-limit-maxTabs')).toHaveCount(0)
  await expect.poll(() => active(page)).toMatchObject({ row: '1' })
})

test('after a send the focus is on its result, and the result opens the sent records', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01')
  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  await pasteNumbers(page, '13800138021\n13800138022')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('【测试】焦点')
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  await page.getByTestId('confirm-send').click()
  // Focus lands on the result (its batch id announced); the link to the records is the next Tab.
  await expect.poll(() => active(page)).toMatchObject({ testId: 'send-result' })
  await page.keyboard.press('Tab')
  await expect.poll(() => active(page)).toMatchObject({ text: '查看发送记录' })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home-sms\/mt-records\?batch_id=/)
})
