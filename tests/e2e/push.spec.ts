import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { gridRows, signIn } from './helpers'

/*
 * Report push end to end: a receiver started by the test (on 127.0.0.1, which the server allows because the run
 * sets PUSH_ALLOW_PRIVATE=1, playwright.config.ts) refuses the first push with 500 and accepts the retry. The address is set on the
 * settings page by keyboard, with its confirmation; a send's reports arrive at the receiver and the push log shows
 * the failed attempt and the delivery. Signatures are verified in server/push/push.test.ts.
 */
interface Received {
  headers: IncomingHttpHeaders
  body: { delivery_id: string; account: string; items: { id: string; type: string; mobile: string }[] }
}

let server: Server
let url: string
const got: Received[] = []

test.beforeAll(async () => {
  let calls = 0
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] })
      res.writeHead(calls++ === 0 ? 500 : 200).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/report`
})
test.afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

test('set a push address by keyboard, send, and watch the reports arrive and the push log fill', async ({ page, context }) => {
  test.setTimeout(150_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01', '/info/setting')
  const section = page.getByTestId('push-section')
  await expect(section.getByTestId('push-current')).toHaveText('尚未设置推送地址，状态报告不会推送')
  await section.getByLabel('推送地址').focus()
  // Empty is refused in the form, before any call.
  await page.keyboard.press('Enter')
  await expect(section.getByRole('alert')).toHaveText('推送地址不能为空')
  await page.keyboard.type(url)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`状态报告将推送到 ${url}，确定吗？`)
  await page.keyboard.press('Enter')
  await expect(section.getByTestId('push-current')).toHaveText(`当前推送地址：${url}`)

  await page.goto('/sms-cloud/home-sms/group-send')
  const mobiles = ['13800138031', '13800138032', '13800138033']
  await page.evaluate((t) => navigator.clipboard.writeText(t), mobiles.join('\n'))
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('send-content').focus()
  await page.keyboard.type('【艾克米】推送报告')
  await page.getByTestId('send-button').click()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  expect(((await (await reply).json()) as { code: number }).code).toBe(200)

  // The first push is refused (500), the retry after its backoff (1–2 s here: PUSH_RETRY_FIRST_SECONDS in
  // playwright.config.ts) is accepted: same delivery, same items.
  await expect.poll(() => got.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
  const [first, second] = got
  expect(second.headers['x-sms-delivery-id']).toBe(first.headers['x-sms-delivery-id'])
  expect(second.body.items.map((i) => i.id)).toEqual(first.body.items.map((i) => i.id))
  expect(first.body.account).toBe('acme01')
  expect(first.body.items.filter((i) => i.type === 'report').map((i) => i.mobile).sort()).toEqual(mobiles)
  expect(String(first.headers['x-sms-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/)
  expect(Number(first.headers['x-sms-timestamp'])).toBeGreaterThan(0)

  await page.goto('/sms-cloud/info/push-log')
  const screen = page.locator('[data-list="info.push-log"]')
  await expect(screen.locator('[data-total]')).toBeVisible()
  // Newest first: the delivery, then the refused attempt (the demo's history for acme01 is hours older).
  const row = (i: number) => gridRows(page).and(page.locator(`[row-index="${i}"]`))
  await expect(row(0).locator('[data-status="pushDelivered"]')).toBeVisible()
  await expect(row(1).locator('[data-status="pushRetry"]')).toBeVisible()
  await expect(row(1)).toContainText('HTTP 500')
  await expect(row(1)).toContainText('500')
})

test('the push log shows why an attempt failed in the language of the console', async ({ page }) => {
  await signIn(page, 'acme', '/info/push-log')
  const errorCells = page.locator('.ag-row:not(.ag-row-pinned) [col-id="error"]')
  await expect(errorCells.filter({ hasText: '毫秒内未收到应答（超时）' }).first()).toBeVisible()
  await expect(errorCells.filter({ hasText: '接收方返回 HTTP 500' }).first()).toBeVisible()
  await expect(errorCells.filter({ hasText: /timeout after|refused/ })).toHaveCount(0)

  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  await page.reload()
  await expect(errorCells.filter({ hasText: 'No answer within 10,000 ms (time-out)' }).first()).toBeVisible()
})
