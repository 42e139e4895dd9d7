import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

/*
 * Lock: the lock holds in every open tab of the console, the lock screen shows nothing of the page behind
 * it, and unlocking returns each tab to the page it showed.
 */
test('the lock holds in every tab, hides the page and returns each tab to its page', async ({ page, context }) => {
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/templates')
  await expect(page.getByTestId('sidebar')).toBeVisible()

  const other = await context.newPage()
  await other.goto('/sms-cloud/info/index')
  await expect(other.getByTestId('sidebar')).toBeVisible()

  await page.keyboard.press('Alt+l')
  const dialog = page.getByTestId('lock-dialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.type('lock-123')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/lock$/)

  // The other, already open tab follows without any action of its own, and shows nothing of its page.
  await expect(other).toHaveURL(/\/sms-cloud\/lock$/)
  for (const p of [page, other]) {
    await expect(p.locator('input[type="password"]')).toBeFocused()
    await expect(p.getByTestId('sidebar')).toHaveCount(0)
    await expect(p.getByTestId('topbar')).toHaveCount(0)
    await expect(p.locator('[data-sonner-toaster]')).toHaveCount(0)
  }

  // A tab opened while locked, on a deep link, shows the lock screen too.
  const late = await context.newPage()
  await late.goto('/sms-cloud/home-sms/send-stats')
  await expect(late).toHaveURL(/\/sms-cloud\/lock$/)

  // Unlock in one tab: every tab goes back to the page it showed.
  await other.locator('input[type="password"]').fill('wrong')
  await other.keyboard.press('Enter')
  await expect(other).toHaveURL(/\/sms-cloud\/lock$/)
  await other.locator('input[type="password"]').fill('lock-123')
  await other.keyboard.press('Enter')
  await expect(other).toHaveURL(/\/sms-cloud\/info\/index$/)
  await expect(page).toHaveURL(/\/sms-cloud\/home-sms\/templates$/)
  await expect(late).toHaveURL(/\/sms-cloud\/home-sms\/send-stats$/)
  await expect(page.getByTestId('sidebar')).toBeVisible()
})
