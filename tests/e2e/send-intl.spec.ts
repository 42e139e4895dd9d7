import { expect, test } from '@playwright/test'
import { gridRows, signIn } from './helpers'

// Two United Kingdom numbers (44, 0.29 a message), one Japanese (81, 0.48), one repeated, and one with no listed
// calling code (999).
const NUMBERS = ['+447911000001', '+447911000002', '0081901234567', '+447911000001', '+999123456789'].join('\n')

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('international send: per-country counts and cost, sender id rule, send, records with their countries', async ({ page }) => {
  await signIn(page, 'acme', '/intl-sms/send')
  await expect(page.getByTestId('intl-send')).toBeVisible()
  // The caller's own account is preselected.
  await expect(page.getByTestId('send-account')).toHaveAttribute('data-value', 'acme')
  await expect(page.getByTestId('send-account')).toHaveValue('艾克米科技有限公司 (acme)')

  await page.evaluate((t) => navigator.clipboard.writeText(t), NUMBERS)
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  await expect(page.getByTestId('invalid-samples')).toContainText('+999123456789')
  await expect(page.getByTestId('invalid-samples')).toContainText('国家代码不支持')

  await page.getByTestId('send-content').fill('Your code is 1234')
  const breakdown = page.getByTestId('country-breakdown')
  await expect(breakdown.locator('tr[data-country="GB"] [data-col="numbers"]')).toHaveText('2')
  await expect(breakdown.locator('tr[data-country="GB"] [data-col="cost"]')).toHaveText('0.580 元')
  await expect(breakdown.locator('tr[data-country="JP"] [data-col="numbers"]')).toHaveText('1')
  await expect(breakdown.locator('tr[data-country="JP"] [data-col="cost"]')).toHaveText('0.480 元')
  await expect(page.getByTestId('breakdown-total').locator('[data-col="cost"]')).toHaveText('1.060 元')
  await expect(page.getByTestId('estimated-cost')).toContainText('1.060 元')

  // A symbol in the sender id is refused with the rule, and Ctrl+Enter goes no further.
  await page.getByTestId('sender-id').fill('Acme-1')
  await expect(page.getByText('发送方ID只能包含字母和数字')).toBeVisible()
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('alert').filter({ hasText: '发送方ID只能包含字母和数字' })).toBeVisible()
  await expect(page.getByTestId('send-summary')).toBeHidden()

  await page.getByTestId('sender-id').fill('Acme1')
  await expect(page.getByText('发送方ID只能包含字母和数字')).toBeHidden()
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary).toContainText('1.060 元')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/intlGroupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number; cost: number } }
  expect(body.code).toBe(200)
  expect(body.data).toMatchObject({ numbers: 3, cost: 1.06 })
  await expect(page.getByTestId('send-result')).toContainText(body.data.batch_id)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')

  await page.goto(`/sms-cloud/intl-sms/mt-records?batch_id=${body.data.batch_id}`)
  await expect(gridRows(page)).toHaveCount(3)
  const countries = (await gridRows(page).locator('[col-id="countryName"]').allTextContents()).map((t) => t.trim()).sort()
  expect(countries).toEqual(['日本', '英国', '英国'])
  await expect(gridRows(page).locator('[col-id="decodeMobile"]').filter({ hasText: '447911000001' })).toHaveCount(1)
})
