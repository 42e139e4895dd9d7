import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

/*
 * The numbers box as people type into it: numbers count as they are typed (no "read" button), Send uses the latest
 * count even before the typing pause, the batch id lands where focus goes, and the box is two Tabs from the content.
 */
async function openSend(page: import('@playwright/test').Page) {
  await signIn(page, 'acme01', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
}

test('typed numbers count as they are typed and Send counts the last one typed', async ({ page }) => {
  await openSend(page)
  await page.getByTestId('send-content').fill('【艾克米】输入号码即计数')
  const box = page.getByTestId('numbers-box')
  await box.focus()
  await page.keyboard.type('13800138301\n13800138302')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByRole('button', { name: '识别输入的号码' })).toHaveCount(0)

  // The third number and the shortcut at once: Send does not wait for the typing pause, it counts first.
  await page.keyboard.type(',13800138303')
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').first()).toHaveText('3')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')

  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string } }
  expect(body.code).toBe(200)
  // The batch id is where focus is (announced), with a link to the batch's records; the box is empty again.
  const result = page.getByTestId('send-result')
  await expect(result).toBeFocused()
  await expect(result).toHaveAttribute('role', 'status')
  await expect(result).toContainText(body.data.batch_id)
  await expect(box).toHaveValue('')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('send-result-link')).toBeFocused()
  await page.keyboard.press('Enter')
  // The result leads to the batch's own page.
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${body.data.batch_id}$`))
})

test('a number still being typed is not listed as invalid at a pause; leaving the box judges it', async ({ page }) => {
  await openSend(page)
  const box = page.getByTestId('numbers-box')
  await box.focus()
  await page.keyboard.type('13800138321\n1380013')
  // Past the typing pause: the whole first number is counted, the half-typed one is neither valid nor invalid yet.
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
  await page.waitForTimeout(600)
  await expect(page.getByTestId('count-total')).toHaveText('共 1 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 0 个')
  await expect(page.getByTestId('download-invalid')).toHaveCount(0)
  // Leaving the box ends the typing: the number is judged as it stands.
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  await expect(page.getByTestId('download-invalid')).toBeVisible()
  // A number no digit can make valid any more (a landline) is listed while typing.
  await box.focus()
  await page.keyboard.press('End')
  await page.keyboard.type('\n02088887777')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 2 个')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
})

test('Tab goes from the numbers box to the content in two steps; the tools move by arrow keys', async ({ page }) => {
  await openSend(page)
  const box = page.getByTestId('numbers-box')
  await box.focus()
  await page.keyboard.type('13800138311')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
  await page.keyboard.press('Tab')
  const file = page.getByRole('button', { name: '导入 txt / csv / xls / xlsx 文件' })
  await expect(file).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(file).not.toBeFocused()
  const tools = page.getByRole('toolbar', { name: '号码来源' })
  await expect(tools.locator('button:focus')).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('send-content')).toBeFocused()
  // Back again: Shift+Tab enters the toolbar at the button used last, then the box.
  await page.keyboard.press('Shift+Tab')
  await expect(tools.locator('button:focus')).toHaveCount(1)
  await expect(file).not.toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(box).toBeFocused()
  // The content's tools are still reached by Tab, after the content: the signature first, then the buttons.
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('signature-select')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-testid="group-send"] section').nth(1).locator('button:focus')).toHaveCount(1)
})

test('nothing of the form shows through the sticky send bar', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 560 })
  await openSend(page)
  const bar = page.getByTestId('send-actions')
  const main = page.locator('#main')
  await main.evaluate((m) => m.scrollTo(0, 120))
  const look = await bar.evaluate((el) => {
    const s = getComputedStyle(el)
    // rgba(r, g, b, a), or color(srgb r g b / a) and oklab(l a b / a) for a mixed colour; no alpha is opaque.
    const m = /(?:rgba\(.*,|\/)\s*([\d.]+)\)$/.exec(s.backgroundColor)
    return { background: s.backgroundColor, alpha: m ? Number(m[1]) : 1 }
  })
  expect(look.alpha, look.background).toBe(1)
  // The bar ends where the scrolling area ends: no strip below it where the form passes.
  const b = (await bar.boundingBox())!
  const m = (await main.boundingBox())!
  expect(Math.abs(b.y + b.height - (m.y + m.height))).toBeLessThanOrEqual(1)
})
