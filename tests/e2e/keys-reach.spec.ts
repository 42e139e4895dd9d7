import { expect as baseExpect, test, type Page } from '@playwright/test'
import { ACCOUNTS, CAPTCHA, gridRows, openPalette, signInSlow } from './helpers'

// Lazy parts of the console (a dialog's code, the grid) can take long on a busy machine: wait for them up to a minute.
const expect = baseExpect.configure({ timeout: 60_000 })

/*
 * Every action by keys: Enter opens a row, a row-actions key opens every action of the row as a menu, the shortcut
 * sheet lists a screen's keys whatever has the focus, buttons name their keys, focus goes back to what opened a
 * dialog, the active tab shows in a full strip, and keys pressed before the console has drawn are not lost.
 */

/** Focuses the first cell of the grid's first row, as a click on it would. */
async function focusFirstRow(page: Page) {
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) .ag-cell').first().click()
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeVisible()
}

test('sent records: content wraps, carrier codes read as words with the code, Enter opens the whole record', async ({ page }) => {
  test.setTimeout(180_000)
  const gridErrors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('AG Grid')) gridErrors.push(m.text())
  })
  await signInSlow(page)
  await page.goto('/sms-cloud/home-sms/mt-records?status=0')
  await focusFirstRow(page)
  // Every grid feature the columns ask for is registered (a missing module is only a console error in a build).
  expect(gridErrors).toEqual([])
  const desc = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) [col-id="report_result_desc"]')
  await expect(desc).toHaveText('已送达（DELIVRD）')
  // The content column shows lines of text, not a handful of characters.
  const content = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) [col-id="decodeContent"]')
  expect((await content.boundingBox())!.width).toBeGreaterThanOrEqual(240)
  const whole = (await content.textContent())!.trim()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('row-detail').locator('[data-field="decodeContent"] dd')).toHaveText(whole)
  await expect(dialog.getByTestId('row-detail').locator('[data-field="report_result_desc"] dd')).toHaveText('已送达（DELIVRD）')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeFocused()
})

test('the row-actions key opens the row\'s actions as a menu; one runs by keys and the focus comes back to the row', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page)
  await page.goto('/sms-cloud/home-sms/batch-stats')
  await focusFirstRow(page)
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem')).toHaveText(['打开', '下载号码'])
  const download = page.waitForEvent('download')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('menuitem', { name: '下载号码' })).toBeFocused()
  await page.keyboard.press('Enter')
  expect((await download).suggestedFilename()).toMatch(/\.(xlsx|csv)$/)
  await expect(menu).toHaveCount(0)
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeFocused()
})

test('the shortcut sheet lists a list\'s row keys whatever has the focus; buttons name their keys', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page)
  await page.goto('/sms-cloud/home-sms/timed-batches')
  await expect(page.getByTestId('list-toolbar')).toBeVisible({ timeout: 60_000 })
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expect(sheet).toBeVisible()
  const pause = sheet.locator('[data-command$=":row:pause"]')
  await expect(pause).toContainText('暂停')
  await expect(pause.locator('kbd').first()).toHaveText('Alt+P')
  await expect(pause).toHaveAttribute('data-available', 'false')
  await expect(sheet.locator('[data-command$=":row-menu"]').locator('kbd').first()).toHaveText('Shift+F10')
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(page.getByTestId('list-toolbar').getByRole('button').filter({ hasText: /导出/ }).first()).toHaveAttribute('title', /\(Ctrl\+Shift\+E\)$/)
  await expect(page.locator('.ag-row [data-action="pause"]').first()).toHaveAttribute('title', '暂停 (Alt+P)')
})

test('focus returns to the button that opened the import dialog when it closes', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page, 'acme01')
  await page.goto('/sms-cloud/address-book/contacts')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  const button = page.locator('[data-toolbar="import"]')
  await button.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible({ timeout: 60_000 })
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(button).toBeFocused()
})

test('with the strip full and the tab cap reached, the tab just opened from the palette is in view', async ({ page }) => {
  test.setTimeout(400_000)
  await page.setViewportSize({ width: 1000, height: 800 })
  await signInSlow(page)
  // Twelve pages besides home (the default cap): opening one more closes the oldest, so the count stays the same.
  const paths = ['/home-sms/mt-records', '/home-sms/send-stats', '/home-sms/templates', '/home-sms/timed-batches', '/intl-sms/mt-records',
    '/intl-sms/send-stats', '/video-sms/mt-records', '/video-sms/send-stats', '/csp-sms/mt-records', '/csp-sms/send-stats', '/info/index', '/info/setting']
  // Opened in the page (as the back button would), not reloaded each time: what is measured is the strip.
  for (const path of paths) {
    await page.evaluate((to) => {
      history.pushState({}, '', `/sms-cloud${to}`)
      dispatchEvent(new PopStateEvent('popstate'))
    }, path)
    await expect(page.getByTestId(`tab-${path}`)).toHaveAttribute('data-active', 'true')
  }
  const strip = page.getByTestId('tabs')
  await expect(strip.getByRole('tab')).toHaveCount(13)
  const palette = await openPalette(page)
  await page.keyboard.type('批次统计')
  await expect(palette.getByRole('option').first()).toContainText('批次统计')
  await page.keyboard.press('Enter')
  const active = page.getByTestId('tab-/home-sms/batch-stats')
  await expect(active).toHaveAttribute('data-active', 'true')
  await expect(strip.getByRole('tab')).toHaveCount(13)
  await page.waitForTimeout(1000)
  const box = (await strip.boundingBox())!
  const tab = (await active.boundingBox())!
  expect(tab.x).toBeGreaterThanOrEqual(box.x - 1)
  expect(tab.x + tab.width).toBeLessThanOrEqual(box.x + box.width + 1)
})

test('keys typed on the login page before it is drawn land in the account field', async ({ page }) => {
  test.setTimeout(180_000)
  // The console's code arrives late (a slow line): the page's first script is there before it.
  await page.route('**/sms-cloud/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2500))
    await route.continue()
  })
  await page.goto('/sms-cloud/login', { waitUntil: 'commit' })
  await page.waitForFunction(() => document.readyState !== 'loading')
  await expect(page.locator('input[name="username"]')).toHaveCount(0)
  await page.keyboard.type('acme')
  const user = page.locator('input[name="username"]')
  await expect(user).toHaveValue('acme', { timeout: 60_000 })
  await expect(user).toBeFocused()
})

test('Ctrl+K pressed right after sign-in, before the shell has drawn, opens the palette', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto('/sms-cloud/login')
  const user = page.locator('input[name="username"]')
  await expect(user).toBeFocused({ timeout: 60_000 })
  await page.keyboard.type(ACCOUNTS.admin.username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(ACCOUNTS.admin.password)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  // The shell's code arrives late, as on a busy line after sign-in.
  await page.route('**/sms-cloud/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500))
    await route.continue()
  })
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+k')
  await expect(page.getByTestId('command-palette')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('topbar')).toBeVisible()
})
