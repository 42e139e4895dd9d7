import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

/* Looks: real icons in the sidebar and module menu, and a page header with title and breadcrumb. */
test('sidebar and module menu draw icons, and the page header names module, group and screen', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/mt-records')
  const sidebar = page.getByTestId('sidebar')
  const entries = sidebar.locator('button[data-path]')
  await expect(entries.first()).toBeVisible()
  const n = await entries.count()
  expect(n).toBeGreaterThan(5)
  // Every entry has a drawn icon (svg), none a letter, and the catalogue's names all have their own drawing.
  await expect(sidebar.locator('button[data-path] svg[data-icon]')).toHaveCount(n)
  await expect(sidebar.locator('svg[data-icon="default"]')).toHaveCount(0)
  await expect(page.getByTestId('module-homeSms').locator('svg[data-icon]')).toHaveCount(1)

  const header = page.getByTestId('page-header')
  await expect(header.locator('li')).toHaveText(['国内短信', '记录查询', '发送记录'])
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('发送记录')
})
