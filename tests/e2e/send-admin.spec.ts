import { expect, test, type Locator, type Page } from '@playwright/test'
import { apiAs, balanceOf, chooseInCombo, comboOptions, pasteNumbers, signIn } from './helpers'

/*
 * An administrator (user type 1) sends on a customer's behalf: it picks the paying account in the page's account
 * select, is offered that account's own templates/chatbots, and the customer pays while the administrator's own
 * balance stays. One test per page: link, video and 5G (csp).
 */

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

/** Chooses the option labelled `label` of a native select with the arrow keys, as a keyboard user would. */
async function chooseByKeyboard(page: Page, select: Locator, label: string) {
  await expect(select.locator('option', { hasText: label })).toBeAttached()
  const labels = (await select.locator('option').allTextContents()).map((t) => t.trim())
  const target = labels.indexOf(label)
  const from = await select.evaluate((s: HTMLSelectElement) => s.selectedIndex)
  await select.focus()
  const key = target > from ? 'ArrowDown' : 'ArrowUp'
  for (let i = 0; i < Math.abs(target - from); i++) await page.keyboard.press(key)
  await expect(select.locator('option:checked')).toHaveText(label)
}

/** The values of a select's options, its empty prompt left out. */
const optionValues = async (select: Locator) =>
  (await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean)

/** A customer's balance as an administrator sees it in the customer list. */
async function customerBalance(page: Page, cusId: string) {
  const res = await apiAs(page, '/customer/list', { pageNumber: 1, pageSize: 20, keyword: cusId })
  expect(res.code).toBe(200)
  const row = res.data.records.find((r) => r.cus_id === cusId)
  expect(row, `customer ${cusId} in /customer/list`).toBeTruthy()
  return Number(row!.balance)
}

interface Reply { code: number; data: { batch_id: string; numbers: number; messages: number; cost: number; balance_after: number } }

/** Confirms the open summary with Enter (the confirm button has the focus) and returns the send's reply. */
async function confirmWithEnter(page: Page, endpoint: string): Promise<Reply['data']> {
  await expect(page.getByTestId('confirm-send')).toBeFocused()
  const reply = page.waitForResponse((r) => r.url().endsWith(endpoint))
  await page.keyboard.press('Enter')
  const body = (await (await reply).json()) as Reply
  expect(body.code).toBe(200)
  return body.data
}

/** Ctrl+Enter opens the confirmation: the numbers, the cost, and no balance after (the admin is not the payer). */
async function expectConfirmation(page: Page, numbers: string, cost: string) {
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').nth(0)).toHaveText(numbers)
  await expect(summary.locator('dd').nth(2)).toHaveText(cost)
  await expect(summary.locator('dd').nth(3)).toHaveText('—')
}

/** With no account chosen: Ctrl+Enter shows these translated alerts and asks nothing. */
async function expectRefused(page: Page, alerts: string[]) {
  await page.keyboard.press('Control+Enter')
  for (const text of alerts) await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible()
  await expect(page.getByTestId('send-summary')).toHaveCount(0)
}

/** A picker that waits for the account: disabled, saying so. */
async function expectWaitingForAccount(select: Locator) {
  await expect(select).toBeDisabled()
  await expect(select.locator('option')).toHaveText(['请先选择发送账号'])
}

/**
 * The batch belongs to `cusId` (as the administrator's batch list shows it), the customer paid exactly the send's
 * cost, and the administrator's own balance did not move.
 */
async function expectPaidBy(page: Page, cusId: string, prodType: number, sent: Reply['data'], before: { customer: number; admin: number }) {
  const batches = await apiAs(page, '/dataGathering/batchList', { pageNumber: 1, pageSize: 5, batch_id: sent.batch_id })
  expect(batches.data.records).toHaveLength(1)
  expect(batches.data.records[0]).toMatchObject({ batch_id: sent.batch_id, cus_id: cusId, prod_type: prodType, receive_count: sent.numbers })
  expect(sent.cost).toBeGreaterThan(0)
  const after = await customerBalance(page, cusId)
  expect(after).toBeCloseTo(before.customer - sent.cost, 3)
  expect(sent.balance_after).toBeCloseTo(after, 3)
  expect(await balanceOf(page)).toBe(before.admin)
}

