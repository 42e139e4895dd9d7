import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { signIn } from './helpers'

/*
 * Every menu screen opened directly in both languages (one title, in the language,
 * no error page, no console error, every button and field named), translated push errors, the danger style of
 * destructive toolbar actions, the template status words of spec section 4 and the totals row at 1400 px.
 */
const leaves = (entries: readonly CatalogEntry[]): CatalogEntry[] => entries.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]))
const screens = [...new Map(Object.values(MENU_CATALOG).flatMap(leaves).map((e) => [e.path, e])).values()]
const CJK = /[\u4e00-\u9fff]/
// With SCREENS_DIR set (a folder outside the repository), every screen is also saved as a picture, in each language
// and (Chinese) in the dark theme, for a person to look at. The suite leaves it unset: three pictures per screen
// (100–1,300 ms each, measured) cost every run, and nobody looks at them there.
const OUT = process.env.SCREENS_DIR

async function shoot(page: Page, variant: string, path: string) {
  if (!OUT) return
  mkdirSync(`${OUT}/${variant}`, { recursive: true })
  await page.screenshot({ path: `${OUT}/${variant}/${path.slice(1).replaceAll('/', '_') || 'root'}.png`, animations: 'disabled' })
}

/** Buttons, links and form fields without an accessible name (an axe-like check of what the keyboard reaches). */
function unnamed(page: Page) {
  return page.evaluate(() => {
    const named = (el: Element) => {
      const h = el as HTMLElement
      const by = h.getAttribute('aria-labelledby')
      const labelled = by && by.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())
      const input = el as HTMLInputElement
      const forLabel = input.labels && Array.from(input.labels).some((l) => l.textContent?.trim())
      return !!(h.getAttribute('aria-label')?.trim() || labelled || forLabel || h.getAttribute('title')?.trim() ||
        (el.tagName === 'BUTTON' || el.tagName === 'A' ? h.textContent?.trim() : '') || h.getAttribute('placeholder')?.trim())
    }
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed'
    return Array.from(document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button]'))
      .filter((el) => visible(el) && !el.closest('[aria-hidden=true]') && !named(el))
      .map((el) => `${el.tagName.toLowerCase()}.${(el as HTMLElement).className.toString().slice(0, 60)} ${el.outerHTML.slice(0, 120)}`)
  })
}

/** Plain buttons without a type: inside a form they would submit it. */
const untyped = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('form button:not([type])')).map((b) => b.outerHTML.slice(0, 120)))

/**
 * Pages walking the screens side by side, in one signed-in context: each screen still opens directly, by its address, in one of
 * them, and the time one page waits for the network to go quiet another spends rendering.
 */
const LANES = 3

