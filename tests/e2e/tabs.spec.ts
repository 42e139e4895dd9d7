import { expect, test, type Page } from '@playwright/test'
import { expectSlowly, gridRows, openPalette, runCommand, signIn, signInSlow } from './helpers'

/*
 * Tabs: a tab keeps its view (filters, page, scroll, focused cell), many tabs stay reachable (cap, list,
 * keys, palette), and the browser tab's title names the screen and its module. Driven by keyboard.
 */
const focusedRowIndex = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('.ag-row')?.getAttribute('row-index') ?? null)

test('switching back to a tab restores its filters, page, scroll and focused cell', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await screen.locator('[data-field="status"] select').selectOption({ label: '发送成功' })
  const mobile = screen.locator('[data-field="mobile"] input')
  await mobile.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/status=/)
  await expect(gridRows(page).first()).toBeVisible()
  await screen.getByRole('button', { name: '下一页' }).click()
  await expect(page).toHaveURL(/pageNumber=2/)
  await expect(screen.locator('[data-page="2"]')).toBeVisible()

  // Into the grid and down to the 12th row: the grid scrolls and the cell keeps the focus.
  await page.locator('.ag-header-cell').first().focus()
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown')
  await expect.poll(() => focusedRowIndex(page)).toBe('11')

  // On the way to home the list is still drawn for a few frames: none of its fields may take the focus (a key pressed
  // then, such as the Alt+2 below, would go to the field and be lost).
  await page.evaluate(() => {
    const w = window as unknown as { fieldsFocusedAtHome: string[] }
    w.fieldsFocusedAtHome = []
    document.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement
      if (location.pathname.endsWith('/wel/index') && el.matches('input, select, textarea')) w.fieldsFocusedAtHome.push(el.outerHTML.slice(0, 100))
    }, true)
  })
  await page.keyboard.press('Alt+1')
  await expect(page).toHaveURL(/\/wel\/index$/)
  await page.keyboard.press('Alt+2')
  await expect(page).toHaveURL(/\/home-sms\/mt-records\?.*status=/)
  expect(await page.evaluate(() => (window as unknown as { fieldsFocusedAtHome: string[] }).fieldsFocusedAtHome)).toEqual([])
  await expect(page).toHaveURL(/pageNumber=2/)
  await expect(screen.locator('[data-field="status"] select')).toHaveValue(/.+/)
  await expect(screen.locator('[data-page="2"]')).toBeVisible()
  await expect.poll(() => focusedRowIndex(page)).toBe('11')

  // The same through the tab strip with the mouse, and through the sidebar's own entry.
  await page.getByTestId('tab-/wel/index').getByRole('tab').click()
  await page.getByTestId('tab-/home-sms/mt-records').getByRole('tab').click()
  await expect(page).toHaveURL(/status=.*pageNumber=2|pageNumber=2.*status=/)
})

