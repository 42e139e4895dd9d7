import { expect as baseExpect, test, type Page } from '@playwright/test'
import { ACCOUNTS, chooseFiles, gridRows, signInSlow } from './helpers'

// Lazy parts of the console (a dialog's code, the grid) can take long on a busy machine: wait for them up to a minute.
const expect = baseExpect.configure({ timeout: 60_000 })

/*
 * Every dialog has one height limit: the body scrolls between a title and actions that stay in the window, and the
 * actions are never drawn over the body. The sweep opens the console's dialogs (every toolbar and row action of the
 * lists that opens one, the send confirmation, the contacts import with its samples and refused rows, the shell's and
 * the settings' own) at two window sizes and measures: no field or control of the body, as far as the body shows it,
 * may share a pixel with the footer's box.
 */

type Who = keyof typeof ACCOUNTS

/** What a list offers to open: toolbar action ids and the first row's action ids (those that open a dialog). */
interface ListDialogs {
  who: Who
  path: string
  toolbar?: string[]
  row?: string[]
}

const LISTS: ListDialogs[] = [
  { who: 'admin', path: '/account/customers', toolbar: ['add-customer'], row: ['detail', 'charge', 'charge-records', 'storage-quota', 'close'] },
  { who: 'acme', path: '/account/sub-accounts', toolbar: ['add-sub'], row: ['detail', 'transfer', 'close'] },
  { who: 'admin', path: '/crud/index', toolbar: ['add'], row: ['edit', 'delete'] },
  { who: 'acme01', path: '/address-book/groups', toolbar: ['add'], row: ['edit', 'delete'] },
  { who: 'acme01', path: '/address-book/contacts', toolbar: ['add'], row: ['edit', 'delete'] },
  { who: 'acme', path: '/opt-out/list', toolbar: ['add', 'import', 'settings'] },
  { who: 'acme', path: '/home-sms/signatures', toolbar: ['apply'] },
  { who: 'acme', path: '/info/api-keys', toolbar: ['create'] },
  { who: 'admin', path: '/home-sms/templates', row: ['delete'] },
  { who: 'admin', path: '/number-check/ue', toolbar: ['ue-upload'] },
  { who: 'acme', path: '/video-sms/materials', toolbar: ['upload'] },
]

/** Pixels of a control (clipped to what its scrolling ancestors show) that the dialog's footer covers, by control. */
function footerOverlaps(page: Page) {
  return page.evaluate(() => {
    const found: string[] = []
    type Box = { left: number; top: number; right: number; bottom: number }
    const cut = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
    })
    const empty = (b: Box) => b.right - b.left < 1 || b.bottom - b.top < 1
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')) {
      const footer = dialog.querySelector<HTMLElement>('[data-testid="dialog-footer"]')
      if (!footer) continue
      const title = dialog.querySelector('h2')?.textContent?.trim() ?? '?'
      const f = footer.getBoundingClientRect()
      const controls = dialog.querySelectorAll<HTMLElement>(
        'input:not([type="hidden"]), select, textarea, button, a[href], label, tr, [role="checkbox"], [role="radio"], [role="combobox"]',
      )
      for (const el of controls) {
        if (footer.contains(el) || el.contains(footer)) continue
        let box: Box = el.getBoundingClientRect()
        // What the user sees of it: clipped by every scrolling ancestor inside the dialog.
        for (let p = el.parentElement; p && p !== dialog.parentElement; p = p.parentElement) {
          const o = getComputedStyle(p).overflowY
          if (o === 'auto' || o === 'scroll' || o === 'hidden') box = cut(box, p.getBoundingClientRect())
        }
        if (empty(box)) continue
        const hit = cut(box, f)
        if (!empty(hit)) {
          const name = (el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)
          found.push(`${title}: footer over <${el.tagName.toLowerCase()}> "${name}" by ${Math.round(hit.bottom - hit.top)} px`)
        }
      }
    }
    return found
  })
}

