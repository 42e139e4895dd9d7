import { expect, test, type Locator } from '@playwright/test'
import { expectSlowly, gridRows, openPalette, signIn, signInSlow } from './helpers'

test('palette jumps to a route by pinyin initials and Esc closes it', async ({ page }) => {
  await signIn(page)
  let palette = await openPalette(page)
  await page.keyboard.press('Escape')
  await expect(palette).toBeHidden()

  palette = await openPalette(page)
  await page.keyboard.type('fsjl')
  await expect(palette.getByRole('option').first()).toContainText('发送记录')
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
  await expect(page).toHaveURL(/\/mt-records/)
  await expect(page.locator('[data-testid^="tab-/"][data-testid$="/mt-records"]')).toBeVisible()
})

test('tabs: middle-click closes one, the context menu closes others and all', async ({ page }) => {
  await signIn(page)
  for (const path of ['/info/index', '/info/setting']) {
    await page.goto(`/sms-cloud${path}`)
    await expect(page.getByTestId(`tab-${path}`)).toBeVisible()
  }
  await page.getByTestId('tab-/info/index').click({ button: 'middle' })
  await expect(page.getByTestId('tab-/info/index')).toBeHidden()

  await page.goto('/sms-cloud/info/index')
  await page.getByTestId('tab-/info/index').click({ button: 'right' })
  await page.getByRole('menuitem', { name: '关闭其他' }).click()
  await expect(page.getByTestId('tab-/info/setting')).toBeHidden()
  await expect(page.getByTestId('tab-/wel/index')).toBeVisible()

  await page.getByTestId('tab-/info/index').click({ button: 'right' })
  await page.getByRole('menuitem', { name: '关闭全部' }).click()
  await expect(page.getByTestId('tab-/info/index')).toBeHidden()
  await expect(page).toHaveURL(/\/wel\/index/)
})

test('lock and unlock the screen', async ({ page }) => {
  await signIn(page)
  await page.getByTestId('lock-button').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /确定|锁屏/ }).last().click()
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible()
  await dialog.locator('input[type="password"]').fill('lock-123')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/lock/)
  await page.goto('/sms-cloud/wel/index')
  await expect(page).toHaveURL(/\/lock/)
  await page.locator('input[type="password"]').fill('wrong')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/lock/)
  await page.locator('input[type="password"]').fill('lock-123')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/wel\/index/)
})

test('switching language reloads the console in English', async ({ page }) => {
  await signIn(page)
  await page.getByTestId('lang-switch').click()
  const english = page.getByRole('menuitem', { name: 'English' })
  if (await english.count()) await english.click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByTestId('tab-/wel/index')).toContainText('Home')
})

test('? opens the shortcut sheet listing the palette shortcut', async ({ page }) => {
  await signIn(page)
  await page.locator('body').click()
  await page.keyboard.press('Shift+?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText(/Ctrl\+K|⌘K/)
})

test('a module acme was not granted shows the not-activated warning and does not open', async ({ page }) => {
  await signIn(page, 'acme')
  await page.getByTestId('module-cspSms').click()
  await expect(page.getByText('该产品尚未开通，请提交申请开通')).toBeVisible()
  await expect(page).toHaveURL(/\/wel\/index/)
})

test('the shortcut sheet lists a list\'s row keys whatever has the focus; buttons name their keys', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page, 'admin', '/home-sms/timed-batches')
  await expectSlowly(page.getByTestId('list-toolbar')).toBeVisible({ timeout: 60_000 })
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('?')
  const sheet = page.getByTestId('shortcut-sheet')
  await expectSlowly(sheet).toBeVisible()
  const pause = sheet.locator('[data-command$=":row:pause"]')
  await expectSlowly(pause).toContainText('暂停')
  await expectSlowly(pause.locator('kbd').first()).toHaveText('Alt+P')
  await expectSlowly(pause).toHaveAttribute('data-available', 'false')
  await expectSlowly(sheet.locator('[data-command$=":row-menu"]').locator('kbd').first()).toHaveText('Shift+F10')
  await page.keyboard.press('Escape')
  await expectSlowly(sheet).toHaveCount(0)
  await expectSlowly(page.getByTestId('list-toolbar').getByRole('button').filter({ hasText: /导出/ }).first()).toHaveAttribute('title', /\(Ctrl\+Shift\+E\)$/)
  await expectSlowly(page.locator('.ag-row [data-action="pause"]').first()).toHaveAttribute('title', '暂停 (Alt+P)')
})

