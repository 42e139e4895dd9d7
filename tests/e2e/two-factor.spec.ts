import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { typePasswordStep } from './helpers'

/*
 * Two-factor sign-in by keyboard: turned on in personal settings (the key scanned or typed into an app, whose code
 * the test computes as the app would), the recovery codes shown once, a sign-in through the second step with one of
 * them, and turned off with the password and a code.
 */
const WHO = { username: 'initech01', password: 'Initech01@12345' }
/** The app's code for `secret` at `at` (RFC 6238, as Microsoft or Google Authenticator computes it). */
const codeOf = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 }).generate({ timestamp: at })

const passwordStep = (page: import('@playwright/test').Page) => typePasswordStep(page, WHO.username, WHO.password)

test('two-factor sign-in: turned on in settings, signed in with a recovery code, turned off with the password and a code', async ({ page }) => {
  await passwordStep(page)
  await expect(page.getByTestId('topbar')).toBeVisible()
  await page.goto('/sms-cloud/info/setting#settings-two-factor-section')
  const section = page.getByTestId('two-factor-section')
  await expect(section.getByTestId('two-factor-status')).toHaveText('未开启')
  await section.getByTestId('two-factor-enable').focus()
  await page.keyboard.press('Enter')

  const dialog = page.getByRole('dialog', { name: '开启两步验证' })
  await expect(dialog.getByRole('img', { name: '两步验证密钥的二维码' })).toBeVisible()
  const secret = (await dialog.getByTestId('two-factor-secret').textContent()) ?? ''
  expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
  await expect(dialog.getByLabel('动态验证码')).toBeFocused()
  // A wrong code is refused on its field, and the dialog stays.
  const now = Date.now()
  await page.keyboard.type(codeOf(secret, now) === '000000' ? '000001' : '000000')
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('alert')).toHaveText('动态验证码错误或已使用')
  await page.keyboard.press('Control+a')
  await page.keyboard.type(codeOf(secret, Date.now()))
  await page.keyboard.press('Enter')

  const codes = page.getByRole('dialog', { name: '保存恢复码' })
  await expect(codes.getByTestId('two-factor-recovery').locator('li')).toHaveCount(10)
  const recovery = await codes.getByTestId('two-factor-recovery').locator('li').allTextContents()
  await expect(codes.getByTestId('two-factor-codes-done')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(codes).toBeHidden()
  await expect(section.getByTestId('two-factor-status')).toHaveText('已开启，剩余恢复码 10 个')

  try {
    // Signed out, the password alone is not enough: the second step asks for a code.
    await page.context().clearCookies()
    await passwordStep(page)
    const step = page.getByTestId('two-factor-step')
    await expect(step.getByLabel('动态验证码')).toBeFocused()
    await expect(page.getByTestId('topbar')).toHaveCount(0)
    await page.keyboard.type(recovery[0].toUpperCase())
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('topbar')).toBeVisible()
    await page.goto('/sms-cloud/info/setting#settings-two-factor-section')
    await expect(section.getByTestId('two-factor-status')).toHaveText('已开启，剩余恢复码 9 个')
  } finally {
    // Off again with the password and the app's next code (the one that turned it on is used), for the other runs.
    await section.getByTestId('two-factor-disable').click()
    const off = page.getByRole('dialog', { name: '关闭两步验证' })
    await expect(off.getByLabel('登录密码')).toBeFocused()
    await page.keyboard.type(WHO.password)
    await page.keyboard.press('Tab')
    await page.keyboard.type(codeOf(secret, Date.now() + 30_000))
    await page.keyboard.press('Enter')
    await expect(off).toBeHidden()
    await expect(section.getByTestId('two-factor-status')).toHaveText('未开启')
  }
})
