import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type Page } from '@playwright/test'
import { MODULES } from '@/domain/constants'
import type { MenuItem } from '@/domain/menu'
import { apiAs, axeViolations, goInside, settled, signIn } from './helpers'

/*
 * One walk over every route of the menu the server delivers (administrator: the whole menu), in each language, one
 * test per module: the module's first route opened by its address, the others reached as the console's own links
 * reach them (no reload, so the tab strip holds them all by the end), each checked as a whole — one title in the
 * language (the page header's h1, the only heading repeating it), no error page, every button and field named, no
 * button that would submit a form by accident, a list drawing the rows its pager counts (or its empty state), WCAG
 * 2.1 A and AA as axe-core judges them, and no console error over the walk. The console's own CSP stays on (a refused
 * script or style is a console error): axe goes in through the debugging protocol, not as a script tag. A reload
 * keeping a deep link is session.spec.ts; every menu path bound to its screen is src/app/screens/registry.test.ts.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const CJK = /[\u4e00-\u9fff]/
// With SCREENS_DIR set (a folder outside the repository), every screen is also saved as a picture, in each language
// and (Chinese) in the dark theme, for a person to look at. The suite leaves it unset: three pictures per screen
// (100–1,300 ms each, measured) cost every run, and nobody looks at them there.
const OUT = process.env.SCREENS_DIR
/**
 * The English console in the words of docs/glossary.md as the screens draw them (src/i18n/glossary.test.ts checks the
 * dictionaries): what a figure means (delivered, its rate, its share), not a word-for-word rendering of the Chinese
 * ("Success", "Bind"). Column headers by screen, words a screen must not show (the other tabs' screens stay, hidden).
 */
const ENGLISH: Record<string, { headers?: string[]; button?: string; never?: RegExp }> = {
  '/home-sms/batch-stats': { headers: ['Submitted', 'Sent to carrier', 'Delivered', 'Delivery rate'], never: /^Success$/ },
  '/home-sms/send-stats': { headers: ['Delivered (share)', 'Failed (share)'] },
  '/info/setting': { button: 'Link mobile number', never: /\bBind\b/ },
}

async function englishWords(lane: Page, path: string): Promise<string[]> {
  const want = ENGLISH[path]
  if (!want) return []
  const problems: string[] = []
  if (want.headers) {
    const headers = lane.locator('[data-list]:visible .ag-header-cell-text')
    await expect(headers.first(), path).toBeVisible()
    const shown = await headers.allTextContents()
    for (const h of want.headers) if (!shown.includes(h)) problems.push(`${path}: no column "${h}" in ${JSON.stringify(shown)}`)
    if (want.never) for (const h of shown.filter((h) => want.never!.test(h))) problems.push(`${path}: column "${h}"`)
  } else if (want.never && (await lane.getByText(want.never).filter({ visible: true }).count())) problems.push(`${path}: shows ${want.never}`)
  if (want.button) await expect(lane.getByRole('button', { name: want.button }), path).toBeVisible()
  return problems
}

async function shoot(page: Page, variant: string, path: string) {
  if (!OUT) return
  mkdirSync(`${OUT}/${variant}`, { recursive: true })
  await page.screenshot({ path: `${OUT}/${variant}/${path.slice(1).replaceAll('/', '_') || 'root'}.png`, animations: 'disabled' })
}

