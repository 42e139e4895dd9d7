import { expect, test } from '@playwright/test'
import { apiAs, focusRow, gridRows, openPalette, pasteNumbers, runCommand, signIn, uploadWith } from './helpers'
import { png } from './template-files'

/*
 * Templates by keyboard: a content template from the palette and its deletion; a 5G carousel with an
 * uploaded picture, previewed, reviewed by the server's worker (TEMPLATE_REVIEW_DELAY_SECONDS in
 * playwright.config.ts), announced on the bell, sent, and found in the 5G sent records; a rejected template's reason.
 */

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a content template from the palette is listed pending, and deleted after the numbered-row confirmation', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/templates')
  await runCommand(page, '新建内容模板')
  const text = `【艾克米】到店自提通知 ${Date.now()}`
  await expect(page.getByTestId('content-template-template_content')).toBeFocused()
  await page.keyboard.type(text)
  await page.keyboard.press('Tab')
  await page.keyboard.type('自提')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('content-template-template_content')).toHaveCount(0)
  const row = gridRows(page).filter({ hasText: text })
  await expect(row).toHaveCount(1)
  await expect(row.locator('[col-id="check_status"]')).toHaveText(/待审核|审核通过/)

  // Delete: the focused row's command from the palette (the row keeps the grid's focus), then the confirmation.
  await focusRow(page, text)
  await page.getByTestId('topbar').getByRole('button', { name: '搜索菜单和操作' }).click()
  const palette = page.getByTestId('command-palette')
  await page.keyboard.type('删除')
  await expect(palette.getByRole('option').first()).toContainText('删除')
  await page.keyboard.press('Enter')
  const question = page.getByRole('dialog')
  await expect(question).toContainText(/删除第 \d+ 行/)
  await page.keyboard.press('Enter')
  await expect(row).toHaveCount(0)
})

