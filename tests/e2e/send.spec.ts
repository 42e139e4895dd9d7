import { expect, test, type Page } from '@playwright/test'
import { apiAs, balanceOf, CAPTCHA, draftSaved, focusedElement, gridRows, openPalette, pasteNumbers, signIn } from './helpers'

const COUNT = 100_000
/** COUNT distinct valid numbers, one a line, plus two invalid entries and one duplicate. */
const LIST = Array.from({ length: COUNT }, (_, i) => String(13_700_000_000 + i)).join('\n') + '\n12345\n0551123456\n13700000000\n'

async function openSend(page: Page) {
  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

// First in the file: the carrier simulator reports the oldest waiting records first (20,000 every ~3 s), so after the
// 100,000-number send below a new batch's reports would queue behind it for a while.
test('sent records go from waiting for a report to a final status', async ({ page }) => {
  await signIn(page, 'acme01')
  await openSend(page)
  const mobiles = ['13800138011', '13800138012', '13800138013', '13800138014']
  await pasteNumbers(page, mobiles.join('\n'))
  await expect(page.getByTestId('count-valid')).toHaveText('有效 4 个')
  await page.getByTestId('send-content').fill('【艾克米】状态报告')
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string } }
  expect(body.code).toBe(200)
  const batch = body.data.batch_id

  await page.goto('/sms-cloud/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toBeVisible()
  const panel = screen.getByRole('form', { name: '筛选条件' })
  await panel.locator('[data-field="batch_id"] input').fill(batch)
  await panel.getByRole('button', { name: '搜索' }).click()
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', String(mobiles.length))
  const statuses = screen.locator('.ag-row:not(.ag-row-pinned) [col-id="mt_status"]')
  await expect(statuses).toHaveCount(mobiles.length)
  const FINAL = ['发送成功', '发送失败', '状态报告超时']
  const first = (await statuses.allTextContents()).map((t) => t.trim())
  // Reports come at least 3 s after the send; a slow page load may already see some of them.
  for (const t of first) expect(['等待状态报告', ...FINAL]).toContain(t)

  // Search again with the same filters asks the server again: that is how a user watches the reports arrive.
  await expect.poll(() => new URL(page.url()).searchParams.get('batch_id')).toBe(batch)
  await expect
    .poll(async () => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/mtRecord/list'))
      await panel.getByRole('button', { name: '搜索' }).click()
      await answered
      await expect(statuses).toHaveCount(mobiles.length)
      return (await statuses.allTextContents()).map((t) => t.trim()).every((t) => FINAL.includes(t))
    }, { timeout: 20_000, intervals: [500] })
    .toBe(true)
})

test('100,000 pasted numbers are counted, sent, and the batch shows in the batch statistics', async ({ page }) => {
  await signIn(page)
  await openSend(page)
  await pasteNumbers(page, LIST)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 100,000 个')
  await expect(page.getByTestId('count-total')).toHaveText('共 100,003 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 2 个')
  await expect(page.getByTestId('invalid-samples')).toContainText('0551123456')
  await expect(page.getByTestId('numbers-box')).toHaveValue('')

  await page.getByTestId('send-content').fill('【云短信】端到端群发')
  await expect(page.getByTestId('total-messages')).toHaveText('合计 100,000 条')
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary).toContainText('100,000')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number } }
  expect(body.code).toBe(200)
  expect(body.data.numbers).toBe(COUNT)
  await expect(page.getByTestId('send-result')).toContainText(body.data.batch_id)
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
  await draftSaved(page, 'group', { fields: { content: '草稿内容' }, timed: true, time })

  await page.reload()
  await expect(page.getByTestId('send-content')).toHaveValue('草稿内容')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  await expect(page.getByTestId('timed-time')).toHaveValue(time)

  // A big list (its bytes stored as a Blob in the draft) survives too, every number of it.
  const many = Array.from({ length: 20_000 }, (_, i) => `137${String(i).padStart(8, '0')}`).join('\n')
  await pasteNumbers(page, many)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 20,002 个')
  await page.getByTestId('send-content').fill('草稿内容，改过')
  await draftSaved(page, 'group', { fields: { content: '草稿内容，改过' } })
  await page.reload()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 20,002 个')
  await expect(page.getByTestId('send-content')).toHaveValue('草稿内容，改过')
  // The restored bytes hold the whole list: the last number pasted again is a duplicate, not a new number.
  await pasteNumbers(page, '13700019999')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 20,002 个')
})

