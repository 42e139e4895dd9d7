import { expect, test } from '@playwright/test'
import { gridRows, runCommand, signIn } from './helpers'

/*
 * Signatures by keyboard: an application from the palette, decided by the server's review worker
 * (TEMPLATE_REVIEW_DELAY_SECONDS in playwright.config.ts), announced on the bell.
 */

test('a signature applied for from the palette is approved by the review and announced on the bell', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/signatures')
  await runCommand(page, '申请签名')
  const name = `艾克米${Date.now() % 100000}`
  await expect(page.getByTestId('signature-name')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('signature-source')).toBeFocused()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('signature-name')).toHaveCount(0)
  const row = gridRows(page).filter({ hasText: `【${name}】` })
  await expect(row).toHaveCount(1)
  // The list does not poll: reload until the review has decided.
  await expect(async () => {
    await page.reload()
    await expect(row.locator('[col-id="status"]')).toHaveText('已通过', { timeout: 500 })
  }).toPass({ timeout: 60_000 })
  await page.getByTestId('notice-button').click()
  await expect(page.getByTestId('notice-list')).toContainText(`签名【${name}】已审核通过`)
})