test('a 5G carousel by keyboard: upload, preview, review notice on the bell, send, sent records', async ({ page }) => {
  await signIn(page, 'globex')
  await runCommand(page, '新建5G消息模板')
  await expect(page).toHaveURL(/\/csp-sms\/templates\/new$/)
  const name = `春季焕新 ${Date.now() % 100000}`

  await page.getByTestId('csp-template_name').focus()
  await page.keyboard.type(name)
  await page.getByTestId('csp-chatbot_id').selectOption({ label: 'Globex International 营销助手' })
  await page.getByTestId('csp-autograph').focus()
  await page.keyboard.type('环球')

  // Card 1: a picture uploaded on the spot (Alt+U), title, text, a link button (Alt+K).
  await page.getByTestId('csp-cards-0-title').focus()
  await page.keyboard.type('焕新首发')
  await uploadWith(page, 'Alt+u', { name: 'spring.png', mimeType: 'image/png', buffer: png(96, 64, [220, 80, 60]) })
  await expect(page.getByTestId('csp-cards-0-material_id-name')).toContainText('spring.png')
  await page.getByTestId('csp-cards-0-text').focus()
  await page.keyboard.type('全新系列今日上市。')
  await page.keyboard.press('Alt+k')
  await expect(page.getByTestId('csp-cards-0-buttons-0-name')).toBeFocused()
  await page.keyboard.type('立即查看')
  await page.keyboard.press('Tab')
  await page.keyboard.type('https://example.com/spring')

  // Card 2 (Alt+N, after the focused card), its picture, then moved in front of card 1 (Alt+↑).
  await page.keyboard.press('Alt+n')
  await expect(page.getByTestId('csp-cards-1-material_id-pick')).toBeFocused()
  await uploadWith(page, 'Alt+u', { name: 'gift.png', mimeType: 'image/png', buffer: png(96, 64, [40, 160, 90]) })
  // A finished upload gives the focus back to its picture slot: wait for it before typing elsewhere.
  await expect(page.getByTestId('csp-cards-1-material_id-name')).toContainText('gift.png')
  await page.getByTestId('csp-cards-1-title').focus()
  await page.keyboard.type('到店有礼')
  await page.keyboard.press('Tab')
  await page.keyboard.type('到店即送小礼品。')
  await page.keyboard.press('Alt+ArrowUp')

  const preview = page.getByTestId('csp-preview')
  const cards = preview.getByTestId('csp-card')
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0).getByRole('heading')).toHaveText('到店有礼')
  await expect(cards.nth(1).getByRole('heading')).toHaveText('焕新首发')
  await expect(cards.nth(1).getByRole('listitem')).toHaveText(['立即查看'])
  await expect(cards.nth(0).locator('img')).toHaveJSProperty('complete', true)
  expect(await cards.nth(0).locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(96)

  // A fallback SMS, typed beside the preview, which follows it to its tab.
  await page.getByTestId('csp-fallback-1').focus()
  await page.keyboard.press('Space')
  await page.getByTestId('csp-sms_text').focus()
  await page.keyboard.type('【环球】春季新品上市，详询门店。')
  await expect(preview.getByRole('tab', { name: '回落短信' })).toHaveAttribute('aria-selected', 'true')
  await expect(preview.getByTestId('csp-bubble')).toHaveText('【环球】春季新品上市，详询门店。')

  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/csp-sms\/templates$/)
  const row = gridRows(page).filter({ hasText: name })
  await expect(row.locator('[col-id="template_status"]')).toHaveText(/待审核|审核中|审核通过/)

  // The review worker approves it; its notice reaches the bell and opens the template.
  // The list does not poll: reload until the review has decided (the row shows first, then its status is read).
  await expect(async () => {
    await page.reload()
    await expect(row).toHaveCount(1)
    await expect(row.locator('[col-id="template_status"]')).toHaveText('审核通过', { timeout: 500 })
  }).toPass({ timeout: 60_000 })
  await expect(page.getByTestId('notice-badge')).toBeVisible()
  await page.getByTestId('notice-button').click()
  const notice = page.getByTestId('notice-item').filter({ hasText: name })
  await expect(notice).toContainText('审核通过')
  await notice.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/csp-sms\/templates\?id=\d+/)
  await expect(gridRows(page).filter({ hasText: name }).locator('[col-id="template_status"]')).toHaveText('审核通过')

  // Sendable now: the send page offers it for its chatbot, with the cards as designed.
  await page.goto('/sms-cloud/csp-sms/send')
  await page.getByTestId('csp-chatbot').selectOption({ label: 'Globex International 营销助手' })
  await page.getByTestId('csp-template').selectOption({ label: `${name}（签名：环球）` })
  await expect(page.getByTestId('csp-preview').getByTestId('csp-card').nth(0).getByRole('heading')).toHaveText('到店有礼')
  await pasteNumbers(page, '13900139201\n13900139202')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.keyboard.press('Control+Enter')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/cspTemplate/cspSmsGroupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string } }
  expect(body.code).toBe(200)

  await page.goto(`/sms-cloud/csp-sms/mt-records?batch_id=${body.data.batch_id}`)
  const screen = page.locator('[data-list="csp-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '2')
  for (const t of await screen.locator('.ag-row:not(.ag-row-pinned) [col-id="template_name"]').allTextContents()) expect(t.trim()).toBe(name)
})

test('a template the review rejects shows its reason in the list and the detail', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/templates/new')
  const name = `casino night ${Date.now() % 100000}`
  await page.getByTestId('csp-template_name').fill(name)
  await page.getByTestId('csp-chatbot_id').selectOption({ label: 'Globex International 营销助手' })
  await page.getByTestId('csp-autograph').fill('环球')
  await page.getByTestId('csp-content_type').selectOption('text')
  await page.getByTestId('csp-text_5g').fill('周末狂欢，来玩 casino 赢大奖')
  await page.getByTestId('csp-text_5g').press('Control+Enter')
  await expect(page).toHaveURL(/\/csp-sms\/templates$/)

  const row = gridRows(page).filter({ hasText: name })
  // The list does not poll: reload until the review has decided (the row shows first, then its status is read).
  await expect(async () => {
    await page.reload()
    await expect(row).toHaveCount(1)
    await expect(row.locator('[col-id="template_status"]')).toHaveText('审核驳回', { timeout: 500 })
  }).toPass({ timeout: 60_000 })
  await expect(row.locator('[col-id="result_desc"]')).toContainText('casino')

  await focusRow(page, name)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/csp-sms\/templates\/\d+$/)
  await expect(page.getByTestId('detail-reason')).toContainText('含有敏感词“casino”')
  // Rejected is not sendable: the send page does not offer it.
  const offered = await apiAs(page, '/cspTemplate/list', { template_status: 4, pageSize: 500 })
  expect(offered.data.records.map((r) => r.template_name)).not.toContain(name)
})