test('preview shows the first messages as recipients will see them', async ({ page }) => {
  await signIn(page)
  await openSend(page)
  await pasteNumbers(page, '13800138000,13900139000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('预览内容')
  // The cost shows at once at the account's price (0.045 a message), before any preview.
  await expect(page.getByTestId('estimated-cost')).toHaveText('预计费用 0.090 元')
  await page.getByTestId('preview-button').click()
  const messages = page.getByTestId('preview-messages').locator('li')
  await expect(messages).toHaveCount(2)
  await expect(messages.first()).toContainText('13800138000')
  await expect(messages.first()).toContainText('预览内容')
  await expect(page.getByTestId('estimated-cost')).toBeVisible()
})

/** Signs in as a demo account that helpers.ts does not list (password pattern `Name@12345`). */
async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/sms-cloud/login')
  await page.locator('input[name="username"]').fill(username)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await expect(page.getByTestId('topbar')).toBeVisible()
}

async function batchTotal(page: Page) {
  const res = await apiAs(page, '/dataGathering/batchList', { pageNumber: 1, pageSize: 1 })
  expect(res.code).toBe(200)
  return res.data.total
}

test('a send the balance cannot cover is refused with 余额不足 and stores nothing', async ({ page }) => {
  // initech01 has 900 in the seed; 30,000 numbers × 0.045 per message = 1,350.
  await signInAs(page, 'initech01', 'Initech01@12345')
  const balance = await balanceOf(page)
  expect(balance).toBe(900)
  const batches = await batchTotal(page)
  await openSend(page)
  const n = 30_000
  await pasteNumbers(page, Array.from({ length: n }, (_, i) => String(13_600_000_000 + i)).join('\n'))
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(n).toLocaleString('en-US')} 个`)
  await page.getByTestId('send-content').fill('【英尼泰克】余额不足')
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toContainText('30,000')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const res = await reply
  expect(res.status()).toBe(400)
  await expect(page.getByText('余额不足', { exact: true })).toBeVisible()
  // Nothing sent: the composed numbers stay, the balance and the batch list are unchanged.
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(n).toLocaleString('en-US')} 个`)
  expect(await balanceOf(page)).toBe(balance)
  expect(await batchTotal(page)).toBe(batches)
})

test('a timed send shows in the timed batches and can be paused', async ({ page }) => {
  await signIn(page, 'acme01')
  await openSend(page)
  await pasteNumbers(page, '13800138000\n13900139000\n13700137000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('send-content').fill('【艾克米】定时发送')
  await page.getByTestId('timed-toggle').check()
  await page.getByRole('button', { name: '1 小时后' }).click()
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; timed: boolean } }
  expect(body.code).toBe(200)
  expect(body.data.timed).toBe(true)
  const batch = body.data.batch_id
  await expect(page.getByTestId('send-result')).toContainText(`已提交定时发送，批次号 ${batch}`)

  // The toast leads to the timed batch: the list opens filtered by its id (the filter shows it).
  await page.getByRole('button', { name: '查看定时批次' }).click()
  const screen = page.locator('[data-list="home-sms.timed-batches"]')
  const panel = screen.getByRole('form', { name: '筛选条件' })
  await expect(panel.locator('[data-field="time_batch"] input')).toHaveValue(batch)
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '1')
  const row = gridRows(page).first()
  await expect(row.locator('[col-id="time_batch"]')).toHaveText(batch)
  await expect(row.locator('[col-id="send_status"]')).toHaveText('待发送')
  await row.locator('[data-action="pause"]').click()
  await expect(page.getByText('暂停成功')).toBeVisible()
  await expect(row.locator('[col-id="send_status"]')).toHaveText('已暂停')
})

test('while a send is submitted the dialog says so and cannot be dismissed', async ({ page }) => {
  await signIn(page, 'acme01')
  await openSend(page)
  await pasteNumbers(page, '13800138021\n13800138022')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('【艾克米】提交中')
  // The reply is held back until the test has looked at the dialog.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/api/user/groupSend', async (route) => {
    await held
    await route.continue()
  })
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  await expect(page.getByTestId('send-submitting')).toHaveCount(0)
  await page.getByTestId('confirm-send').click()
  await expect(page.getByTestId('send-submitting')).toHaveText('正在提交 2 个号码，大批量需要一些时间，请勿关闭页面')
  await expect(page.getByRole('button', { name: '取消' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('send-summary')).toBeVisible()
  release()
  await expect(page.getByTestId('send-summary')).toBeHidden()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')
  // The success toast leads to the batch's page.
  await page.getByRole('button', { name: '查看批次' }).click()
  await expect(page).toHaveURL(/\/home-sms\/batch\/B\d+$/)
  await expect(page.getByTestId('batch-figure-submitted').locator('dd')).toHaveText('2')
})