test('many tabs: a cap closes the oldest unpinned, the list and keys reach every tab, titles name the module', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 })
  await signIn(page)
  await runCommand(page, '设置标签数量上限')
  const limit = page.locator('#tab-limit-maxTabs')
  await expect(limit).toBeFocused()
  await limit.fill('99')
  await page.keyboard.press('Enter')
  await expect(page.getByText('范围 3–50').first()).toBeVisible()
  await limit.fill('4')
  await page.keyboard.press('Enter')
  await expect(page.getByText('标签数量上限已设为 4')).toBeVisible()

  const open = async (p: string) => {
    await page.goto(`/sms-cloud${p}`)
    await expect(page.getByTestId(`tab-${p}`)).toHaveAttribute('data-active', 'true')
  }
  for (const p of ['/home-sms/mt-records', '/video-sms/mt-records', '/intl-sms/mt-records', '/info/index', '/info/setting']) await open(p)
  await expect(page).toHaveTitle('个人设置 · 用户中心 · SMS云平台')
  // Home plus four: the first opened (least recently used, not pinned) was closed.
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(5)
  await expect(page.getByTestId('tab-/home-sms/mt-records')).toHaveCount(0)

  // Pin one; it survives further openings and "close others".
  await page.getByTestId('tab-/video-sms/mt-records').click({ button: 'right' })
  await page.getByTestId('tab-pin').click()
  await open('/home-sms/mt-records')
  await open('/info/push-log')
  await expect(page.getByTestId('tab-/video-sms/mt-records')).toHaveAttribute('data-pinned', 'true')
  await expect(page.getByTestId('tab-/intl-sms/mt-records')).toHaveCount(0)
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(5)

  // The list of all tabs names each with its module.
  await page.getByTestId('tab-list').click()
  const menu = page.getByTestId('tab-list-menu')
  await expect(menu.getByRole('menuitem')).toHaveCount(5)
  await expect(menu).toContainText('发送记录 · 视频短信')
  await expect(menu).toContainText('发送记录 · 国内短信')
  await page.keyboard.press('Escape')

  // Next and previous tab keys, wrapping round; Alt+9 is the last tab.
  await page.locator('body').focus()
  await page.keyboard.press('Alt+1')
  await expect(page).toHaveURL(/\/wel\/index/)
  await page.keyboard.press('Alt+PageUp')
  await expect(page).toHaveURL(/\/info\/push-log/)
  await page.keyboard.press('Alt+PageDown')
  await expect(page).toHaveURL(/\/wel\/index/)
  await page.keyboard.press('Alt+9')
  await expect(page).toHaveURL(/\/info\/push-log/)
  // The strip keeps the active tab in view on a narrow window.
  const strip = await page.getByTestId('tabs').boundingBox()
  const active = await page.getByTestId('tab-/info/push-log').boundingBox()
  expect(active!.x + active!.width).toBeLessThanOrEqual(strip!.x + strip!.width + 1)

  // "Switch tab" in the palette tells the two 发送记录 apart by module.
  const palette = await openPalette(page)
  await page.keyboard.type('切换标签')
  await expect(palette.getByRole('option').filter({ hasText: '发送记录 · 视频短信' })).toHaveCount(1)
  await expect(palette.getByRole('option').filter({ hasText: '发送记录 · 国内短信' })).toHaveCount(1)
  await page.keyboard.type(' 视频')
  await expect(palette.getByRole('option').first()).toContainText('发送记录 · 视频短信')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/video-sms\/mt-records/)
  await expect(page).toHaveTitle('发送记录 · 视频短信 · SMS云平台')

  // The ? sheet shows the tab keys.
  await page.locator('body').focus()
  await page.keyboard.press('Shift+?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expect(sheet).toContainText('Alt+PageDown')
  await expect(sheet.getByTestId('sheet-tab-numbers')).toContainText('Alt+9')

  // The tab list and the cap survive a reload.
  await page.reload()
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(5)
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
    await expectSlowly(page.getByTestId(`tab-${path}`)).toHaveAttribute('data-active', 'true')
  }
  const strip = page.getByTestId('tabs')
  await expectSlowly(strip.getByRole('tab')).toHaveCount(13)
  const palette = await openPalette(page)
  await page.keyboard.type('批次统计')
  await expectSlowly(palette.getByRole('option').first()).toContainText('批次统计')
  await page.keyboard.press('Enter')
  const active = page.getByTestId('tab-/home-sms/batch-stats')
  await expectSlowly(active).toHaveAttribute('data-active', 'true')
  await expectSlowly(strip.getByRole('tab')).toHaveCount(13)
  // The strip scrolls the tab into view once it and its neighbours are drawn: measured until it has (a minute at most).
  const placement = async () => {
    const box = (await strip.boundingBox())!
    const tab = (await active.boundingBox())!
    return tab.x < box.x - 1 ? `starts ${Math.round(box.x - tab.x)} px left of the strip`
      : tab.x + tab.width > box.x + box.width + 1 ? `ends ${Math.round(tab.x + tab.width - box.x - box.width)} px right of the strip` : 'in view'
  }
  await expect.poll(placement, { timeout: 60_000 }).toBe('in view')
})
