import { expect, test } from '@playwright/test'
import { signIn, pasteNumbers } from './helpers'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a 5G send: chatbot, approved template, card preview, fallback tab by keyboard, Ctrl+Enter, records carry the template name', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/send')
  await expect(page.getByTestId('csp-send')).toBeVisible()
  // globex is an enterprise (user type 2): it sends as itself, no account selector.
  await expect(page.getByTestId('send-account')).toHaveCount(0)

  await page.getByTestId('csp-chatbot').selectOption({ label: 'Globex International 营销助手' })
  await page.getByTestId('csp-template').selectOption({ label: '新品上市（签名：环球）' })

  const preview = page.getByTestId('csp-preview')
  const cards = preview.getByTestId('csp-card')
  await expect(cards).toHaveCount(3)
  await expect(cards.first().getByRole('heading', { name: '春季新品首发' })).toBeVisible()
  await expect(cards.first().getByRole('list', { name: '卡片按钮' }).getByRole('listitem')).toHaveText(['立即购买', '了解更多'])
  await expect(cards.nth(0).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/)
  await expect(cards.nth(1).locator('video')).toHaveCount(1)
  await expect(cards.nth(2).locator('audio')).toHaveCount(1)

  // The template registers SMS and reading-message fallbacks: their boxes are ticked and pre-filled, one tab each.
  await expect(page.getByTestId('csp-fallback-1')).toBeChecked()
  await expect(page.getByTestId('csp-fallback-2')).not.toBeChecked()
  await expect(page.getByTestId('csp-fallback-3')).toBeChecked()
  await expect(preview.getByRole('tab')).toHaveText(['5G消息', '回落短信', '回落阅信'])
  await expect(page.getByTestId('csp-sms-text')).not.toHaveValue('')
  // The fallback SMS is a domestic text: its own signature selector puts globex's approved signature at its start.
  await page.getByTestId('csp-sms-text').fill('新品上市，详询门店。回TD退订')
  const signature = page.getByTestId('signature-select')
  await expect(signature).toHaveValue('')
  await signature.selectOption('环球')
  await expect(page.getByTestId('csp-sms-text')).toHaveValue('【环球】新品上市，详询门店。回TD退订')

  await preview.getByRole('tab', { name: '5G消息' }).focus()
  await page.keyboard.press('ArrowRight')
  const smsTab = preview.getByRole('tab', { name: '回落短信' })
  await expect(smsTab).toBeFocused()
  await expect(smsTab).toHaveAttribute('aria-selected', 'true')
  await expect(preview.getByTestId('csp-bubble')).toHaveText('【环球】新品上市，详询门店。回TD退订')
  await expect(cards).toHaveCount(0)

  await pasteNumbers(page, '13900139101\n13900139102\n13900139103\n13900139101\nabc')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('csp-cost')).toContainText('0.240 元')

  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').nth(0)).toHaveText('3')
  await expect(summary.locator('dd').nth(1)).toHaveText('3')
  await expect(summary).toContainText('0.240 元')
  await expect(summary.locator('dd').nth(4)).toHaveText('立即')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/cspTemplate/cspSmsGroupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number; messages: number } }
  expect(body.code).toBe(200)
  expect(body.data).toMatchObject({ numbers: 3, messages: 3 })
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')

  await page.goto(`/sms-cloud/csp-sms/mt-records?batch_id=${body.data.batch_id}`)
  const screen = page.locator('[data-list="csp-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '3')
  const names = screen.locator('.ag-row:not(.ag-row-pinned) [col-id="template_name"]')
  await expect(names).toHaveCount(3)
  for (const t of await names.allTextContents()) expect(t.trim()).toBe('新品上市')
})