test('from anywhere, the palette opens the batch just sent', async ({ page }) => {
  await signIn(page, 'acme01')
  await openSend(page)
  await pasteNumbers(page, '13800138041')
  await page.getByTestId('send-content').fill('【艾克米】面板查看批次')
  // Before any send there is no such command.
  let palette = await openPalette(page)
  await page.keyboard.type('刚发送的批次')
  await expect(palette.getByRole('option', { name: /刚发送的批次/ })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.keyboard.press('Enter')
  const batch = ((await (await reply).json()) as { data: { batch_id: string } }).data.batch_id
  // A reload keeps it (the tab's session).
  await page.goto('/sms-cloud/wel/index')
  await expect(page.getByTestId('tab-/wel/index')).toBeVisible()
  palette = await openPalette(page)
  await page.keyboard.type('刚发送的批次')
  await expect(palette.getByRole('option').first()).toContainText(`查看刚发送的批次 ${batch}`)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${batch}$`))
  await expect(page.getByTestId('batch-figure-submitted').locator('dd')).toHaveText('1')
})

test('after a send the focus is on its result, and the result opens the batch page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  await pasteNumbers(page, '13800138021\n13800138022')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await page.getByTestId('send-content').fill('【艾克米】焦点')
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  await page.getByTestId('confirm-send').click()
  // Focus lands on the result (its batch id announced); the link to the batch's page is the next Tab.
  await expect.poll(() => focusedElement(page)).toMatchObject({ testId: 'send-result' })
  await page.keyboard.press('Tab')
  await expect.poll(() => focusedElement(page)).toMatchObject({ text: '查看批次' })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home-sms\/batch\/B\d+$/)
})

/* Send pages: Send / Preview / Reset stay visible (a sticky bar) while the form scrolls. */
test('the send actions stay on screen while the form scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 560 })
  await signIn(page, 'admin', '/home-sms/group-send')
  const send = page.getByTestId('send-button')
  await expect(send).toBeVisible()
  const main = page.locator('#main')
  // The form is taller than the screen here; at the top and at the bottom the bar is inside the visible area.
  expect(await main.evaluate((m) => m.scrollHeight > m.clientHeight)).toBe(true)
  for (const top of [0, 10_000]) {
    await main.evaluate((m, y) => m.scrollTo(0, y), top)
    const box = (await send.boundingBox())!
    const view = (await main.boundingBox())!
    expect(box.y).toBeGreaterThanOrEqual(view.y)
    expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height + 1)
    await expect(page.getByTestId('preview-button')).toBeInViewport()
  }
})

/*
 * The numbers box: Send with no recipients puts the error on the box (outlined, described, focused) as
 * the content's is; after pastes and typed numbers the box shows the first numbers the worker kept (de-duplicated
 * across sources), and the confirmation counts the same figure as the page.
 */
test('the numbers box: its error on Send, a sample of what was read, one count with the confirmation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01', '/home-sms/group-send')
  const box = page.getByTestId('numbers-box')
  const content = page.getByTestId('send-content')
  await content.fill('工作日提醒')
  await content.press('Control+Enter')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('numbers-problem')).toHaveText('有效号码数量须大于 0')
  await expect(box).toHaveAccessibleDescription('有效号码数量须大于 0')
  await expect(box).toBeFocused()
  await expect(content).toHaveValue('工作日提醒')
  await expect(page.getByTestId('numbers-sample')).toHaveCount(0)

  // Two pastes that share a number, then typed numbers repeating both: seven distinct valid numbers in all.
  await pasteNumbers(page, 'abc\n13800138201\n13800138202\n13800138201')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByTestId('numbers-sample')).toContainText('13800138201, 13800138202')
  // Valid numbers take the box's error back at once.
  await expect(page.getByTestId('numbers-problem')).toHaveCount(0)
  await expect(box).not.toHaveAttribute('aria-invalid', 'true')
  await pasteNumbers(page, '13800138202 13800138203,13800138204')
  // Typed numbers count as they are typed, after the pastes.
  await box.fill('13800138204\n13800138205\n13800138206\n13800138207\n13800138201')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 7 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 4 个')
  await expect(page.getByTestId('numbers-sample')).toHaveText(
    '已识别的前几个号码： 13800138201, 13800138202, 13800138203, 13800138204, 13800138205 等，另有 2 个')

  await content.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').first()).toHaveText('7')
  await expect(page.getByTestId('confirm-send')).toContainText('7')
  await page.keyboard.press('Escape')
  await expect(summary).toHaveCount(0)
  await expect(box).not.toHaveAttribute('aria-invalid', 'true')
})

test('a message marked as marketing says at once whether it carries a refusal instruction', async ({ page }) => {
  await signIn(page, 'acme01')
  await openSend(page)
  await page.getByTestId('send-content').fill('【艾克米】双十二全场五折')
  const hint = page.getByTestId('marketing-hint')
  await page.getByTestId('send-content').press('Tab')
  // By keyboard: Tab from the editor passes the tools to the check box, Space checks it.
  const mark = page.getByTestId('marketing-mark')
  while (!(await mark.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(mark).toBeChecked()
  // The hours marketing messages go in follow: the platform's default, as acme has no narrower rule of its own.
  const hours = ' 营销时段 08:00–21:00（北京时间），时段外发送转为定时批次。'
  await expect(hint).toHaveText(`营销短信须含退订方式，如“回T退订”或“拒收请回复R”，否则不能发送。${hours}`)
  await page.getByTestId('send-content').fill('【艾克米】双十二全场五折，回T退订')
  await expect(hint).toHaveText(`已包含退订方式。${hours}`)
})

test('a server failure during a send says its status, its request id, that nothing was charged and that a retry is safe; the retry reuses the key', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/group-send')
  await page.getByTestId('send-content').fill('【艾克米】服务器出错后重试')
  await page.getByTestId('numbers-box').fill('13800138501\n13800138502')
  const keys: string[] = []
  let failed = false
  await page.route('**/api/user/groupSend', async (route) => {
    keys.push(/"idempotency_key":"([^"]+)"/.exec(route.request().postData() ?? '')?.[1] ?? '')
    if (failed) return route.fallback()
    failed = true
    await route.fulfill({
      status: 500, contentType: 'application/json', headers: { 'X-Request-Id': 'e2e-send-500' },
      body: JSON.stringify({ code: 500, msg: '未知错误', data: null }),
    })
  })
  const before = await balanceOf(page)
  await page.getByTestId('send-button').click()
  await page.getByTestId('confirm-send').click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '未知错误' })
  await expect(toast.getByTestId('error-detail').locator('span')).toHaveText([
    '服务器回答 HTTP 500',
    '请求编号：e2e-send-500（联系客服时请提供）',
    '这次发送没有执行：没有扣费，没有生成批次',
    '可以放心重试：这次发送带有幂等键，服务器已处理过的发送只会回答原来的批次，不会重复发送或扣费',
  ])
  // The confirmation stays for the retry, which the server takes, with the same key.
  await expect(page.getByTestId('send-content')).toHaveValue('【艾克米】服务器出错后重试')
  await page.getByTestId('confirm-send').click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '发送成功，批次号' }).first()).toBeVisible()
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  expect(await balanceOf(page)).toBeLessThan(before)
})

test.describe('times, from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' })

  test('a timed send is typed as yyyy-MM-dd HH:mm Beijing time, confirmed with its zone and sent as that instant', async ({ page }) => {
    await signIn(page, 'acme01')
    await openSend(page)
    await pasteNumbers(page, '13800138031')
    await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
    await page.getByTestId('send-content').fill('【艾克米】定时发送，北京时间')
    await page.getByTestId('timed-toggle').check()
    const field = page.getByTestId('timed-time')
    await expect(page.getByTestId('timed-zone')).toHaveText('北京时间（UTC+8）')
    // A text that is no time is said on leaving the field and kept as typed.
    await field.fill('2026-13-01 10:00')
    await field.press('Tab')
    await expect(page.getByRole('alert').filter({ hasText: '年-月-日 时:分' })).toBeVisible()
    await expect(field).toHaveValue('2026-13-01 10:00')
    // Two hours from now, on the Shanghai clock (New York is 12 or 13 hours behind it).
    const at = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 60_000) * 60_000)
    const shanghai = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(at)
    await field.fill(shanghai)
    await expect(page.getByRole('alert').filter({ hasText: '年-月-日 时:分' })).toHaveCount(0)
    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('send-summary')).toContainText(`${shanghai}:00 北京时间（UTC+8）`)
    const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
    await page.getByTestId('confirm-send').click()
    const body = (await (await reply).json()) as { code: number; data: { batch_id: string; timed: boolean } }
    expect(body.data.timed).toBe(true)
    // The batch is timed for the instant typed: the timed batches list (platform time) shows the same minute.
    await page.getByRole('button', { name: '查看定时批次' }).click()
    const row = gridRows(page).first()
    await expect(row.locator('[col-id="time_batch"]')).toHaveText(body.data.batch_id)
    await expect(row.locator('[col-id="timing_time"]')).toHaveText(`${shanghai}:00`)
  })
})
