import { expect, test } from '@playwright/test'
import { apiAs, gridRows, signIn } from './helpers'

const MOBILES = ['13812340001', '13812340002', '13812340003']
const LONG_URL = 'https://shop.example.com/promo/double11?from=e2e'
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a link send gives each number a short link whose click the short-link list shows', async ({ page, baseURL }) => {
  await signIn(page, 'acme', '/home-sms/link-send')
  await expect(page.getByTestId('link-send')).toBeVisible()

  await page.evaluate((t) => navigator.clipboard.writeText(t), MOBILES.join('\n'))
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')

  const url = page.getByTestId('link-long-url')
  await url.fill('ftp://shop.example.com')
  await expect(page.getByText('请输入以 http:// 或 https:// 开头的有效链接')).toBeVisible()
  await url.fill(LONG_URL)
  await expect(page.getByText('请输入以 http:// 或 https:// 开头的有效链接')).toHaveCount(0)

  // The short link's real length is counted: the example is this server's origin plus /s/ and 8 characters.
  const origin = new URL(baseURL!).origin
  await expect(page.getByTestId('link-example')).toContainText(`${origin}/s/`)
  const content = page.getByTestId('send-content')
  await content.fill('【艾克米】双十一会员日，点击 领取优惠券')
  await content.press('End')
  for (let i = 0; i < ' 领取优惠券'.length; i++) await content.press('ArrowLeft')
  await page.getByTestId('insert-link').click()
  await expect(content).toHaveValue('【艾克米】双十一会员日，点击{link} 领取优惠券')
  // The insert is the editor's own edit: Ctrl+Z takes it back and Ctrl+Shift+Z puts it again, the caret after it.
  await page.keyboard.press('Control+Z')
  await expect(content).toHaveValue('【艾克米】双十一会员日，点击 领取优惠券')
  await page.keyboard.press('Control+Shift+Z')
  await expect(content).toHaveValue('【艾克米】双十一会员日，点击{link} 领取优惠券')
  await page.getByTestId('insert-link').click()
  // Typed on at once: the caret is after the marker from the click's own task.
  await page.keyboard.type('，')
  await expect(content).toHaveValue('【艾克米】双十一会员日，点击{link}{link}， 领取优惠券')
  for (let i = 0; i < '{link}，'.length; i++) await page.keyboard.press('Backspace')
  await expect(content).toHaveValue('【艾克米】双十一会员日，点击{link} 领取优惠券')
  await expect(page.getByTestId('messages-per-number')).toHaveText('每个号码 1 条')
  await expect(page.getByTestId('total-messages')).toHaveText('合计 3 条')

  await content.focus()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/shortChainTool/smsLinkGroupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number } }
  expect(body).toMatchObject({ code: 200, data: { numbers: 3 } })

  // The record's message carries its short link; opening it redirects to the long URL and records the click.
  const records = await apiAs(page, '/shortChainTool/list', { pageNumber: 1, pageSize: 20, mobile: MOBILES[1] })
  expect(records.data.records).toHaveLength(1)
  const sent = String(records.data.records[0].decodeContent)
  const code = /\/s\/([0-9A-Za-z]{8}) 领取优惠券$/.exec(sent)?.[1]
  expect(code).toBeTruthy()
  const click = await page.request.get(`/s/${code}`, { headers: { 'User-Agent': CHROME_WINDOWS }, maxRedirects: 0 })
  expect(click.status()).toBe(302)
  expect(click.headers().location).toBe(LONG_URL)
  expect((await page.request.get('/s/Zz9Zz9Zz', { maxRedirects: 0 })).status()).toBe(404)

  await page.goto(`/sms-cloud/home-sms/short-link-records?mobile=${MOBILES[1]}`)
  const screen = page.locator('[data-list="home-sms.short-link-records"]')
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '1')
  const row = gridRows(page).first()
  await expect(row.locator('[col-id="clicked"]')).toHaveText('已点击')
  await expect(row.locator('[col-id="osystem"]')).toHaveText('Windows')
  await expect(row.locator('[col-id="browser"]')).toHaveText('Chrome')
  await expect(row.locator('[col-id="mtLonglink"]')).toHaveText(LONG_URL)
})