for (const locale of ['zh-CN', 'en'] as const) {
  test(`every menu screen opened directly in ${locale}: one title in the language, no error page or console error, named controls`, async ({ page, context }) => {
    test.setTimeout(600_000)
    expect(screens.length).toBeGreaterThan(40)
    const problems: string[] = []
    const errors: string[] = []
    const listen = (lane: Page) => {
      lane.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${lane.url()}: ${m.text()}`)
      })
      lane.on('pageerror', (e) => errors.push(`${lane.url()}: ${e.message}`))
      return lane
    }
    await signIn(listen(page))
    if (locale === 'en') await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
    const walk = async (lane: Page, mine: CatalogEntry[]) => {
      for (const s of mine) {
        const title = locale === 'en' ? s.labelEn : s.label
        await lane.goto(`/sms-cloud${s.path}`)
        const h1 = lane.getByTestId('page-header').getByRole('heading', { level: 1 })
        await expect(h1, s.path).toHaveText(title)
        await lane.waitForLoadState('networkidle')
        await expect(lane.getByText(/出错了|Something went wrong/), s.path).toHaveCount(0)
        if (locale === 'zh-CN') expect(title, s.path).toMatch(CJK)
        // The title once: the page header's h1 is the only heading that repeats it, and the only h1.
        const repeated = await lane.getByRole('heading', { name: title, exact: true }).count()
        if (repeated !== 1) problems.push(`${s.path}: the title is ${repeated} headings`)
        const h1s = await lane.locator('h1').allTextContents()
        if (h1s.length !== 1) problems.push(`${s.path}: h1 ${JSON.stringify(h1s)}`)
        for (const u of await unnamed(lane)) problems.push(`${s.path}: unnamed ${u}`)
        for (const u of await untyped(lane)) problems.push(`${s.path}: untyped ${u}`)
        await shoot(lane, locale === 'en' ? 'en' : 'zh', s.path)
        if (locale === 'zh-CN' && OUT) {
          await lane.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
          await shoot(lane, 'dark', s.path)
        }
      }
    }
    const lanes = [page, ...(await Promise.all(Array.from({ length: LANES - 1 }, async () => listen(await context.newPage()))))]
    await Promise.all(lanes.map((lane, i) => walk(lane, screens.filter((_, j) => j % LANES === i))))
    expect(problems.sort()).toEqual([])
    expect(errors).toEqual([])
  })
}

test('the push log shows why an attempt failed in the language of the console', async ({ page }) => {
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/info/push-log')
  const errorCells = page.locator('.ag-row:not(.ag-row-pinned) [col-id="error"]')
  await expect(errorCells.filter({ hasText: '毫秒内未收到应答（超时）' }).first()).toBeVisible()
  await expect(errorCells.filter({ hasText: '接收方返回 HTTP 500' }).first()).toBeVisible()
  await expect(errorCells.filter({ hasText: /timeout after|refused/ })).toHaveCount(0)

  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  await page.reload()
  await expect(errorCells.filter({ hasText: 'No answer within 10,000 ms (time-out)' }).first()).toBeVisible()
})

test('a dialog\'s answer buttons are a named group of named buttons, reached by keyboard', async ({ page }) => {
  await signIn(page)
  await page.getByTestId('lock-button').focus()
  await page.keyboard.press('Enter')
  const footer = page.getByRole('dialog').getByRole('group', { name: '对话框操作' })
  await expect(footer.getByRole('button')).toHaveText(['取消', '锁屏'])
  await expect(footer.getByRole('button', { name: '取消' })).toHaveAttribute('type', 'button')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Opened without a Radix trigger: the shared dialog gives focus back to the button that opened it.
  await expect(page.getByTestId('lock-button')).toBeFocused()
})

test('a destructive toolbar action has the danger style, never the primary one', async ({ page }) => {
  await signIn(page)
  for (const path of ['/csp-sms/materials', '/address-book/contacts']) {
    await page.goto(`/sms-cloud${path}`)
    const toolbar = page.getByTestId('list-toolbar')
    await expect(toolbar.locator('[data-toolbar="delete-checked"]')).toHaveAttribute('data-variant', 'danger')
    await expect(toolbar.locator('[data-variant="primary"]')).toHaveCount(1)
    await expect(toolbar.locator('[data-variant="primary"]')).not.toHaveAttribute('data-toolbar', 'delete-checked')
  }
})

test('template statuses read as spec section 4 says, in both languages', async ({ page }) => {
  await signIn(page)
  const optionsOf = async (path: string, field: string) => {
    await page.goto(`/sms-cloud${path}`)
    const select = page.locator(`[data-field="${field}"] select`)
    await expect(select).toBeVisible()
    return (await select.locator('option').allTextContents()).filter((t) => t.trim() !== '' && !/全部|All/.test(t))
  }
  expect(await optionsOf('/home-sms/templates', 'check_status')).toEqual(['待审核', '审核通过', '审核驳回'])
  expect(await optionsOf('/video-sms/templates', 'status')).toEqual(['待审核', '审核中', '审核通过', '审核驳回', '已删除'])
  expect(await optionsOf('/csp-sms/templates', 'template_status')).toEqual(['待审核', '审核中', '审核通过', '审核驳回'])
  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  expect(await optionsOf('/video-sms/templates', 'status')).toEqual(['Pending review', 'In review', 'Approved', 'Rejected', 'Deleted'])
  expect(await optionsOf('/csp-sms/templates', 'template_status')).toEqual(['Pending review', 'In review', 'Approved', 'Rejected'])
})

test('the number status statistics fit at 1400 px: every figure and its total shows whole, in both languages', async ({ page }) => {
  await signIn(page)
  for (const locale of ['zh-CN', 'en']) {
    await page.evaluate((l) => localStorage.setItem('sms.locale', l), locale)
    await page.goto('/sms-cloud/number-check/status-stats')
    const total = page.locator('.ag-row-pinned')
    await expect(total.locator('[col-id="danger_count"]')).toHaveText(/^\d[\d,]*$/)
    const fit = await page.evaluate(() => {
      const scroll = document.querySelector('.ag-body-horizontal-scroll-viewport') as HTMLElement
      // What the body shows: up to the vertical scrollbar.
      const bar = document.querySelector('.ag-body-vertical-scroll')?.getBoundingClientRect()
      const right = bar && bar.width > 0 ? bar.left : document.querySelector('.ag-root')!.getBoundingClientRect().right
      const cells = Array.from(document.querySelectorAll('.ag-row-pinned .ag-cell, .ag-row[row-index="0"]:not(.ag-row-pinned) .ag-cell')) as HTMLElement[]
      return {
        scrolls: scroll.scrollWidth > scroll.clientWidth + 1,
        cut: cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.getAttribute('col-id')),
        beyond: cells.filter((c) => c.getBoundingClientRect().right > right + 1).map((c) => c.getAttribute('col-id')),
      }
    })
    await page.screenshot({ path: `/tmp/polish-shots/stats-1400-${locale}.png` })
    expect(fit, locale).toMatchObject({ scrolls: false, cut: [], beyond: [] })
  }
})

test('in a row grown by its wrapped content, the status word and the row actions sit on the first line', async ({ page }) => {
  await signIn(page, 'acme01')
  // The middle of each cell's first line of text, in the first row grown past one line.
  const firstLines = (cols: string[]) => page.evaluate((cols) => {
    const row = [...document.querySelectorAll<HTMLElement>('.ag-row')].find((r) => r.getBoundingClientRect().height > 40)!
    const rowIndex = row.getAttribute('row-index')
    return cols.map((sel) => {
      // Pinned columns are drawn in rows of their own, with the same row index.
      const cell = [...document.querySelectorAll(`.ag-row[row-index="${rowIndex}"] ${sel}`)][0]
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP))
      const range = document.createRange()
      range.selectNodeContents(walker.nextNode()!)
      const r = range.getClientRects()[0]
      return Math.round(r.top + r.height / 2)
    })
  }, cols)
  const grown = () => page.evaluate(() => Math.max(...[...document.querySelectorAll('.ag-row')].map((r) => r.getBoundingClientRect().height)))

  await page.goto('/sms-cloud/home-sms/mt-records')
  await expect(page.locator('.ag-row [data-status]').first()).toBeVisible()
  await expect.poll(grown).toBeGreaterThan(40)
  const [mobile, status] = await firstLines(['[col-id="decodeMobile"]', '[data-status]'])
  expect(Math.abs(status - mobile), `status ${status}, mobile ${mobile}`).toBeLessThanOrEqual(2)

  await page.goto('/sms-cloud/home-sms/batch-stats')
  await expect(page.getByRole('button', { name: '下载号码' }).first()).toBeVisible()
  await expect.poll(grown).toBeGreaterThan(40)
  const [index, action] = await firstLines(['[col-id="__index"]', '[col-id="__actions"] button'])
  expect(Math.abs(action - index), `action ${action}, index ${index}`).toBeLessThanOrEqual(2)
})
