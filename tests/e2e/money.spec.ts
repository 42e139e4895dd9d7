import { expect, test } from '@playwright/test'
import { apiAs, signIn } from './helpers'

/*
 * Money is written one way: the decimals the server keeps (3 for balances and charges) and the currency. The same
 * amount reads the same on the send page's estimate, its confirmation and the recharge list, and a balance reads the
 * same on the home page, the personal info page and the send page.
 */
test('one amount, one string: the estimate, the confirmation, the recharge list and the balances', async ({ page }) => {
  // The parent credits 0.135 to its sub-account: a charge of 3 messages at acme01's 0.045.
  await signIn(page, 'acme')
  const credit = await apiAs(page, '/subAccount/charge', { cus_id: 'acme01', amount: '0.135', remark: '' })
  expect(credit.code, credit.msg).toBe(200)

  await signIn(page, 'acme01')
  const balance = (await page.getByTestId('home-balance').textContent())!.trim()
  expect(balance).toMatch(/^[\d,]+\.\d{3} 元$/)
  await page.goto('/sms-cloud/info/index')
  await expect(page.locator('#main')).toContainText(balance)

  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('send-balance')).toHaveText(`余额 ${balance}`, { timeout: 30_000 })
  await page.getByTestId('send-content').fill('【艾克米】金额')
  await page.getByTestId('numbers-box').fill('13800138401\n13800138402\n13800138403')
  await expect(page.getByTestId('estimated-cost')).toHaveText('预计费用 0.135 元')
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').nth(2)).toHaveText('0.135 元')
  const before = Number(balance.replace(/[^\d.]/g, ''))
  const after = (before - 0.135).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })
  await expect(summary.locator('dd').nth(3)).toHaveText(`${after} 元`)
  await page.keyboard.press('Escape')

  await page.goto('/sms-cloud/recharge/list')
  const screen = page.locator('[data-list="recharge.list"]')
  // The grid's chunk is the biggest of the console: on a loaded machine it takes a while the first time.
  await expect(screen.locator('[data-total]')).toBeVisible({ timeout: 60_000 })
  await expect(screen.locator('.ag-row:not(.ag-row-pinned) [col-id="recharge_money"]').getByText('0.135 元', { exact: true })).not.toHaveCount(0)
  // The balances before and after a recharge by amount are money too, with the currency.
  const credited = screen.locator('.ag-row:not(.ag-row-pinned)').filter({ has: page.locator('[col-id="recharge_money"]', { hasText: '0.135 元' }) }).first()
  for (const col of ['preBalanceStr', 'postBalanceStr']) await expect(credited.locator(`[col-id="${col}"]`)).toHaveText(/^[\d,]+\.\d{3} 元$/)
})
