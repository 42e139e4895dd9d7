import { expect, test } from '@playwright/test'
import { apiAs, balanceOf, gridRows, pasteNumbers, runCommand, signIn } from './helpers'

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
  // The list does not poll: reload until the review has decided (the row shows first, then its status is read).
  await expect(async () => {
    await page.reload()
    await expect(row).toHaveCount(1)
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
  // The page remembers the choice: the next message starts with it (once the page has taken the answer and started a
  // fresh send: a reload before that keeps the draft, whose idempotency key makes its resend the same batch).
  await expect(page.getByTestId('send-content')).not.toHaveValue(/会员日/)
  await page.reload()
  await expect(page.getByTestId('send-content')).toHaveValue(`【${name}】`)
})

test('a same-content send without an approved signature at its start is refused with the translated message, and nothing is lost', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/group-send')
  const batches = async () => (await apiAs(page, '/dataGathering/batchList', { pageNumber: 1, pageSize: 1 })).data.total
  const before = { balance: await balanceOf(page), batches: await batches() }
  await pasteNumbers(page, '13800138061\n13800138062')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  const content = page.getByTestId('send-content')
  const refusedWith = async (text: string, message: string) => {
    await content.fill(text)
    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('send-summary')).toBeVisible()
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
    await page.getByTestId('confirm-send').click()
    const body = (await (await reply).json()) as { code: number; msg: string }
    expect(body).toMatchObject({ code: 400, msg: message })
    await expect(page.getByText(message, { exact: true })).toBeVisible()
    // The confirmation stays open on a refusal; Escape goes back to the form.
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('send-summary')).toHaveCount(0)
    // Nothing lost: the text and the numbers stay as they were, to be corrected and sent again.
    await expect(content).toHaveValue(text)
    await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  }
  // No signature at all; then one of acme's that the review refused (server/seed/signatures.ts), which the selector does not offer.
  await refusedWith('会员日全场八折', '短信内容须以已审核通过的签名开头，例如【签名】；内容开头没有找到签名')
  await expect(page.getByTestId('signature-select')).toHaveValue('')
  await refusedWith('【艾克米商城】会员日全场八折', '内容开头的签名【艾克米商城】不是本企业已审核通过的签名，请在“短信签名”中申请或选择已通过的签名')
  await expect(page.getByTestId('signature-select').locator('option', { hasText: '艾克米商城' })).toHaveCount(0)
  // Nothing stored, nothing billed.
  expect(await batches()).toBe(before.batches)
  expect(await balanceOf(page)).toBe(before.balance)
})
