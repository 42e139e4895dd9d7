import { expect, test } from '@playwright/test'
import { apiAs, signIn } from './helpers'

test('the ordinary SMS overview shows the server figures and a 30-day trend chart', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/dashboard')
  const board = page.getByTestId('dashboard')
  await expect(board).toBeVisible()
  const info = (await apiAs(page, '/dataGathering/getNormalSmsIndexInfo', { prod_type: 0 })).data as unknown as { curMonthAllCount: number }
  await expect(board.getByText(info.curMonthAllCount.toLocaleString('en-US'), { exact: true }).first()).toBeVisible()
  await expect(board.locator('figure svg path').first()).toBeVisible()
})

test('the video overview adds the ratio chart and reply count', async ({ page }) => {
  await signIn(page)
  await page.goto('/sms-cloud/video-sms/dashboard')
  const board = page.getByTestId('dashboard')
  await expect(board.locator('figure')).toHaveCount(2)
  await expect(board.getByTestId('dashboard-replies')).toBeVisible()
})
