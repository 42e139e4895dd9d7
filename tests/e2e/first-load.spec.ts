import { expect, test } from '@playwright/test'
import { signIn } from './helpers'

/*
 * First loads: the console's files travel compressed (built once, brotli for Chromium), hashed ones cached for good,
 * and the list engine (AG Grid, most of the console's bytes) is fetched while the user is idle after sign-in rather
 * than when the first list opens.
 */
test('the sign-in page arrives brotli-compressed, its hashed files cached as immutable and the page itself revalidated', async ({ page }) => {
  const scripts: { url: string; headers: Record<string, string> }[] = []
  page.on('response', (r) => {
    if (/\/assets\/.+\.js$/.test(r.url())) scripts.push({ url: r.url(), headers: r.headers() })
  })
  const doc = await page.goto('/sms-cloud/login')
  expect(doc?.headers()['content-encoding']).toBe('br')
  expect(doc?.headers()['cache-control']).toBe('no-cache')
  await expect(page.locator('input[name="username"]')).toBeVisible()
  expect(scripts.length).toBeGreaterThan(3)
  for (const s of scripts) {
    expect(s.headers['cache-control'], s.url).toBe('public, max-age=31536000, immutable')
    // Files under 1 KiB are left as they are (compressing them saves less than a packet).
    if (Number(s.headers['content-length']) < 1024) continue
    expect(s.headers['content-encoding'], s.url).toBe('br')
    expect(s.headers.vary, s.url).toBe('Accept-Encoding')
  }
  expect(scripts.filter((s) => s.headers['content-encoding'] === 'br').length).toBeGreaterThan(3)
  // The sign-in page never pays for the grid.
  expect(scripts.filter((s) => /ListScreen/.test(s.url))).toEqual([])
})

test('after sign-in the list engine is fetched while the user stays on home, and the first list then needs no script', async ({ page }) => {
  test.setTimeout(120_000)
  const engine = page.waitForResponse((r) => /\/assets\/ListScreen-[^/]+\.js$/.test(r.url()), { timeout: 90_000 })
  await signIn(page)
  await expect(page).toHaveURL(/\/wel\/index/)
  expect((await engine).status()).toBe(200)

  const late: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/ListScreen-/.test(r.url())) late.push(r.url())
  })
  // Into the list the way the console's own links go (history and popstate): no reload.
  await page.evaluate(() => {
    history.pushState(history.state, '', '/sms-cloud/recharge/list')
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  })
  await expect(page.locator('.ag-row:not(.ag-row-pinned)').first()).toBeVisible({ timeout: 60_000 })
  expect(late).toEqual([])
})
