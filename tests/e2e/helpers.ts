import { expect, type Page } from '@playwright/test'

/** The captcha the test server accepts (SMS_CAPTCHA_FIXED in playwright.config.ts). */
export const CAPTCHA = 'TEST'

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@12345' },
  acme: { username: 'acme', password: 'Acme@12345' },
  acme01: { username: 'acme01', password: 'Acme01@12345' },
} as const

/** Signs in through the login form using only the keyboard, and waits for the home tab. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS = 'admin') {
  const { username, password } = ACCOUNTS[who]
  await page.goto('/sms-cloud/login')
  const user = page.locator('input[name="username"]')
  await expect(user).toBeFocused()
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.locator('input[name="code"]').focus()
  await page.keyboard.type(CAPTCHA)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await expect(page.getByTestId('topbar')).toBeVisible()
}

export async function openPalette(page: Page) {
  await page.keyboard.press('Control+k')
  const palette = page.getByTestId('command-palette')
  await expect(palette).toBeVisible()
  return palette
}
