import { expect, test } from '@playwright/test'
import { openPalette, signIn } from './helpers'

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