/** axe over the page (or one part of it): each violation with up to three of its elements, as lines. */
async function axe(page: Page, where: string, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(AXE_SOURCE)
    // Colours at rest: a button fading back from busy would otherwise be measured half-way through its fade.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }' })
  }
  const found = await axeViolations(page, TAGS, include)
  return found.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.help}) at ${n.target} ${n.html} — ${n.summary}`))
}

/** Buttons, links and form fields without an accessible name (what the keyboard reaches), and plain buttons in a form. */
function unnamedAndUntyped(page: Page) {
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
    const unnamed = Array.from(document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button]'))
      .filter((el) => visible(el) && !el.closest('[aria-hidden=true]') && !named(el))
      .map((el) => `unnamed ${el.tagName.toLowerCase()}.${(el as HTMLElement).className.toString().slice(0, 60)} ${el.outerHTML.slice(0, 120)}`)
    // Inside a form a button without a type submits it.
    const untyped = Array.from(document.querySelectorAll('form button:not([type])')).map((b) => `untyped ${b.outerHTML.slice(0, 120)}`)
    return [...unnamed, ...untyped]
  })
}

/** Every leaf of a module's menu as the server delivers it to the signed-in account (/user/getMenu). */
async function menuPaths(page: Page, module: string): Promise<MenuItem[]> {
  const out: MenuItem[] = []
  const leaves = (items: MenuItem[]): void => items.forEach((i) => (i.children.length ? leaves(i.children) : out.push(i)))
  leaves((await apiAs(page, '/user/getMenu', { permCode: module })).data as unknown as MenuItem[])
  return out
}

/** Everything the walk finds wrong on one screen, as lines. */
async function checkScreen(lane: Page, r: MenuItem, locale: string, first: boolean, whole: boolean): Promise<string[]> {
  const title = locale === 'en' ? r.labelEn : r.label
  if (first) await lane.goto(`/sms-cloud${r.path}`)
  else await goInside(lane, r.path)
  await expect(lane.getByTestId('page-header').getByRole('heading', { level: 1 }), r.path).toHaveText(title)
  await settled(lane, r.path)
  await expect(lane.getByText(/出错了|Something went wrong/), r.path).toHaveCount(0)
  if (locale === 'zh-CN') expect(title, r.path).toMatch(CJK)
  const problems: string[] = []
  // The title once: the page header's h1 is the only heading that repeats it, and the only h1.
  const repeated = await lane.getByRole('heading', { name: title, exact: true }).count()
  if (repeated !== 1) problems.push(`${r.path}: the title is ${repeated} headings`)
  const h1s = await lane.locator('h1').allTextContents()
  if (h1s.length !== 1) problems.push(`${r.path}: h1 ${JSON.stringify(h1s)}`)
  for (const u of await unnamedAndUntyped(lane)) problems.push(`${r.path}: ${u}`)
  // A list draws the rows its pager counts, or says it has none (the lists of the other tabs stay, hidden).
  const list = lane.locator('[data-list]:visible')
  if (await list.count()) {
    const total = list.locator('[data-total]')
    await expect(total, r.path).toBeVisible()
    // The pager's count is the answer's once the list is no longer waiting for one.
    await expect(list, r.path).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 })
    const rows = list.locator('[role="row"]:not(.ag-row-pinned):has([role="gridcell"])')
    if (Number(await total.getAttribute('data-total')) > 0) await expect(rows.first(), r.path).toBeVisible()
    else await expect(list.getByText(locale === 'en' ? 'No records match these filters' : '没有符合条件的记录'), r.path).toBeVisible()
  }
  if (locale === 'en') problems.push(...(await englishWords(lane, r.path)))
  // The shell is the same around every page but for its sidebar (one per module) and the tabs: the whole page is
  // checked on the module's first route and on its last (every tab open), the page's own part on the others.
  problems.push(...(await axe(lane, r.path, whole ? undefined : '#main')))
  await shoot(lane, locale === 'en' ? 'en' : 'zh', r.path)
  if (locale === 'zh-CN' && OUT) {
    await lane.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
    await shoot(lane, 'dark', r.path)
  }
  return problems
}

for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`every screen in ${locale}`, () => {
    // One test per module of the top menu the server delivers (the administrator has every module and route).
    for (const module of MODULES) {
      test(`every route of the ${module} menu: its title, axe (WCAG 2.1 A/AA), named controls, no error`, async ({ page }) => {
        test.setTimeout(600_000)
        const errors: string[] = []
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`)
        })
        page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
        await signIn(page)
        if (locale === 'en') await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
        const routes = await menuPaths(page, module)
        expect(routes.length).toBeGreaterThan(3)
        const problems: string[] = []
        for (const [i, r] of routes.entries()) problems.push(...(await checkScreen(page, r, locale, i === 0, i === 0 || i === routes.length - 1)))
        expect(problems.sort()).toEqual([])
        expect(errors).toEqual([])
      })
    }
  })
}
