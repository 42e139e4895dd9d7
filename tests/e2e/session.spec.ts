import { expect, test } from '@playwright/test'
import { ACCOUNTS, CAPTCHA, expectSlowly, signIn } from './helpers'

test('signs in by keyboard and lands on the home tab', async ({ page }) => {
  await signIn(page)
  await expect(page.getByTestId('tab-/wel/index')).toBeVisible()
  await expect(page.getByTestId('sidebar')).toBeVisible()
})

test('Enter pressed before the captcha image has arrived waits for it and signs in', async ({ page }) => {
  // The captcha answer is held until the form has been sent: a slow server, a fast typist.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/code/captcha', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/sms-cloud/login')
  await page.locator('input[name="username"]').fill(ACCOUNTS.admin.username)
  await page.locator('input[name="password"]').fill(ACCOUNTS.admin.password)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('captcha')).toHaveCount(0)
  release()
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await expect(page.getByRole('alert').filter({ hasText: '请求参数有误' })).toHaveCount(0)
})

test('a wrong captcha is refused with a message and the form keeps what was typed', async ({ page }) => {
  await page.goto('/sms-cloud/login')
  await page.locator('input[name="username"]').fill(ACCOUNTS.admin.username)
  await page.locator('input[name="password"]').fill(ACCOUNTS.admin.password)
  await page.locator('input[name="code"]').fill('ZZZZ')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.locator('input[name="username"]')).toHaveValue(ACCOUNTS.admin.username)
})

test('the password leaves the page encrypted', async ({ page }) => {
  await page.goto('/sms-cloud/login')
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/login'))
  await page.locator('input[name="username"]').fill('admin')
  await page.locator('input[name="password"]').fill(ACCOUNTS.admin.password)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.keyboard.press('Enter')
  const body = (await sent).postDataJSON() as { password: string }
  expect(body.password).not.toContain(ACCOUNTS.admin.password)
  expect(body.password.length).toBeGreaterThan(100)
})

test('a revoked token sends the user back to /login', async ({ page }) => {
  await signIn(page)
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value
  expect(token).toBeTruthy()
  const res = await page.request.post('/api/user/logout', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token!)}` },
    data: {},
  })
  expect(res.status()).toBe(200)
  await page.reload()
  await expect(page).toHaveURL(/\/sms-cloud\/login/)
})

test('deep links survive a refresh and unknown routes go to /404', async ({ page }) => {
  await signIn(page, 'admin', '/info/index')
  await expect(page.getByTestId('tab-/info/index')).toBeVisible()
  await page.reload()
  await expect(page).toHaveURL(/\/sms-cloud\/info\/index/)
  await expect(page.getByTestId('tab-/info/index')).toBeVisible()
  await page.goto('/sms-cloud/no/such/screen')
  await expect(page).toHaveURL(/\/sms-cloud\/404/)
})

test('/login while signed in goes home; / redirects to the console', async ({ page }) => {
  await signIn(page, 'admin', '/login')
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/sms-cloud\//)
})

test('the SMS and registration tabs spend a captcha on the code send and show a fresh one', async ({ page }) => {
  await page.goto('/sms-cloud/login')
  await page.getByRole('tab', { name: '短信登录' }).click()
  const image = page.getByTestId('captcha')
  const first = await image.getAttribute('src')
  await page.locator('input[name="username"]').fill('acme02')
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.getByTestId('send-code').click()
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect(page.locator('input[name="code"]')).toHaveValue('')
  await expect(image).not.toHaveAttribute('src', first ?? '')

  await page.getByRole('tab', { name: '企业注册' }).click()
  await page.locator('input[name="epId"]').fill('e2e_reg')
  await page.locator('input[name="phone"]').fill('13512348888')
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.getByTestId('send-code').click()
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect(page.locator('input[name="code"]')).toHaveValue('')
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
  await expectSlowly(page.locator('input[name="username"]')).toHaveCount(0)
  await page.keyboard.type('acme')
  const user = page.locator('input[name="username"]')
  await expectSlowly(user).toHaveValue('acme', { timeout: 60_000 })
  await expectSlowly(user).toBeFocused()
})