const box = async (l: Locator) => {
  const b = await l.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function expectCovers(toast: Locator, nothingOf: Locator[]) {
  const t = await box(toast)
  for (const l of nothingOf) {
    for (const el of await l.all()) {
      if (!(await el.isVisible())) continue
      expect(overlaps(t, await box(el)), `the toast covers ${await el.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(false)
    }
  }
}

test('a toast covers neither the top bar, the tab strip, the breadcrumb, the search panel, the toolbar nor the pager', async ({ page }) => {
  await signInSlow(page, 'acme', '/account/sub-accounts')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: '重置列' }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '列' }).first()
  await expect(toast).toBeVisible()
  const list = page.locator('[data-list="account.sub-accounts"]')
  await expectCovers(toast, [
    page.getByTestId('topbar'), page.getByTestId('tabs'), page.getByTestId('page-header'),
    list.locator('form').locator('input, select, button'), list.getByRole('button'), list.locator('.ag-header'),
  ])
})

test.describe('times, from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' })
  const SHANGHAI = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' })

  test("a notice's time is written yyyy-MM-dd HH:mm:ss in the platform's time (Shanghai)", async ({ page }) => {
    await signInSlow(page, 'acme')
    await page.getByRole('button', { name: /^通知/ }).click()
    const time = page.locator('time[datetime]').first()
    await expect(time).toBeVisible()
    const at = await time.getAttribute('datetime')
    await expect(time).toHaveText(SHANGHAI.format(new Date(at ?? '')))
  })
})

/*
 * Lock: the lock holds in every open tab of the console, the lock screen shows nothing of the page behind
 * it, and unlocking returns each tab to the page it showed.
 */
test('the lock holds in every tab, hides the page and returns each tab to its page', async ({ page, context }) => {
  await signIn(page, 'admin', '/home-sms/templates')
  await expect(page.getByTestId('sidebar')).toBeVisible()

  const other = await context.newPage()
  await other.goto('/sms-cloud/info/index')
  await expect(other.getByTestId('sidebar')).toBeVisible()

  await page.keyboard.press('Alt+l')
  const dialog = page.getByTestId('lock-dialog')
  await expect(dialog).toBeVisible()
  await page.keyboard.type('lock-123')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/lock$/)

  // The other, already open tab follows without any action of its own, and shows nothing of its page.
  await expect(other).toHaveURL(/\/sms-cloud\/lock$/)
  for (const p of [page, other]) {
    await expect(p.locator('input[type="password"]')).toBeFocused()
    await expect(p.getByTestId('sidebar')).toHaveCount(0)
    await expect(p.getByTestId('topbar')).toHaveCount(0)
    await expect(p.locator('[data-sonner-toaster]')).toHaveCount(0)
  }

  // A tab opened while locked, on a deep link, shows the lock screen too.
  const late = await context.newPage()
  await late.goto('/sms-cloud/home-sms/send-stats')
  await expect(late).toHaveURL(/\/sms-cloud\/lock$/)

  // Unlock in one tab: every tab goes back to the page it showed.
  await other.locator('input[type="password"]').fill('wrong')
  await other.keyboard.press('Enter')
  await expect(other).toHaveURL(/\/sms-cloud\/lock$/)
  await other.locator('input[type="password"]').fill('lock-123')
  await other.keyboard.press('Enter')
  await expect(other).toHaveURL(/\/sms-cloud\/info\/index$/)
  await expect(page).toHaveURL(/\/sms-cloud\/home-sms\/templates$/)
  await expect(late).toHaveURL(/\/sms-cloud\/home-sms\/send-stats$/)
  await expect(page.getByTestId('sidebar')).toBeVisible()
})

/* Looks: real icons in the sidebar and module menu, and a page header with title and breadcrumb. */
test('sidebar and module menu draw icons, and the page header names module, group and screen', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/mt-records')
  const sidebar = page.getByTestId('sidebar')
  const entries = sidebar.locator('button[data-path]')
  await expect(entries.first()).toBeVisible()
  const n = await entries.count()
  expect(n).toBeGreaterThan(5)
  // Every entry has a drawn icon (svg), none a letter, and the catalogue's names all have their own drawing.
  await expect(sidebar.locator('button[data-path] svg[data-icon]')).toHaveCount(n)
  await expect(sidebar.locator('svg[data-icon="default"]')).toHaveCount(0)
  await expect(page.getByTestId('module-homeSms').locator('svg[data-icon]')).toHaveCount(1)

  const header = page.getByTestId('page-header')
  await expect(header.locator('li')).toHaveText(['国内短信', '记录查询', '发送记录'])
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('发送记录')
})