test('template statuses read as spec section 4 says, in both languages', async ({ page }) => {
  await signIn(page)
  const optionsOf = async (path: string, field: string) => {
    await page.goto(`/sms-cloud${path}`)
    const select = page.locator(`[data-field="${field}"] select`)
    await expect(select).toBeVisible()
    return (await select.locator('option').allTextContents()).filter((t) => t.trim() !== '' && !/全部|All/.test(t))
  }
  expect(await optionsOf('/home-sms/templates', 'check_status')).toEqual(['待审核', '审核通过', '审核驳回'])
  expect(await optionsOf('/video-sms/templates', 'status')).toEqual(['待审核', '审核中', '审核通过', '审核驳回', '已删除'])
  expect(await optionsOf('/csp-sms/templates', 'template_status')).toEqual(['待审核', '审核中', '审核通过', '审核驳回'])
  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  expect(await optionsOf('/video-sms/templates', 'status')).toEqual(['Pending review', 'In review', 'Approved', 'Rejected', 'Deleted'])
  expect(await optionsOf('/csp-sms/templates', 'template_status')).toEqual(['Pending review', 'In review', 'Approved', 'Rejected'])
})

test("a sub-account's content template: delete is enabled alike in the row's more menu and in the palette (the server's rule)", async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/templates')
  // acme sees (and the server lets it delete) its sub-account acme01's templates too.
  const row = gridRows(page).filter({ has: page.locator('[col-id="cus_id"]', { hasText: /^acme01$/ }) }).first()
  await expect(row).toBeVisible()
  const number = Number(await row.getAttribute('row-index')) + 1
  await page.getByRole('button', { name: `第 ${number} 行的更多操作` }).click()
  await expect(page.getByRole('menuitem', { name: '删除' })).toBeEnabled()
  await page.keyboard.press('Escape')

  // The palette offers the same action for the same (focused) row.
  const text = (await row.locator('[col-id="template_content"]').textContent()) ?? ''
  await page.locator('.ag-header-cell').first().focus()
  for (let i = 0; i < number; i++) await page.keyboard.press('ArrowDown')
  await expect(page.locator('.ag-row:has(.ag-cell-focus)').first()).toContainText(text)
  const palette = await openPalette(page)
  await page.keyboard.type('删除')
  await expect(palette.getByRole('option').first()).toContainText('删除')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toContainText(`删除第 ${number} 行`)
  await page.keyboard.press('Escape')
})

test("an administrator's detail of a content template offers the list's review actions, by the list's rule", async ({ page }) => {
  await signIn(page, 'admin')
  // The review worker (TEMPLATE_REVIEW_DELAY_SECONDS) decides new templates within seconds, so a decided one is what
  // a browser test can count on: its approve and reject are shown and, as in the list's row, not enabled.
  const decided = await apiAs(page, '/contentTemplate/list', { check_status: 2, pageNumber: 1, pageSize: 1 })
  const id = Number(decided.data.records[0]?.id)
  await page.goto(`/sms-cloud/home-sms/templates/${id}`)
  await expect(page.getByTestId('detail-review').locator('[data-status]')).toHaveText('审核通过')
  const review = page.getByTestId('template-review-actions')
  await expect(review.getByRole('button', { name: '审核通过' })).toBeDisabled()
  await expect(review.getByRole('button', { name: '驳回' })).toBeDisabled()
})

test('a customer sees no review buttons on its template detail', async ({ page }) => {
  await signIn(page, 'acme')
  const mine = await apiAs(page, '/contentTemplate/list', { pageNumber: 1, pageSize: 1 })
  await page.goto(`/sms-cloud/home-sms/templates/${Number(mine.data.records[0]?.id)}`)
  await expect(page.getByTestId('detail-review')).toBeVisible()
  await expect(page.getByTestId('template-review-actions')).toHaveCount(0)
})
