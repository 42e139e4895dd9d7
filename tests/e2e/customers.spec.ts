import { expect, test } from '@playwright/test'
import { apiAs, focusRow, gridRows, runCommand, signIn, signInSlow, signInWith, typeFields } from './helpers'

const NEWCO = { account: 'e2eco', name: '端到端公司', password: 'E2e@Pass123' }

test('an administrator creates a customer, charges it, and the customer signs in with its balance', async ({ page }) => {
  await signIn(page, 'admin', '/account/customers')
  await expect(gridRows(page).first()).toBeVisible()

  await runCommand(page, '新增客户')
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('input[name="cus_id"]')).toBeFocused()
  // A weak password is refused in the form, under its field, and focus goes there.
  // account, name, payment, sub-accounts, mobile, five product prices (ordinary, international, video, 5G, number
  // check), country prices, password, confirmation
  await typeFields(page, [NEWCO.account, NEWCO.name, '', '', '', '0.05', '0.2', '', '', '', 'GB 0.21', 'weak', 'weak'])
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByText('初始密码至少 8 位，且须包含大写字母、小写字母、数字和特殊字符')).toBeVisible()
  await expect(dialog.locator('input[name="password"]')).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type(NEWCO.password)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Control+a')
  await page.keyboard.type(NEWCO.password)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`客户 ${NEWCO.account} 已创建`)).toBeVisible()
  await expect(dialog).toBeHidden()

  await focusRow(page, NEWCO.account)
  await runCommand(page, '充值（当前行）')
  await expect(page.getByRole('dialog')).toContainText(`为 ${NEWCO.account} 充值`)
  // The amount is what is typed first: it has the focus, and Ctrl+Enter asks before any money moves.
  await expect(page.getByRole('dialog').locator('input[name="amount"]')).toBeFocused()
  await page.keyboard.type('5000.125')
  await page.keyboard.press('Control+Enter')
  const question = page.getByRole('dialog').filter({ hasText: '确认账户充值' })
  await expect(question).toContainText(`账户充值：${NEWCO.account} 5,000.125 元。余额 0.000 元 → 5,000.125 元`)
  await expect(question.getByRole('button', { name: '确认账户充值 5,000.125 元' })).toBeFocused()
  // Declined (Cancel, one Shift+Tab away), nothing is sent and the amount stays as typed.
  await page.keyboard.press('Shift+Tab')
  await expect(question.getByRole('button', { name: '取消' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(question).toHaveCount(0)
  await expect(page.getByRole('dialog').locator('input[name="amount"]')).toHaveValue('5000.125')
  expect((await apiAs(page, '/customer/customerDetail', { cus_id: NEWCO.account })).data).toMatchObject({ balance: '0.000' })
  await page.getByRole('dialog').locator('input[name="amount"]').fill('500.125')
  await page.getByRole('dialog').locator('input[name="remark"]').fill('年度合同首付')
  await page.keyboard.press('Enter')
  await expect(question).toContainText('余额 0.000 元 → 500.125 元')
  // Esc steps back from the question to the charge as typed, its remark where it was; nothing is sent.
  await page.keyboard.press('Escape')
  await expect(question).toHaveCount(0)
  const charge = page.getByRole('dialog').filter({ hasText: `为 ${NEWCO.account} 充值` })
  await expect(charge.locator('input[name="amount"]')).toHaveValue('500.125')
  await expect(charge.locator('input[name="remark"]')).toHaveValue('年度合同首付')
  await expect(charge.locator('input[name="remark"]')).toBeFocused()
  expect((await apiAs(page, '/customer/customerDetail', { cus_id: NEWCO.account })).data).toMatchObject({ balance: '0.000' })
  // Ctrl+Enter asks again, and on the question confirms, as Enter does.
  await page.keyboard.press('Control+Enter')
  await expect(question).toContainText('余额 0.000 元 → 500.125 元')
  await page.keyboard.press('Control+Enter')
  // The success words write money as every screen does: grouped thousands, three decimals, the currency.
  await expect(page.getByText(`充值成功，${NEWCO.account} 余额 500.125 元`)).toBeVisible()
  await expect(gridRows(page).filter({ hasText: NEWCO.account })).toContainText('500.125 元')

  await focusRow(page, NEWCO.account)
  await runCommand(page, '充值记录（当前行）')
  await expect(page.getByTestId('charge-records')).toContainText('账户充值')
  await expect(page.getByTestId('charge-records')).toContainText('500.125')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  const detail = await apiAs(page, '/customer/customerDetail', { cus_id: NEWCO.account })
  expect(detail.data).toMatchObject({ balance: '500.125', country_prices: [{ iso: 'GB', price: '0.2100' }] })

  // The new customer signs in (captcha TEST) and sees its balance.
  await page.context().clearCookies()
  await signInWith(page, NEWCO.account, NEWCO.password)
  const info = await apiAs(page, '/user/getUserInfo', {})
  expect((info.data as unknown as { userInfo: { authUser: { cusId: string; balance: number } } }).userInfo.authUser).toMatchObject({
    cusId: NEWCO.account, balance: 500.125,
  })
})

test('acme charges a sub-account from its own balance and closes it, which ends its session', async ({ page, browser }) => {
  // acme01 is signed in elsewhere: closing the sub-account must end that session.
  const other = await browser.newContext()
  const subPage = await other.newPage()
  await signIn(subPage, 'acme01')

  await signIn(page, 'acme', '/account/sub-accounts')
  const before = await apiAs(page, '/subAccount/detail', { cus_id: 'acme01' })
  await expect(gridRows(page).first()).toBeVisible()

  await focusRow(page, 'acme01')
  await runCommand(page, '划拨充值（当前行）')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('从本账号余额划拨给 acme01')
  await expect(dialog.locator('input[name="amount"]')).toBeFocused()
  await page.keyboard.type('100.5')
  await page.keyboard.press('Enter')
  // Both balances, before and after, are named before the money moves.
  const money = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} 元`
  const parentBefore = ((await apiAs(page, '/user/getUserInfo', {})).data as unknown as { userInfo: { authUser: { balance: number } } }).userInfo.authUser.balance
  const subBefore = Number((before.data as unknown as { balance: string }).balance)
  await expect(page.getByRole('dialog').filter({ hasText: '确认划拨' })).toContainText(
    `从本账号划拨 100.500 元 给 acme01。acme01 余额 ${money(subBefore)} → ${money(subBefore + 100.5)}；本账号余额 ${money(parentBefore)} → ${money(parentBefore - 100.5)}`,
  )
  await page.keyboard.press('Enter')
  await expect(page.getByText(`划拨成功，acme01 余额 ${money(subBefore + 100.5)}，本账号余额 ${money(parentBefore - 100.5)}`)).toBeVisible()
  // The parent's own balance, as the console holds it, follows at once: the next transfer dialog shows it.
  const parentAfter = (await apiAs(page, '/user/getUserInfo', {})).data as unknown as { userInfo: { authUser: { balance: number } } }
  await runCommand(page, '划拨充值（当前行）')
  await expect(page.getByRole('dialog')).toContainText(`本账号余额：${parentAfter.userInfo.authUser.balance.toLocaleString('en-US', { minimumFractionDigits: 3 })} 元`)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  const after = await apiAs(page, '/subAccount/detail', { cus_id: 'acme01' })
  const balance = (d: unknown) => Number((d as { balance: string }).balance)
  expect(balance(after.data) - balance(before.data)).toBeCloseTo(100.5, 3)

  await focusRow(page, 'acme01')
  await runCommand(page, '停用（当前行）')
  const confirmDialog = page.getByRole('dialog')
  await expect(confirmDialog).toContainText(`停用账号 acme01（艾克米市场部）？余额 ${money(subBefore + 100.5)} 保留不变`)
  await page.keyboard.press('Enter')
  await expect(page.getByText('账号 acme01 已停用，其登录已全部失效')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: 'acme01' })).toContainText('已关闭')

  // The sub-account's open page is signed out on its next call.
  await subPage.reload()
  await expect(subPage).toHaveURL(/\/sms-cloud\/login/)
  await other.close()

  // Open it again, so the demo data stays as other tests expect it.
  await focusRow(page, 'acme01')
  await runCommand(page, '启用（当前行）')
  // Enter confirms once the question is up (pressed before it, the key went nowhere and acme01 stayed closed for
  // every later test that signs it in).
  await expect(page.getByRole('dialog')).toContainText('启用账号 acme01（艾克米市场部）？')
  await page.keyboard.press('Enter')
  await expect(page.getByText('账号 acme01 已启用')).toBeVisible()
})

test("Enter on a customer's row opens its detail dialog (the list's declared Enter action), Esc gives the row back", async ({ page }) => {
  await signIn(page, 'admin', '/account/customers')
  await focusRow(page, 'globex')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('globex')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toContainText('globex')
})

test("Enter on a sub-account's row opens its detail dialog", async ({ page }) => {
  await signIn(page, 'acme', '/account/sub-accounts')
  await focusRow(page, 'acme01')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('acme01')
})

test("a customer's detail is titled as a customer's and names each product it is granted, with its price", async ({ page }) => {
  await signInSlow(page, 'admin', '/account/customers')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('关键字').fill('acme')
  await page.getByRole('button', { name: '搜索', exact: true }).click()
  const row = gridRows(page).filter({ has: page.locator('[col-id="cus_id"]', { hasText: /^acme$/ }) })
  await expect(row).toBeVisible()
  // Enter on a row opens its detail (the list's enterAction).
  await row.locator('[col-id="cus_id"]').click()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText('客户详情：acme')
  const detail = await apiAs(page, '/customer/customerDetail', { cus_id: 'acme' })
  const products = (detail.data as unknown as { products: { prod_type: number; price: string; name: string }[] }).products
  expect(products.length).toBeGreaterThan(0)
  for (const p of products) await expect(dialog).toContainText(`${p.name} ${p.price}`)
  await expect(dialog).not.toContainText(/(^|[\s,])\d \d+\.\d+/)
})

for (const [who, path, endpoint] of [['admin', '/account/customers', '/customer/list'], ['acme', '/account/sub-accounts', '/user/subAccountList']] as const) {
  test(`the totals row of ${path} shows the server's total balance under the balance column`, async ({ page }) => {
    await signInSlow(page, who, path)
    await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
    const answer = await apiAs(page, endpoint, { pageNumber: 1, pageSize: 20, orderBy: 'create_time', order: 'desc' })
    const total = Number(answer.data.totals?.balance)
    expect(Number.isFinite(total)).toBe(true)
    const cell = page.locator('.ag-row-pinned [col-id="balance"]').first()
    await expect(cell).toBeVisible()
    const shown = Number((await cell.textContent())?.replace(/[^\d.-]/g, ''))
    expect(shown).toBeCloseTo(total, 2)
  })
}

test("a charge whose answer never came says nobody knows whether it went through, and to look before charging again", async ({ page }) => {
  await signIn(page, 'admin', '/account/customers')
  await expect(gridRows(page).first()).toBeVisible()
  await page.route('**/api/customer/customerCharge', (route) => route.abort('connectionreset'))
  await focusRow(page, 'umbrella')
  await runCommand(page, '充值（当前行）')
  await expect(page.getByRole('dialog').locator('input[name="amount"]')).toBeFocused()
  await page.keyboard.type('12')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('button', { name: '确认账户充值 12.000 元' })).toBeFocused()
  await page.keyboard.press('Enter')
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '网络连接失败' })
  await expect(toast.getByTestId('error-detail').locator('span')).toHaveText([
    '没有收到服务器的回答', '不确定这次充值是否已执行：重试前请先查看该客户的充值记录，重复提交会再充一次',
  ])
  // The dialog keeps what was typed.
  await expect(page.getByRole('dialog').locator('input[name="amount"]')).toHaveValue('12')
})
