import { expect, test } from '@playwright/test'
import { ACCOUNTS, CAPTCHA, expectSlowly, gridRows, openPalette, signIn } from './helpers'

/*
 * The command palette: Ctrl+K reaches it from anywhere (a grid row with the focus, a shell still drawing), and it finds
 * pages and actions.
 */

test('Ctrl+K opens the palette while a grid row has the keyboard focus, on every kind of list', async ({ page }) => {
  await signIn(page, 'acme')
  // A plain list, one with a checkbox column, one whose Enter opens a dialog, one with a pinned totals row.
  for (const path of ['/home-sms/templates', '/address-book/contacts', '/account/sub-accounts', '/home-sms/batch-stats']) {
    await page.goto(`/sms-cloud${path}`)
    await expect(gridRows(page).first()).toBeVisible()
    await page.locator('.ag-header-cell').first().focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.locator('.ag-row:has(.ag-cell-focus)')).toHaveCount(1)
    await openPalette(page)
    await expect(page.getByTestId('command-palette').getByRole('combobox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('command-palette')).toHaveCount(0)
  }
})

test('Ctrl+K pressed right after sign-in, before the shell has drawn, opens the palette', async ({ page }) => {
  test.setTimeout(180_000)
  await page.goto('/sms-cloud/login')
  const user = page.locator('input[name="username"]')
  await expectSlowly(user).toBeFocused({ timeout: 60_000 })
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
  await expectSlowly(page.getByTestId('command-palette')).toBeVisible({ timeout: 60_000 })
  await expectSlowly(page.getByTestId('topbar')).toBeVisible()
})
