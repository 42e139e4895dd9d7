import { expect, test, type Page } from '@playwright/test'
import { gridRows, signIn } from './helpers'

const COUNT = 100_000
/** COUNT distinct valid numbers, one a line, plus two invalid entries and one duplicate. */
const LIST = Array.from({ length: COUNT }, (_, i) => String(13_700_000_000 + i)).join('\n') + '\n12345\n0551123456\n13700000000\n'

async function openSend(page: Page) {
  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
}

async function pasteNumbers(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text)
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('100,000 pasted numbers are counted, sent, and the batch shows in the batch statistics', async ({ page }) => {
  await signIn(page)
  await openSend(page)
  await pasteNumbers(page, LIST)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 100000 个')
  await expect(page.getByTestId('count-total')).toHaveText('共 100003 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 2 个')
  await expect(page.getByTestId('invalid-samples')).toContainText('0551123456')
  await expect(page.getByTestId('numbers-box')).toHaveValue('')

  await page.getByTestId('send-content').fill('【测试】端到端群发')
  await expect(page.getByTestId('total-messages')).toHaveText('合计 100000 条')
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary).toContainText('100,000')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number } }
  expect(body.code).toBe(200)
  expect(body.data.numbers).toBe(COUNT)
  await expect(page.getByText(body.data.batch_id)).toBeVisible()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')

  await page.goto(`/sms-cloud/home-sms/batch-stats?batch_id=${body.data.batch_id}`)
  await expect(gridRows(page)).toHaveCount(1)
  await expect(gridRows(page).first()).toContainText(body.data.batch_id)
})

test('a composed send survives a reload', async ({ page }) => {
  await signIn(page)
  await openSend(page)
  await pasteNumbers(page, '13800138000\n13900139000 abc')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('草稿内容')
  await page.getByTestId('timed-toggle').check()
  await page.getByRole('button', { name: '1 小时后' }).click()
  const time = await page.getByTestId('timed-time').inputValue()
  // The draft is written shortly after the last change.
  await page.waitForTimeout(1000)

  await page.reload()
  await expect(page.getByTestId('send-content')).toHaveValue('草稿内容')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  await expect(page.getByTestId('timed-time')).toHaveValue(time)
})

test('preview shows the first messages as recipients will see them', async ({ page }) => {
  await signIn(page)
  await openSend(page)
  await pasteNumbers(page, '13800138000,13900139000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('预览内容')
  await page.getByTestId('preview-button').click()
  const messages = page.getByTestId('preview-messages').locator('li')
  await expect(messages).toHaveCount(2)
  await expect(messages.first()).toContainText('13800138000')
  await expect(messages.first()).toContainText('预览内容')
  await expect(page.getByTestId('estimated-cost')).toBeVisible()
})
