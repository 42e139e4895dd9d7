import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { apiAs, signInWith, typePasswordStep } from './helpers'

/*
 * Two-factor required by the enterprise: its sub-account, signing in with its password only, is taken through
 * enrolment on the sign-in page (the key shown, the app's first code, the recovery codes shown once) and has no
 * session until it says it kept them; its next sign-in asks for a code. (A fresh database each run: globex01 is
 * signed in by no other browser test.)
 */
const SUB = { username: 'globex01', password: 'Globex01@12345' }
const codeOf = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30 }).generate({ timestamp: at })

test('a sub-account of an enterprise that requires two-factor enrols at its next sign-in, by keyboard', async ({ page }) => {
  await signInWith(page, 'globex', 'Globex@12345')
  const owner = await page.context().storageState()
  expect((await apiAs(page, '/user/twoFactor/policy/set', { required: true })).code).toBe(200)
  try {
    await page.context().clearCookies()
    await typePasswordStep(page, SUB.username, SUB.password)
    const setup = page.getByTestId('two-factor-setup-step')
    const secret = (await setup.getByTestId('two-factor-secret').textContent()) ?? ''
    expect(secret).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/)
    await expect(setup.getByLabel('动态验证码')).toBeFocused()
    await expect(page.getByTestId('topbar')).toHaveCount(0)
    await page.keyboard.type(codeOf(secret, Date.now()))
    await page.keyboard.press('Enter')

    const codes = page.getByTestId('two-factor-setup-codes')
    await expect(codes.getByTestId('two-factor-recovery').locator('li')).toHaveCount(10)
    // No session before the user says the codes are kept.
    await expect(page.getByTestId('topbar')).toHaveCount(0)
    await expect(codes.getByTestId('two-factor-codes-done')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('topbar')).toBeVisible()

    // Enrolled: the next sign-in asks for the app's code after the password.
    await page.context().clearCookies()
    await typePasswordStep(page, SUB.username, SUB.password)
    const step = page.getByTestId('two-factor-step')
    await expect(step.getByLabel('动态验证码')).toBeFocused()
    await page.keyboard.type(codeOf(secret, Date.now() + 30_000))
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('topbar')).toBeVisible()
  } finally {
    await page.context().clearCookies()
    await page.context().addCookies(owner.cookies)
    expect((await apiAs(page, '/user/twoFactor/policy/set', { required: false })).code).toBe(200)
  }
})
