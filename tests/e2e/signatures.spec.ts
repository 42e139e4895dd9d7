import { expect, test } from '@playwright/test'
import { apiAs, gridRows, pasteNumbers, runCommand, signIn } from './helpers'

/*
 * Signatures by keyboard: an application from the palette, decided by the server's review worker
 * (TEMPLATE_REVIEW_DELAY_SECONDS in playwright.config.ts), announced on the bell, then chosen on the bulk send page
 * (by keyboard; remembered for the page), shown in the confirmation's text and sent: the records carry it at the start.
 */

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a signature applied for from the palette is approved by the review, announced on the bell, and sent with', async ({ page }) => {
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

  await page.keyboard.press('Escape')

  await page.goto('/sms-cloud/home-sms/group-send')
  await pasteNumbers(page, '13800138021\n13800138022')
  await page.getByTestId('send-content').fill('会员日全场八折')
  const select = page.getByTestId('signature-select')
  await select.focus()
  await select.selectOption(name)
  await expect(page.getByTestId('send-content')).toHaveValue(`【${name}】会员日全场八折`)
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  // The confirmation shows the whole text as the recipients will read it, signature included.
  await expect(page.getByTestId('send-text')).toHaveText(`【${name}】会员日全场八折`)
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string } }
  expect(body.code).toBe(200)
  const records = await apiAs(page, '/mtRecord/list', { batch_id: body.data.batch_id })
  expect(records.data.records.map((r) => r.decodeContent)).toEqual([`【${name}】会员日全场八折`, `【${name}】会员日全场八折`])
  // The page remembers the choice: the next message starts with it.
  await page.reload()
  await expect(page.getByTestId('send-content')).toHaveValue(`【${name}】`)
})
