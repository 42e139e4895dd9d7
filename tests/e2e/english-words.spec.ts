import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })

/*
 * The English console in the words of docs/glossary.md: what a figure means (delivered, its rate, its share), not a
 * word-for-word rendering of the Chinese ("Success", "ratio", "Bind", "Powered off").
 */
test('the English console names delivered messages, their rate and share, and links a mobile number', async ({ page }) => {
  await page.goto('/sms-cloud/login')
  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  await signIn(page, 'acme').catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))

  await page.goto('/sms-cloud/home-sms/batch-stats')
  const headers = page.locator('[data-list="home-sms.batch-stats"] .ag-header-cell-text')
  await expect(headers.first()).toBeVisible({ timeout: 60_000 })
  const batch = await headers.allTextContents()
  expect(batch).toEqual(expect.arrayContaining(['Recipients', 'Delivered', 'Delivery rate']))
  expect(batch).not.toContain('Success')

  await page.goto('/sms-cloud/home-sms/send-stats')
  const sendHeaders = page.locator('[data-list="home-sms.send-stats"] .ag-header-cell-text')
  await expect(sendHeaders.first()).toBeVisible({ timeout: 60_000 })
  expect(await sendHeaders.allTextContents()).toEqual(expect.arrayContaining(['Delivered (share)', 'Failed (share)']))

  await page.goto('/sms-cloud/info/setting')
  await expect(page.getByRole('button', { name: 'Link mobile number' })).toBeVisible()
  await expect(page.getByText(/\bBind\b/)).toHaveCount(0)
})
