import { expect, test, type Page } from '@playwright/test'
import { lastCodeTo, openPalette, signInWith } from './helpers'

// initech is signed in by no other browser test, so changing its password and mobile here disturbs nobody.
const USER = 'initech'
const OLD = 'Initech@12345'
const NEW = 'Chang3d#Initech'

/** Runs a palette command by typing its name and pressing Enter. */
async function command(page: Page, name: string) {
  const palette = await openPalette(page)
  await page.keyboard.type(name)
  await expect(palette.getByRole('option', { name }).first()).toBeVisible()
  await page.keyboard.press('Enter')
}

test('changing the password by keyboard signs the other session out; the new password signs in', async ({ page, browser }) => {
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signInWith(otherPage, USER, OLD)
  await signInWith(page, USER, OLD)

  await command(page, '修改密码')
  await expect(page).toHaveURL(/\/sms-cloud\/info\/setting/)
  await expect(page.locator('#settings-password-oldPassword')).toBeFocused()

  // A weak new password is refused before anything is sent; focus goes to the field at fault.
  await page.keyboard.type(OLD)
  await page.keyboard.press('Tab')
  await page.keyboard.type('weakpass')
  await page.keyboard.press('Tab')
  await page.keyboard.type('weakpass')
  await page.keyboard.press('Enter')
  const newField = page.locator('#settings-password-newPassword')
  await expect(newField).toBeFocused()
  await expect(newField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('settings-password').getByText('密码至少 8 位，且包含大小写字母、数字和特殊字符')).toBeVisible()

  // A wrong old password: the server's refusal marks the old password field.
  await page.locator('#settings-password-oldPassword').fill('Wrong@12345')
  await newField.fill(NEW)
  await page.locator('#settings-password-confirmPassword').fill(NEW)
  await page.keyboard.press('Enter')
  await expect(page.locator('#settings-password-oldPassword')).toBeFocused()
  await expect(page.getByTestId('settings-password').getByText('密码错误，请重新输入')).toBeVisible()

  await page.keyboard.press('Control+a')
  await page.keyboard.type(OLD)
  await page.keyboard.press('Enter')
  await expect(page.getByText('修改密码成功')).toBeVisible()
  await expect(page.locator('#settings-password-oldPassword')).toHaveValue('')

  // This session goes on; the other one is signed out at its next call.
  await page.goto('/sms-cloud/info/index')
  await expect(page.getByTestId('info-screen')).toBeVisible()
  await otherPage.reload()
  await expect(otherPage).toHaveURL(/\/sms-cloud\/login/)
  await other.close()

  await page.context().clearCookies()
  await signInWith(page, USER, NEW)
})

test('binding a mobile by keyboard with the code the carrier sent to it', async ({ page }) => {
  await signInWith(page, USER, NEW)
  await command(page, '绑定手机号')
  const mobile = page.locator('#settings-mobile-mobile')
  await expect(mobile).toBeFocused()
  await expect(page.getByTestId('settings-mobile-current')).toContainText('13700137000')

  await page.keyboard.type('13566667777')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('settings-mobile-send-code')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('验证码已发送')).toBeVisible()
  await expect.poll(() => lastCodeTo('13566667777')).toMatch(/^\d{6}$/)
  const code = lastCodeTo('13566667777') ?? ''

  await page.keyboard.press('Tab')
  await expect(page.locator('#settings-mobile-code')).toBeFocused()
  await page.keyboard.type(code === '000000' ? '000001' : '000000')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('settings-mobile').getByText('短信验证码错误')).toBeVisible()
  await expect(page.locator('#settings-mobile-code')).toBeFocused()

  await page.keyboard.press('Control+a')
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
  await expect(page.getByText('绑定手机号成功')).toBeVisible()
  await expect(page.getByTestId('settings-mobile-current')).toContainText('13566667777')
  await page.goto('/sms-cloud/info/index')
  await expect(page.getByTestId('info-screen')).toContainText('13566667777')
})

test('certification refuses a wrong check character under its field, then is shown masked on the info page', async ({ page }) => {
  await signInWith(page, USER, NEW)
  await page.goto('/sms-cloud/info/setting')
  const id = page.locator('#settings-certification-idNumber')
  await page.locator('#settings-certification-realName').focus()
  await page.keyboard.type('张三')
  await page.keyboard.press('Tab')
  await page.keyboard.type('110105194912310021')
  await page.keyboard.press('Tab')
  await page.keyboard.type('13566667777')
  await page.keyboard.press('Enter')
  await expect(id).toBeFocused()
  await expect(page.getByTestId('settings-certification').getByText('身份证号校验位不正确，请核对')).toBeVisible()
  await page.keyboard.press('End')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('X')
  await page.keyboard.press('Enter')
  await expect(page.getByText('实名认证信息已保存')).toBeVisible()
  await expect(page.getByTestId('settings-certification-current')).toContainText('110105**********2X')
  await page.goto('/sms-cloud/info/index')
  await expect(page.getByTestId('info-certification')).toContainText('张三 · 110105**********2X')
})
