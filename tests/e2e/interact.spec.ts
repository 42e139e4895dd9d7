import { expect, test, type Page } from '@playwright/test'
import { apiAs, gridRows, openPalette, pasteNumbers, runCommand, signIn } from './helpers'

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/**
 * A same-content send from the bulk send page, by keyboard, with the "insert answer page" tool; the page address
 * the recipient got, read from the sent record.
 */
async function sendInteractive(page: Page, mobile: string): Promise<string> {
  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  await pasteNumbers(page, mobile)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
  await page.getByTestId('send-content').focus()
  await page.keyboard.type('【艾克米】Was your parcel on time? Answer:')
  await expect(page.getByTestId('messages-per-number')).toHaveText('每个号码 1 条')
  await page.getByRole('button', { name: '插入互动页面' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('send-content')).toHaveValue('【艾克米】Was your parcel on time? Answer: {interact}')
  // Counted with the page address in place (about 90 characters with Chinese brackets: two messages).
  await expect(page.getByTestId('messages-per-number')).toHaveText('每个号码 2 条')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').focus()
  await page.keyboard.press('Enter')
  const sent = (await (await reply).json()) as { code: number; msg: string; data: { batch_id: string; messages: number } }
  expect(sent.code, sent.msg).toBe(200)
  expect(sent.data.messages).toBe(2)
  const records = await apiAs(page, '/mtRecord/list', { batch_id: sent.data.batch_id })
  const content = String(records.data.records[0]?.decodeContent ?? '')
  const url = /https?:\/\/[^\s]+\/sms-cloud\/i\/[A-Za-z0-9_-]{22}/.exec(content)?.[0]
  expect(url, content).toBeTruthy()
  return new URL(url!).pathname
}

test('a recipient answers an interactive message on its public page, and the sender finds it in the interaction records', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01')
  const path = await sendInteractive(page, '13912340001')

  // The recipient: another browser, no session, English.
  const recipient = await browser.newContext({ locale: 'en-US' })
  const phone = await recipient.newPage()
  await phone.goto(path)
  await expect(phone.getByTestId('interact-message')).toContainText('Was your parcel on time?')
  await expect(phone.getByText('No answers yet.')).toBeVisible()
  const box = phone.getByRole('textbox', { name: 'Your answer' })
  await expect(box).toBeFocused()
  await phone.keyboard.press('Control+Enter')
  await expect(phone.getByText('Write an answer first')).toBeVisible()
  const answer = `Yes, thanks ${Date.now()}`
  await phone.keyboard.type(answer)
  await phone.keyboard.press('Control+Enter')
  await expect(phone.getByTestId('interact-status')).toHaveText('Your answer was sent')
  await expect(phone.getByTestId('interact-answers')).toContainText(answer)
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('')
  // Nothing of the sending account is on the page.
  await expect(phone.locator('body')).not.toContainText('acme01')
  await recipient.close()

  // An unknown page says so in the visitor's language.
  const stranger = await browser.newContext({ locale: 'en-US' })
  const other = await stranger.newPage()
  await other.goto(`/sms-cloud/i/${'A'.repeat(22)}`)
  await expect(other.getByTestId('interact-error')).toHaveText('This page does not exist or has expired.')
  await stranger.close()

  // The sender: interaction records, opened from the palette.
  const palette = await openPalette(page)
  await page.keyboard.type('交互记录')
  await expect(palette.getByRole('option').first()).toContainText('交互记录')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home-sms\/interact-records/)
  await expect(gridRows(page).filter({ hasText: answer })).toHaveCount(1)
})

test('shorten a link from the palette, copy it, and expand it back with its clicks', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme01')
  const long = `https://shop.example.com/promo/${Date.now()}?from=sms`

  await runCommand(page, '生成短链接')
  await expect(page).toHaveURL(/\/short-link\/tools/)
  const longField = page.locator('input[name="long_url"]')
  await expect(longField).toBeFocused()
  await page.keyboard.type('not a link')
  await page.keyboard.press('Enter')
  await expect(page.getByText('请输入以 http:// 或 https:// 开头的有效链接')).toBeVisible()
  await page.keyboard.press('Control+a')
  await page.keyboard.type(long)
  await page.keyboard.press('Enter')
  const made = page.getByTestId('shorten-result')
  await expect(made.getByTestId('long-url')).toHaveText(long)
  const shortUrl = (await made.getByTestId('short-url').textContent())!
  expect(shortUrl).toMatch(/\/s\/[0-9A-Za-z]{8}$/)
  await expect(made.getByTestId('click-count')).toHaveText('0')

  // Copy by keyboard: Tab from the field passes the Shorten button and the link itself, then reaches "copy short link".
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: '复制短链接' }).first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('已复制')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl)

  // Someone clicks the link from a Windows Chrome.
  const click = await page.request.get(shortUrl, { headers: { 'user-agent': CHROME_WINDOWS }, maxRedirects: 0 })
  expect(click.status()).toBe(302)

  await page.locator('input[name="short_url"]').focus()
  await page.keyboard.type(shortUrl)
  await page.keyboard.press('Enter')
  const back = page.getByTestId('expand-result')
  await expect(back.getByTestId('long-url')).toHaveText(long)
  await expect(back.getByTestId('click-count')).toHaveText('1')
  await expect(back.locator('tbody tr')).toHaveCount(1)
  await expect(back.locator('tbody tr')).toContainText('Windows')
  await expect(back.locator('tbody tr')).toContainText('Chrome')
})
