import { expect, test } from '@playwright/test'
import { comboOptions, gridRows, signIn } from './helpers'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })

test("an administrator finds an account by typing in a list's account filter: arrows, Enter picks, Enter again searches; an IME's Enter picks nothing", async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/mt-records').catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toBeVisible({ timeout: 60_000 })
  const combo = screen.locator('[data-field="cus_id"]').getByRole('combobox', { name: '发送账号' })
  await expect(combo).toHaveAttribute('data-value', '')

  // Every account granted the product, the empty choice first.
  await expect.poll(() => comboOptions(page, combo)).toEqual(expect.arrayContaining(['艾克米科技有限公司 (acme)', 'Globex International (globex)', '英尼泰克软件 (initech)']))
  expect((await comboOptions(page, combo))[0]).toBe('请选择账号')

  // Typing narrows the list, by the Chinese name or the id.
  await combo.focus()
  await page.keyboard.type('艾克米')
  const list = page.locator(`[id="${await combo.getAttribute('aria-controls')}"]`)
  const options = list.getByRole('option')
  await expect(options.first()).toHaveText('艾克米科技有限公司 (acme)')
  expect((await options.allTextContents()).every((t) => t.includes('艾克米'))).toBe(true)
  await page.keyboard.press('Control+a')
  await page.keyboard.type('glob')
  await expect(options).toHaveText(['Globex International (globex)', 'Globex Asia (globex01)'])

  // An Enter that ends an input method's composition (pinyin) belongs to the IME: nothing is picked, the list stays.
  await combo.evaluate((el) => {
    el.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }))
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true }))
    el.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '' }))
  })
  await expect(list).toBeVisible()
  await expect(combo).toHaveAttribute('data-value', '')
  await expect(page).not.toHaveURL(/cus_id=/)

  // ↓ moves to the second match, Enter picks it and shuts the list; Enter again searches.
  await page.keyboard.press('ArrowDown')
  await expect(combo).toHaveAttribute('aria-activedescendant', await options.nth(1).getAttribute('id') ?? 'none')
  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(combo).toHaveValue('Globex Asia (globex01)')
  await expect(combo).toHaveAttribute('data-value', 'globex01')
  await expect(page).not.toHaveURL(/cus_id=/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/cus_id=globex01/)
  await expect(gridRows(page).first()).toBeVisible()
  await expect(gridRows(page).first()).toContainText('globex01')

  // The URL restores the choice with its name (a bookmark, a reload).
  await page.reload()
  await expect(combo).toHaveValue('Globex Asia (globex01)', { timeout: 60_000 })
})
