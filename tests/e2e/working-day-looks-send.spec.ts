import { expect, test } from '@playwright/test'
import { pasteNumbers, signIn } from './helpers'

/* Send pages: Send / Preview / Reset stay visible (a sticky bar) while the form scrolls. */
test('the send actions stay on screen while the form scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 560 })
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/group-send')
  const send = page.getByTestId('send-button')
  await expect(send).toBeVisible()
  const main = page.locator('#main')
  // The form is taller than the screen here; at the top and at the bottom the bar is inside the visible area.
  expect(await main.evaluate((m) => m.scrollHeight > m.clientHeight)).toBe(true)
  for (const top of [0, 10_000]) {
    await main.evaluate((m, y) => m.scrollTo(0, y), top)
    const box = (await send.boundingBox())!
    const view = (await main.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(view.y)
    expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height + 1)
    await expect(page.getByTestId('preview-button')).toBeInViewport()
  }
})

/*
 * The numbers box: Send with no recipients puts the error on the box (outlined, described, focused) as
 * the content's is; after pastes and typed numbers the box shows the first numbers the worker kept (de-duplicated
 * across sources), and the confirmation counts the same figure as the page.
 */
test('the numbers box: its error on Send, a sample of what was read, one count with the confirmation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01')
  await page.goto('/sms-cloud/home-sms/group-send')
  const box = page.getByTestId('numbers-box')
  const content = page.getByTestId('send-content')
  await content.fill('工作日提醒')
  await content.press('Control+Enter')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('numbers-problem')).toHaveText('有效号码数量须大于 0')
  await expect(box).toHaveAccessibleDescription('有效号码数量须大于 0')
  await expect(box).toBeFocused()
  await expect(content).toHaveValue('工作日提醒')
  await expect(page.getByTestId('numbers-sample')).toHaveCount(0)

  // Two pastes that share a number, then typed numbers repeating both: seven distinct valid numbers in all.
  await pasteNumbers(page, 'abc\n13800138201\n13800138202\n13800138201')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByTestId('numbers-sample')).toContainText('13800138201, 13800138202')
  // Valid numbers take the box's error back at once.
  await expect(page.getByTestId('numbers-problem')).toHaveCount(0)
  await expect(box).not.toHaveAttribute('aria-invalid', 'true')
  await pasteNumbers(page, '13800138202 13800138203,13800138204')
  // Typed numbers count as they are typed, after the pastes.
  await box.fill('13800138204\n13800138205\n13800138206\n13800138207\n13800138201')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 7 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 4 个')
  await expect(page.getByTestId('numbers-sample')).toHaveText(
    '已识别的前几个号码： 13800138201, 13800138202, 13800138203, 13800138204, 13800138205 等，另有 2 个')

  await content.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').first()).toHaveText('7')
  await expect(page.getByTestId('confirm-send')).toContainText('7')
  await page.keyboard.press('Escape')
  await expect(summary).toHaveCount(0)
  await expect(box).not.toHaveAttribute('aria-invalid', 'true')
})

/*
 * Lists: the list's title is the page header's h1 only (the toolbar no longer repeats it; it names the
 * toolbar's group instead), and the toolbar has one primary button, the list's first own action.
 */
test('a list shows its title once and its toolbar one primary button', async ({ page }) => {
  await signIn(page, 'acme01')
  await page.goto('/sms-cloud/address-book/contacts')
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
