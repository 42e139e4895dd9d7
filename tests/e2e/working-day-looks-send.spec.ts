import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

/* Issue 14, send pages: Send / Preview / Reset stay visible (a sticky bar) while the form scrolls. */
test('the send actions stay on screen while the form scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 560 })
  await signIn(page)
  await page.goto('/sms-cloud/home-sms/group-send')
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