/** Measures the open dialog (after its content settled), then closes it with Escape. */
async function measure(page: Page, what: string, problems: string[]) {
  const dialog = page.getByRole('dialog').last()
  await expect(dialog, what).toBeVisible()
  // Content that arrives after the dialog (a detail's fields, a list of records) is what may reach the footer.
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  const found = await footerOverlaps(page)
  problems.push(...found.map((p) => `${what}: ${p}`))
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

/** Runs row action `id` on the first of the first rows where it is enabled (inline, or in the row's "more" menu). */
async function rowAction(page: Page, id: string) {
  const inline = gridRows(page).locator(`button[data-action="${id}"]`)
  if (await inline.count()) {
    const enabled = inline.and(page.locator(':enabled'))
    if (!(await enabled.count())) return false
    await enabled.first().click()
    return true
  }
  const rows = Math.min(await gridRows(page).count(), 6)
  for (let i = 0; i < rows; i++) {
    const more = gridRows(page).nth(i).getByTestId('row-more')
    if (!(await more.count())) return false
    await more.click()
    const item = page.getByRole('menuitem').and(page.locator(`[data-action="${id}"]`))
    await expect(item).toBeVisible()
    if ((await item.getAttribute('data-disabled')) === null && (await item.getAttribute('aria-disabled')) !== 'true') {
      await item.click()
      return true
    }
    await page.keyboard.press('Escape')
    await expect(item).toHaveCount(0)
  }
  return false
}

async function sweepLists(page: Page, problems: string[]) {
  let who: Who | null = null
  for (const l of LISTS) {
    if (l.who !== who) {
      await signInSlow(page, l.who, l.path)
      who = l.who
    } else await page.goto(`/sms-cloud${l.path}`)
    const screen = page.locator('[data-list]:visible')
    await expect(screen.locator('[data-total]'), l.path).toBeVisible()
    for (const id of l.toolbar ?? []) {
      await screen.locator(`[data-toolbar="${id}"]`).click()
      await measure(page, `${l.path} ${id}`, problems)
    }
    for (const id of l.row ?? []) {
      await expect(gridRows(page).first(), l.path).toBeVisible()
      if (await rowAction(page, id)) await measure(page, `${l.path} row ${id}`, problems)
      else problems.push(`${l.path} row ${id}: enabled on none of the first rows (the sweep would not see its dialog)`)
    }
  }
}

async function sweepOthers(page: Page, problems: string[]) {
  // The contacts import with a file read: the column choices, the samples, the counts and the refused rows.
  await signInSlow(page, 'acme01', '/address-book/contacts')
  const screen = page.locator('[data-list]:visible')
  await expect(screen.locator('[data-total]')).toBeVisible()
  await screen.locator('[data-toolbar="import"]').click()
  const dialog = page.getByRole('dialog')
  await chooseFiles(page, () => dialog.getByTestId('ab-import-file').click(), 'tests/fixtures/spreadsheets/contacts-merged.xlsx')
  await expect(dialog.getByTestId('ab-import-sample')).toBeVisible()
  problems.push(...(await footerOverlaps(page)).map((p) => `contacts import, samples: ${p}`))
  await dialog.getByTestId('ab-import-check').click()
  await expect(dialog.getByTestId('ab-import-refused')).toBeVisible()
  await measure(page, 'contacts import, checked', problems)

  // The send confirmation.
  await page.goto('/sms-cloud/home-sms/group-send')
  await page.getByTestId('send-content').fill('【艾克米】对话框')
  await page.getByTestId('numbers-box').fill('13800138401\n13800138402')
  await page.getByTestId('send-content').focus()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('send-summary')).toBeVisible()
  await measure(page, 'send confirmation', problems)

  // The lock dialog and the password asked before the app secret shows.
  await page.getByTestId('lock-button').click()
  await measure(page, 'lock', problems)
  await page.goto('/sms-cloud/info/setting')
  await page.getByTestId('app-secret-reveal').click()
  await measure(page, 'app secret password', problems)
}

for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
  test(`${width}×${height}: no dialog's footer covers a field or control of its body`, async ({ page }) => {
    test.setTimeout(360_000)
    await page.setViewportSize({ width, height })
    const problems: string[] = []
    await sweepLists(page, problems)
    await sweepOthers(page, problems)
    expect(problems).toEqual([])
  })
}

test('1440×900: the new-customer dialog fits, its first field and Save in view; the body scrolls to the last field', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signInSlow(page, 'admin', '/account/customers')
  await page.locator('[data-toolbar="add-customer"]').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(900)
  const first = dialog.locator('input, select, textarea').first()
  await expect(first).toBeFocused()
  await expect(first).toBeInViewport({ ratio: 1 })
  const save = dialog.getByTestId('customer-save')
  await expect(save).toBeInViewport({ ratio: 1 })
  // The last field is reachable: scrolled to, it shows, and Save is still in view.
  const last = dialog.locator('input, select, textarea').last()
  await last.scrollIntoViewIfNeeded()
  await expect(last).toBeInViewport()
  await expect(save).toBeInViewport({ ratio: 1 })
})
