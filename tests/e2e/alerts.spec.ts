import { expect, test, type Page } from '@playwright/test'
import { apiAs, balanceOf, pasteNumbers, signIn, textsTo } from './helpers'

/*
 * Account alerts, by keyboard: a balance warning set on the settings page, crossed by a send (one text to
 * the warning mobile in the carrier's outbox, one notice on the bell, which opens its link); the app secret revealed
 * with the password and rotated after a confirmation. The crossing rules themselves are pinned in
 * server/routes/balance-warn.test.ts.
 */
const WARN_MOBILE = '13912340001'
const PASSWORD = 'Globex@12345'


async function openSettings(page: Page) {
  await page.goto('/sms-cloud/info/setting')
  await expect(page.getByTestId('balance-warn-section')).toBeVisible()
}

/** Templates of the signed-in account the review worker has still to decide (statuses of spec section 4). */
async function undecidedTemplates(page: Page): Promise<number> {
  let n = 0
  for (const [path, field, undecided] of [
    ['/contentTemplate/list', 'check_status', [0]],
    ['/cspTemplate/list', 'template_status', [0, 1, 2, 3]],
    ['/videoTemplate/list', 'status', [0, 1, 5]],
  ] as const) {
    const res = await apiAs(page, path, { current: 1, size: 500, start_time: '2000-01-01' })
    n += res.data.records.filter((r) => (undecided as readonly number[]).includes(Number(r[field]))).length
  }
  return n
}

test('a balance warning crossed by a send texts the warning mobile once and rings the bell', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'globex')
  // The review worker decides globex's seeded pending templates soon after start, each with a notice: wait until it
  // has decided them all, then read those notices, so the bell counts only what this test does.
  await expect.poll(() => undecidedTemplates(page), { timeout: 30_000 }).toBe(0)
  expect((await apiAs(page, '/notice/read', { all: true })).code).toBe(200)
  const balance = await balanceOf(page)
  // Three one-message texts cost 3 × 0.045: the balance goes from just above the threshold to below it.
  const threshold = (balance - 0.05).toFixed(3)

  await openSettings(page)
  const warn = page.getByTestId('balance-warn-section')
  await warn.getByLabel('预警值（元）').focus()
  await page.keyboard.press('Control+A')
  await page.keyboard.type('-1')
  await page.keyboard.press('Enter')
  await expect(warn.getByRole('alert')).toHaveText('请输入不小于 0 的金额')
  await page.keyboard.press('Control+A')
  await page.keyboard.type(threshold)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('balance-warn-mobiles')).toBeFocused()
  await page.keyboard.type(WARN_MOBILE)
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('余额预警已保存')).toBeVisible()

  await expect(page.getByTestId('notice-badge')).toHaveCount(0)
  await page.goto('/sms-cloud/home-sms/group-send')
  await pasteNumbers(page, ['13800138041', '13800138042', '13800138043'].join('\n'))
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('operator-count-mobile')).toContainText('3')
  await page.getByTestId('send-content').focus()
  await page.keyboard.type('【环球】余额预警')
  await page.getByTestId('send-button').click()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  expect(((await (await reply).json()) as { code: number }).code).toBe(200)

  // The bell asks again after the send: one unread notice.
  await expect(page.getByTestId('notice-badge')).toHaveText('1')
  await expect.poll(() => textsTo(WARN_MOBILE).length).toBe(1)
  expect(textsTo(WARN_MOBILE)[0]).toContain('globex')

  // A second send stays below the threshold: no second text, no second notice.
  await pasteNumbers(page, '13800138044')
  await page.getByTestId('send-content').focus()
  await page.keyboard.type('【环球】仍低于预警值')
  await page.getByTestId('send-button').click()
  const again = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  expect(((await (await again).json()) as { code: number }).code).toBe(200)
  await expect(page.getByTestId('notice-badge')).toHaveText('1')
  expect(textsTo(WARN_MOBILE)).toHaveLength(1)

  // By keyboard: open the bell, ↓ to the notice, Enter opens its link and marks it read.
  await page.getByTestId('notice-button').focus()
  await page.keyboard.press('Enter')
  const panel = page.getByTestId('notice-panel')
  await expect(panel.getByTestId('notice-item').filter({ hasText: '余额预警' })).toHaveCount(1)
  await expect(panel.getByTestId('notice-item').first()).toContainText('余额预警')
  await page.keyboard.press('ArrowDown')
  await expect(panel.getByTestId('notice-item').first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/recharge\/list/)
  await expect(page.getByTestId('notice-badge')).toHaveCount(0)
})

test('the app secret is masked, revealed with the password and rotated after a confirmation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'globex')
  await openSettings(page)
  const section = page.getByTestId('app-secret-section')
  const value = section.getByTestId('app-secret-value')
  await expect(value).toHaveText(/^[0-9a-f]{4}•{8}[0-9a-f]{4}$/)

  await section.getByTestId('app-secret-reveal').focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByLabel('登录密码')).toBeFocused()
  // The button says what it does.
  await expect(dialog.getByRole('group', { name: '对话框操作' }).getByRole('button')).toHaveText(['取消', '显示完整密钥'])
  await page.keyboard.type('Wrong@12345')
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('密码错误，请重新输入')
  await page.keyboard.press('Control+A')
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(value).toHaveText(/^[0-9a-f]{64}$/)
  const first = (await value.textContent()) ?? ''

  await section.getByTestId('app-secret-copy').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('已复制到剪贴板')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)

  await section.getByTestId('app-secret-rotate').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toContainText('重置后当前密钥立即失效')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByLabel('登录密码')).toBeFocused()
  await expect(page.getByRole('dialog').getByRole('group', { name: '对话框操作' }).getByRole('button')).toHaveText(['取消', '重置密钥'])
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByText('已重置 AppSecret，旧的立即失效')).toBeVisible()
  await expect(value).toHaveText(/^[0-9a-f]{64}$/)
  expect(await value.textContent()).not.toBe(first)
})
