import { expect, test, type Page } from '@playwright/test'
import { CAPTCHA, lastCodeTo } from './helpers'

// acme01 signs in by SMS code in no other browser test; its bound mobile receives the codes.
const USER = 'acme01'
const MOBILE = '13800138001'

/** Holds every captcha answer until `release()`; `hold()` arms it again for the next ones. */
async function holdCaptchas(page: Page) {
  let release: () => void = () => undefined
  let held = Promise.resolve()
  const hold = () => (held = new Promise<void>((resolve) => (release = resolve)))
  hold()
  await page.route('**/api/code/captcha', async (route) => {
    await held
    await route.continue()
  })
  return { hold, release: () => release() }
}

test('SMS sign-in: the code send and the sign-in pressed before their captcha arrived wait for it', async ({ page }) => {
  const captcha = await holdCaptchas(page)
  await page.goto('/sms-cloud/login')
  await page.getByRole('tab', { name: '短信登录' }).click()
  await page.locator('input[name="username"]').fill(USER)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  const before = lastCodeTo(MOBILE)
  await page.getByTestId('send-code').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('captcha')).toHaveCount(0)
  // The send spends that captcha and asks for the next: it is held too, so the sign-in below goes before it arrives.
  captcha.release()
  captcha.hold()
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect.poll(() => lastCodeTo(MOBILE)).not.toBe(before)

  await page.locator('input[name="smsCode"]').fill(lastCodeTo(MOBILE) ?? '')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('captcha')).toHaveCount(0)
  captcha.release()
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await expect(page.getByRole('alert').filter({ hasText: '请求参数有误' })).toHaveCount(0)
})

test('registration: the code send pressed before its captcha arrived waits for it', async ({ page }) => {
  const captcha = await holdCaptchas(page)
  await page.goto('/sms-cloud/login')
  await page.getByRole('tab', { name: '企业注册' }).click()
  await page.locator('input[name="epId"]').fill(`e2e_cap${Date.now() % 100000}`)
  await page.locator('input[name="phone"]').fill('13512347777')
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.getByTestId('send-code').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('captcha')).toHaveCount(0)
  captcha.release()
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect(page.getByText('请求参数有误')).toHaveCount(0)
})
