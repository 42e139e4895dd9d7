import { expect, test, type Page } from '@playwright/test'
import { ACCOUNTS, CAPTCHA, draftSaved, expectSlowly, signIn } from './helpers'

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

/** Console errors and uncaught exceptions of the page, but the browser's own line for a refused request (the 401). */
function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/** A composed send, kept as its draft. */
async function composeSend(page: Page, content: string) {
  await signIn(page, 'acme', '/home-sms/group-send')
  await page.getByTestId('send-content').fill(content)
  await page.getByTestId('numbers-box').fill('13800138401\n13800138402')
  await draftSaved(page, 'group', { fields: { content, marketing: false } })
}

/** Signs in again on the sign-in page the console left the user on (its address names the page to come back to). */
async function signInAgain(page: Page) {
  await page.locator('input[name="username"]').fill(ACCOUNTS.acme.username)
  await page.locator('input[name="password"]').fill(ACCOUNTS.acme.password)
  await page.locator('input[name="code"]').fill(CAPTCHA)
  await page.keyboard.press('Enter')
}

test('a send after the session was ended elsewhere: the sign-in page says why, the draft comes back after sign-in, no React error', async ({ page }) => {
  test.setTimeout(180_000)
  const errors = consoleErrors(page)
  const content = '【艾克米】会话在别处结束'
  await composeSend(page, content)
  // Signed out on another device: the token is revoked on the server.
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')!.value
  expect((await page.request.post('/api/user/logout', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` }, data: {} })).status()).toBe(200)

  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  await expectSlowly(page).toHaveURL(/\/sms-cloud\/login\?redirect=%2Fhome-sms%2Fgroup-send/)
  await expect(page.getByTestId('session-ended')).toHaveText('登录已在别处退出或被撤销（退出登录、修改密码），请重新登录')
  // Nothing is offered before anyone has signed in.
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('已恢复上次未发送的内容')).toHaveCount(0)

  await signInAgain(page)
  await expectSlowly(page).toHaveURL(/\/sms-cloud\/home-sms\/group-send/)
  await expect(page.getByText('已恢复上次未发送的内容')).toBeVisible()
  await expect(page.getByTestId('send-content')).toHaveValue(content)
  expect(errors).toEqual([])
})

test('a session whose time ran out ends on the sign-in page with that reason, once, without a React error', async ({ page }) => {
  test.setTimeout(180_000)
  const errors = consoleErrors(page)
  await composeSend(page, '【艾克米】会话过期')
  // The token's cookie lives as long as the session: gone, the session has expired on this machine.
  await page.context().clearCookies({ name: 'Authorization' })
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  await expectSlowly(page).toHaveURL(/\/sms-cloud\/login/)
  await expect(page.getByTestId('session-ended')).toHaveText('登录已过期，请重新登录')
  await page.waitForLoadState('networkidle')
  await expect(page.getByText('已恢复上次未发送的内容')).toHaveCount(0)
  await expect(page.getByText('页面出错了')).toHaveCount(0)
  expect(errors).toEqual([])
})