test('an admin sends a link SMS for acme: refused until the account is chosen, then acme pays', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/link-send')
  const before = { customer: await customerBalance(page, 'acme'), admin: await balanceOf(page) }
  await expect(page.getByTestId('link-send')).toBeVisible()

  const account = page.getByTestId('send-account')
  await expect(account).toHaveAttribute('data-value', '')
  await expect(account).toHaveValue('')
  // The accounts granted the product, searchable: acme offered, not the administrator itself.
  await expect.poll(async () => (await comboOptions(page, account)).some((l) => l.endsWith('(acme)'))).toBe(true)
  expect((await comboOptions(page, account)).some((l) => l.endsWith('(admin)'))).toBe(false)

  await pasteNumbers(page, '13812350001\n13812350002\n13812350003')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('link-long-url').fill('https://shop.example.com/admin-e2e')
  const content = page.getByTestId('send-content')
  await content.fill('【艾克米】代客户发送，点击{link}')
  // No paying account: no price, so no cost; the send is refused with the translated message and nothing is asked.
  await expect(page.getByTestId('estimated-cost')).toHaveCount(0)
  await content.focus()
  await expectRefused(page, ['请选择发送账号'])
  // Nor does the address book offer any account's groups before the account is chosen.
  await page.getByTestId('numbers-groups').click()
  await expect(page.getByTestId('groups-need-account')).toHaveText('请先选择发送账号，再从该账号的通讯录添加号码')
  await expect(page.getByTestId('group-option')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('groups-need-account')).toHaveCount(0)

  await chooseInCombo(page, account, '艾克米科技有限公司 (acme)', '艾克米')
  await expect(account).toHaveAttribute('data-value', 'acme')
  // acme's price (0.045 per message) now prices the send; the balance beside the form is not the payer's, so none shows.
  await expect(page.getByTestId('estimated-cost')).toHaveText('预计费用 0.135 元')
  await expect(page.getByTestId('send-balance')).toHaveText('余额 —')
  // The address-book groups offered as a number source are acme's own now, not every account's.
  const groupsOf = async (cusId?: string) => ((await apiAs(page, '/addressBook/hasMemberGroupList', { cus_id: cusId })).data as unknown as unknown[]).length
  const [acmeGroups, allGroups] = [await groupsOf('acme'), await groupsOf()]
  expect(acmeGroups).toBeGreaterThan(0)
  expect(allGroups).toBeGreaterThan(acmeGroups)
  await page.getByTestId('numbers-groups').click()
  await expect(page.getByTestId('group-option')).toHaveCount(acmeGroups)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('group-list')).toHaveCount(0)

  await content.focus()
  await expectConfirmation(page, '3', '0.135 元')
  const sent = await confirmWithEnter(page, '/api/shortChainTool/smsLinkGroupSend')
  expect(sent).toMatchObject({ numbers: 3, messages: 3, cost: 0.135 })
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')
  // The form starts afresh but keeps the account, for the next batch of the same customer.
  await expect(account).toHaveAttribute('data-value', 'acme')
  await expect(page.getByTestId('link-long-url')).toHaveValue('')

  await expectPaidBy(page, 'acme', 0, sent, before)
})

