import { expect, test, type Page } from '@playwright/test'
import { gridRows, runCommand, signIn } from './helpers'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })

test('the 5G template editor opens inside the 5G module: same top module, same sidebar, the trail to its list', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/templates').catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('module-cspSms')).toHaveAttribute('aria-current', 'page')

  await runCommand(page, '新建5G消息模板')
  await expect(page).toHaveURL(/\/csp-sms\/templates\/new$/)
  await expect(page.getByTestId('csp-editor').getByRole('heading', { level: 1 })).toHaveText('新建5G消息模板')
  // Still the 5G module: its top button, its sidebar, and where the editor sits (5G消息 > 5G消息模板).
  await expect(page.getByTestId('module-cspSms')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('module-userCenter')).not.toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('complementary').locator('[data-path="/csp-sms/materials"]')).toBeVisible()
  await expectListMarked(page)
  const trail = page.getByTestId('page-trail')
  await expect(trail).toHaveText(/^5G消息\s*5G消息模板$/)
  // One heading for the page: the editor's own.
  await expect(page.locator('#main h1')).toHaveCount(1)

  // A template's detail page too.
  await page.goto('/sms-cloud/csp-sms/templates')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await gridRows(page).first().locator('.ag-cell').nth(1).click()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/csp-sms\/templates\/\d+$/)
  await expect(page.getByTestId('module-cspSms')).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('page-trail')).toHaveText(/^5G消息\s*5G消息模板$/)
  await expectListMarked(page)
})

/** The sidebar marks the list the page belongs to (the 5G templates) as current, and nothing else. */
async function expectListMarked(page: Page) {
  const sidebar = page.getByTestId('sidebar')
  const list = sidebar.locator('[data-path="/csp-sms/templates"]')
  await expect(list).toHaveAttribute('aria-current', 'page')
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1)
  await expect(list).toHaveCSS('font-weight', '600')
  await expect(sidebar.locator('[data-path="/csp-sms/materials"]')).toHaveCSS('font-weight', '400')
}
