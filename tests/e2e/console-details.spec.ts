import { expect, test, type Locator, type Page } from '@playwright/test'
import { apiAs, gridRows, signIn } from './helpers'

/*
 * Details a day in the console runs into: where toasts appear, how a list says it failed, what an account's detail
 * names, and what the totals row of the account lists adds up.
 */

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })
/** signIn, waiting longer for the shell when the machine is loaded (its own wait is the default 15 s). */
async function signedIn(page: Page, who: Parameters<typeof signIn>[1]) {
  await signIn(page, who).catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))
}
const rowsShown = (page: Page) => expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })

const box = async (l: Locator) => {
  const b = await l.boundingBox()
  if (!b) throw new Error('not laid out')
  return b
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function expectCovers(toast: Locator, nothingOf: Locator[]) {
  const t = await box(toast)
  for (const l of nothingOf) {
    for (const el of await l.all()) {
      if (!(await el.isVisible())) continue
      expect(overlaps(t, await box(el)), `the toast covers ${await el.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBe(false)
    }
  }
}

test('a toast covers neither the top bar, the tab strip, the breadcrumb, the search panel, the toolbar nor the pager', async ({ page }) => {
  await signedIn(page, 'acme')
  await page.goto('/sms-cloud/account/sub-accounts')
  await rowsShown(page)
  await page.getByRole('button', { name: '重置列' }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '列' }).first()
  await expect(toast).toBeVisible()
  const list = page.locator('[data-list="account.sub-accounts"]')
  await expectCovers(toast, [
    page.getByTestId('topbar'), page.getByTestId('tabs'), page.getByTestId('page-header'),
    list.locator('form').locator('input, select, button'), list.getByRole('button'), list.locator('.ag-header'),
  ])
})

test("a list that fails says so once, in the user's words with what to do, and shows no stale rows as if current", async ({ page }) => {
  await signedIn(page, 'acme')
  await page.goto('/sms-cloud/account/sub-accounts')
  await rowsShown(page)
  // The server breaks: its raw word must not reach the user, and the rows of the page before must not stay shown.
  await page.route('**/api/user/subAccountList', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: 'internal', data: null }) }))
  await page.getByRole('button', { name: '搜索', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: '加载失败' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('服务器暂时无法处理，请稍后重试；若一再出现，请联系管理员')
  await expect(page.locator('main')).not.toContainText('internal')
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  await expect(gridRows(page)).toHaveCount(0)
  // Retry after the server is back shows the rows again.
  await page.unroute('**/api/user/subAccountList')
  await alert.getByRole('button', { name: '重试' }).click()
  await rowsShown(page)
  await expect(alert).toHaveCount(0)
})

test("a customer's detail is titled as a customer's and names each product it is granted, with its price", async ({ page }) => {
  await signedIn(page, 'admin')
  await page.goto('/sms-cloud/account/customers')
  await rowsShown(page)
  await page.getByLabel('关键字').fill('acme')
  await page.getByRole('button', { name: '搜索', exact: true }).click()
  const row = gridRows(page).filter({ has: page.locator('[col-id="cus_id"]', { hasText: /^acme$/ }) })
  await expect(row).toBeVisible()
  // Enter on a row opens its detail (the list's enterAction).
  await row.locator('[col-id="cus_id"]').click()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText('客户详情：acme')
  const detail = await apiAs(page, '/customer/customerDetail', { cus_id: 'acme' })
  const products = (detail.data as unknown as { products: { prod_type: number; price: string; name: string }[] }).products
  expect(products.length).toBeGreaterThan(0)
  for (const p of products) await expect(dialog).toContainText(`${p.name} ${p.price}`)
  await expect(dialog).not.toContainText(/(^|[\s,])\d \d+\.\d+/)
})

for (const [who, path, endpoint] of [['admin', '/account/customers', '/customer/list'], ['acme', '/account/sub-accounts', '/user/subAccountList']] as const) {
  test(`the totals row of ${path} shows the server's total balance under the balance column`, async ({ page }) => {
    await signedIn(page, who)
    await page.goto(`/sms-cloud${path}`)
    await rowsShown(page)
    const answer = await apiAs(page, endpoint, { pageNumber: 1, pageSize: 20, orderBy: 'create_time', order: 'desc' })
    const total = Number(answer.data.totals?.balance)
    expect(Number.isFinite(total)).toBe(true)
    const cell = page.locator('.ag-row-pinned [col-id="balance"]').first()
    await expect(cell).toBeVisible()
    const shown = Number((await cell.textContent())?.replace(/[^\d.-]/g, ''))
    expect(shown).toBeCloseTo(total, 2)
  })
}

test.describe('times, from a browser in New York', () => {
  test.use({ timezoneId: 'America/New_York' })
  const SHANGHAI = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' })

  test("a notice's time is written yyyy-MM-dd HH:mm:ss in the platform's time (Shanghai)", async ({ page }) => {
    await signedIn(page, 'acme')
    await page.getByRole('button', { name: /^通知/ }).click()
    const time = page.locator('time[datetime]').first()
    await expect(time).toBeVisible()
    const at = await time.getAttribute('datetime')
    await expect(time).toHaveText(SHANGHAI.format(new Date(at ?? '')))
  })

  test("a number check named by its time, and the batch list's creation time, say the same time (the platform's)", async ({ page }) => {
    await signedIn(page, 'acme')
    const res = await apiAs(page, '/mobileStatus/onlineCheck', { mobiles: ['13800138000', '13800138001'], idempotency_key: crypto.randomUUID() })
    expect(res.code).toBe(200)
    const name = String((res.data as unknown as { batch_name: string }).batch_name)
    await page.goto('/sms-cloud/number-check/batches')
    const row = gridRows(page).filter({ has: page.locator('[col-id="batch_name"]', { hasText: name }) }).first()
    await expect(row).toBeVisible({ timeout: 60_000 })
    await expect(row.locator('[col-id="create_time"]')).toHaveText(name)
  })
})

test('the contacts import starts in the group just made, not the first by name', async ({ page }) => {
  await signedIn(page, 'acme01')
  const made = await apiAs(page, '/addressBook/addressBookGroupAdd', { group_name: 'zz just made' })
  expect(made.code).toBe(200)
  await page.goto('/sms-cloud/address-book/contacts')
  await rowsShown(page)
  await page.getByRole('button', { name: '导入联系人' }).click()
  await expect(page.getByRole('dialog').locator('[data-testid="ab-import-group"] option:checked')).toHaveText('zz just made')
})