test('an admin sends a video SMS: the template list follows the chosen account, and acme pays', async ({ page }) => {
  await signIn(page, 'admin')
  const approved = async (cusId: string) => {
    const res = await apiAs(page, '/videoTemplate/list', { pageNumber: 1, pageSize: 100, status: 2, cus_id: cusId })
    expect(res.code).toBe(200)
    expect(res.data.records.every((r) => r.cus_id === cusId && r.status === 2)).toBe(true)
    return res.data.records.map((r) => String(r.cus_template_id)).sort()
  }
  const [acme, initech] = [await approved('acme'), await approved('initech')]
  expect(acme.length).toBeGreaterThan(0)
  expect(initech.length).toBeGreaterThan(0)
  const before = { customer: await customerBalance(page, 'acme'), admin: await balanceOf(page) }

  await page.goto('/sms-cloud/video-sms/send')
  await expect(page.getByTestId('video-send')).toBeVisible()
  const account = page.getByTestId('send-account')
  const picker = page.getByTestId('video-template')
  // No account: the template picker offers nothing and says why; a send is refused with the translated messages.
  await expect(account).toHaveAttribute('data-value', '')
  await expectWaitingForAccount(picker)
  await pasteNumbers(page, '13800138031\n13800138032\n13800138033')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expectRefused(page, ['请选择发送账号', '请选择视频模板'])

  // initech first: its approved templates, and only them; then acme: the list follows the account.
  await chooseInCombo(page, account, '英尼泰克软件 (initech)', 'initech')
  await expect(picker).toBeEnabled()
  await expect.poll(() => optionValues(picker).then((v) => v.sort())).toEqual(initech)
  // Escape while searching keeps the account chosen; then acme is found by its id.
  await account.focus()
  await page.keyboard.type('acm')
  await page.keyboard.press('Escape')
  await expect(account).toHaveAttribute('data-value', 'initech')
  await expect(account).toHaveValue('英尼泰克软件 (initech)')
  await chooseInCombo(page, account, '艾克米科技有限公司 (acme)', 'acme')
  await expect.poll(() => optionValues(picker).then((v) => v.sort())).toEqual(acme)

  await picker.focus()
  await page.keyboard.press('ArrowDown')
  await expect(picker).not.toHaveValue('')
  await expect(page.getByTestId('video-frame')).toHaveCount(3)
  await expect(page.getByTestId('video-cost')).toContainText('0.90')

  await expectConfirmation(page, '3', '0.900 元')
  const sent = await confirmWithEnter(page, '/api/videoTemplate/videoSmsGroupSend')
  expect(sent).toMatchObject({ numbers: 3, messages: 3, cost: 0.9 })
  await expect(account).toHaveAttribute('data-value', 'acme')
  await expect(picker).toHaveValue('')

  await expectPaidBy(page, 'acme', 2, sent, before)
})

test('an admin sends a 5G message for globex: its chatbots and templates only, and globex pays', async ({ page }) => {
  await signIn(page, 'admin')
  const bots = (await apiAs(page, '/user/getChatbotList', { cus_id: 'globex' })).data as unknown as { name: string }[]
  expect(bots.length).toBeGreaterThan(0)
  const before = { customer: await customerBalance(page, 'globex'), admin: await balanceOf(page) }

  await page.goto('/sms-cloud/csp-sms/send')
  await expect(page.getByTestId('csp-send')).toBeVisible()
  const account = page.getByTestId('send-account')
  const chatbot = page.getByTestId('csp-chatbot')
  const template = page.getByTestId('csp-template')
  // Only accounts granted 5G are offered: globex, not acme.
  await expect.poll(async () => (await comboOptions(page, account)).some((l) => l.endsWith('(globex)'))).toBe(true)
  expect((await comboOptions(page, account)).some((l) => l.endsWith('(acme)'))).toBe(false)
  // No account: no chatbot to pick, and a send is refused with the translated messages.
  await expectWaitingForAccount(chatbot)
  await pasteNumbers(page, '13900139201\n13900139202\n13900139203')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expectRefused(page, ['请选择发送账号', '请选择 Chatbot'])

  await chooseInCombo(page, account, 'Globex International (globex)', 'glo')
  await expect(chatbot).toBeEnabled()
  // Globex's chatbots, the offline one shown but not choosable: once they have loaded (the select is enabled as the
  // account is chosen, its options come with the account's chatbots), after the placeholder option.
  await expect(chatbot.locator('option')).toHaveCount(bots.length + 1)
  const names = (await chatbot.locator('option').allTextContents()).slice(1)
  expect(names).toHaveLength(bots.length)
  for (const n of names) expect(n).toMatch(/^Globex International /)
  await expect(chatbot.locator('option[disabled]')).toHaveCount(1)

  await chooseByKeyboard(page, chatbot, 'Globex International 营销助手')
  await chooseByKeyboard(page, template, '新品上市（签名：环球）')
  await expect(page.getByTestId('csp-preview').getByTestId('csp-card')).toHaveCount(3)
  await expect(page.getByTestId('csp-fallback-1')).toBeChecked()
  await expect(page.getByTestId('csp-sms-text')).not.toHaveValue('')
  await expect(page.getByTestId('csp-cost')).toContainText('0.24')

  await expectConfirmation(page, '3', '0.240 元')
  const sent = await confirmWithEnter(page, '/api/cspTemplate/cspSmsGroupSend')
  expect(sent).toMatchObject({ numbers: 3, messages: 3, cost: 0.24 })
  await expect(account).toHaveAttribute('data-value', 'globex')

  await expectPaidBy(page, 'globex', 6, sent, before)
})
