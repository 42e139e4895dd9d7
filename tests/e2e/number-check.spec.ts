import { expect, test } from '@playwright/test'
import { apiAs, balanceOf, gridRows, openPalette, signIn, signInSlow } from './helpers'

/** The balance as the check screens write it: grouped thousands, three decimals ("100,000.000"). */
const money3 = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

// 20 distinct mobiles, one of them twice, and a line that is no mobile.
const MOBILES = Array.from({ length: 20 }, (_, i) => `1390013${String(9100 + i)}`)
const PASTE = [...MOBILES, MOBILES[3], '12345'].join('\n')
const PRICE = 0.005 // the demo accounts' number-check price (server/seed/accounts.ts)

test('an online check by keyboard: paste, count and cost, confirm, the states, the balance debited, then send to the live numbers', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme', '/number-check/online')
  const before = await balanceOf(page)
  const box = page.getByTestId('check-box')
  await expect(box).toBeFocused()
  await page.evaluate((t) => navigator.clipboard.writeText(t), PASTE)
  await page.keyboard.press('Control+V')

  await expect(page.getByTestId('check-valid')).toHaveText('待检测号码：20')
  await expect(page.getByTestId('check-summary')).toContainText('重复：1')
  await expect(page.getByTestId('check-summary')).toContainText('非手机号：1')
  await expect(page.getByTestId('check-cost')).toHaveText(`费用：${(20 * PRICE).toFixed(3)} 元`)
  await expect(page.getByTestId('check-balance')).toHaveText(`余额：${money3(before)} 元`)

  // Tab to the button, Enter, and Enter again on the confirmation's "check and pay" (focused first).
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: '检测号码' })).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('将检测 20 个号码，费用 0.100 元。')
  await expect(dialog.getByRole('button', { name: '检测并扣费' })).toBeFocused()
  await page.keyboard.press('Enter')

  const result = page.getByTestId('check-result')
  await expect(result).toBeVisible()
  await expect(page.getByTestId('check-result-cost')).toContainText(`已检测 20 个号码，费用 ${(20 * PRICE).toFixed(3)} 元`)
  await expect(page.getByTestId('check-numbers').locator('tbody tr')).toHaveCount(20)
  expect(await balanceOf(page)).toBeCloseTo(before - 20 * PRICE, 3)
  await expect(page.getByTestId('check-result-cost')).toContainText(`余额：${money3(before - 20 * PRICE)} 元`)

  // The states shown are the server's, and add up to the 20 numbers.
  let shown = 0
  for (const s of ['real', 'dead', 'down', 'not', 'silence', 'danger']) shown += Number(await page.getByTestId(`check-count-${s}`).locator('span').textContent())
  expect(shown).toBe(20)
  const list = await apiAs(page, '/mobileStatus/list', { pageSize: 20 })
  const batch = list.data.records[0]
  expect(batch.batch_count).toBe(20)
  const live = ((await apiAs(page, '/mobileStatus/batchNumbers', { id: batch.id, state: 'real' })).data.records as unknown as { mobile: string }[]).map((r) => r.mobile)
  await expect(page.getByTestId('check-count-real').locator('span')).toHaveText(String(live.length))

  // "Send to the live numbers" opens the bulk send page with the real numbers as its recipients.
  // Focus starts at the result's heading; the next Tab reaches the action.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: '发送给实号' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/home-sms\/group-send/)
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${live.length} 个`)
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 0 个')
})

test('a finished check in the check batches list: its row action sends to its live numbers, from the palette', async ({ page }) => {
  await signIn(page, 'acme')
  const mobiles = Array.from({ length: 30 }, (_, i) => `1370013${String(7100 + i)}`)
  const made = await apiAs(page, '/mobileStatus/onlineCheck', { mobiles, batch_name: 'E2E live', idempotency_key: crypto.randomUUID() })
  expect(made.code).toBe(200)
  const real = (made.data as unknown as { counts: { real: number } }).counts.real

  await page.goto('/sms-cloud/number-check/batches')
  await expect(gridRows(page).filter({ hasText: 'E2E live' })).toHaveCount(1)
  // Into the grid's header, then ↓ to the newest batch (the list opens newest first).
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toContainText('E2E live')
  const palette = await openPalette(page)
  await page.keyboard.type('发送给实号')
  await expect(palette.getByRole('option').first()).toContainText('发送给实号')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/home-sms\/group-send/)
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${real} 个`)
})

test('the number status statistics fit at 1400 px: every figure and its total shows whole, in both languages', async ({ page }) => {
  await signIn(page)
  for (const locale of ['zh-CN', 'en']) {
    await page.evaluate((l) => localStorage.setItem('sms.locale', l), locale)
    await page.goto('/sms-cloud/number-check/status-stats')
    const total = page.locator('.ag-row-pinned')
    await expect(total.locator('[col-id="danger_count"]')).toHaveText(/^\d[\d,]*$/)
    const fit = await page.evaluate(() => {
      const scroll = document.querySelector('.ag-body-horizontal-scroll-viewport') as HTMLElement
      // What the body shows: up to the vertical scrollbar.
      const bar = document.querySelector('.ag-body-vertical-scroll')?.getBoundingClientRect()
      const right = bar && bar.width > 0 ? bar.left : document.querySelector('.ag-root')!.getBoundingClientRect().right
      const cells = Array.from(document.querySelectorAll('.ag-row-pinned .ag-cell, .ag-row[row-index="0"]:not(.ag-row-pinned) .ag-cell')) as HTMLElement[]
      return {
        scrolls: scroll.scrollWidth > scroll.clientWidth + 1,
        cut: cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.getAttribute('col-id')),
        beyond: cells.filter((c) => c.getBoundingClientRect().right > right + 1).map((c) => c.getAttribute('col-id')),
      }
    })
    expect(fit, locale).toMatchObject({ scrolls: false, cut: [], beyond: [] })
  }
})

test.describe('times, from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' })

  test("a number check named by its time, and the batch list's creation time, say the same time (the platform's)", async ({ page }) => {
    await signInSlow(page, 'acme')
    const res = await apiAs(page, '/mobileStatus/onlineCheck', { mobiles: ['13800138000', '13800138001'], idempotency_key: crypto.randomUUID() })
    expect(res.code).toBe(200)
    const name = String((res.data as unknown as { batch_name: string }).batch_name)
    await page.goto('/sms-cloud/number-check/batches')
    const row = gridRows(page).filter({ has: page.locator('[col-id="batch_name"]', { hasText: name }) }).first()
    await expect(row).toBeVisible({ timeout: 60_000 })
    await expect(row.locator('[col-id="create_time"]')).toHaveText(name)
  })
})
