import { createRequire } from 'node:module'
import { expect, test, type Page } from '@playwright/test'
import { DARK_THEMES, THEMES } from '@/domain/constants'
import { axeViolations, goInside, openPalette, settled, signIn, type AxeFound } from './helpers'

/*
 * WCAG 2.1 A and AA, as axe-core judges them, over what the walk of every screen (screens.spec.ts) does not open: the
 * sign-in page, the command palette, the shortcut sheet, the dialogs, a customer's home, a chosen primary colour and
 * the other themes.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// The console's CSP (script-src 'self') refuses the injected axe script; the audit itself changes nothing on the page.
test.use({ bypassCSP: true })


/** axe over the page (or one part of it): each violation with up to three of its elements. */
async function axe(page: Page, include?: string): Promise<AxeFound[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: AXE })
    // Colours at rest: a button fading back from busy would otherwise be measured half-way through its fade.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }' })
  }
  return axeViolations(page, TAGS, include)
}

const report = (where: string, found: AxeFound[]) =>
  found.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.help}) at ${n.target} ${n.html} — ${n.summary}`))

async function inLocale(page: Page, locale: string) {
  await page.goto('/sms-cloud/login')
  if (locale === 'en') {
    await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
    await page.reload()
  }
  await expect(page.locator('input[name="username"]')).toBeVisible()
}

/** The theme picker of the top bar, by keyboard, as a user switches theme (the theme is not kept across reloads). */
async function chooseTheme(page: Page, theme: string) {
  await page.getByTestId('theme-picker').focus()
  await page.keyboard.press('Enter')
  await page.getByTestId(`theme-${theme}`).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

/** axe's colour-contrast rule alone, over the page or one part of it. */
async function contrast(page: Page, where: string, include?: string) {
  await axe(page, include) // loads axe and stills the transitions once
  const found = await page.evaluate(async (include) => {
    const w = window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }> } }
    const r = await w.axe.run(include ? { include: [include] } : document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    return r.violations.map((v) => ({
      id: v.id, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: (n.failureSummary ?? '').slice(0, 200) })),
    }))
  }, include)
  return report(where, found)
}

for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`WCAG 2.1 A/AA (axe) in ${locale}`, () => {
    test('the sign-in page, the palette, the shortcut sheet and the dialogs', async ({ page }) => {
      test.setTimeout(180_000)
      await inLocale(page, locale)
      const problems = report('/login', await axe(page))
      await signIn(page)

      await openPalette(page)
      await page.keyboard.type(locale === 'en' ? 'records' : '记录')
      problems.push(...report('palette', await axe(page, '[data-testid="command-palette"]')))
      await page.keyboard.press('Escape')

      await page.locator('main').click({ position: { x: 5, y: 5 } })
      await page.keyboard.press('Shift+?')
      await expect(page.getByTestId('shortcut-sheet')).toBeVisible()
      problems.push(...report('shortcut sheet', await axe(page, '[data-testid="shortcut-sheet"]')))
      await page.keyboard.press('Escape')

      for (const opener of ['lock-button', 'errorlog-button']) {
        await page.getByTestId(opener).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await settled(page, opener)
        problems.push(...report(`dialog of ${opener}`, await axe(page, '[role="dialog"]')))
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toHaveCount(0)
      }
      // A form dialog of a list (the shared form primitive): the administrator's new customer.
      await goInside(page, '/account/customers')
      await settled(page, '/account/customers')
      await page.locator('[data-toolbar="add-customer"]').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      problems.push(...report('dialog add-customer', await axe(page, '[role="dialog"]')))
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // A list's account filter, open on what a letter finds (the option under the arrow keys included), then on
      // letters nothing matches.
      await goInside(page, '/home-sms/mt-records')
      await settled(page, '/home-sms/mt-records')
      const where = '[data-list="home-sms.mt-records"] [data-field="cus_id"]'
      const combo = page.locator(where).getByRole('combobox')
      await combo.focus()
      await page.keyboard.type('a')
      await expect(page.locator(where).getByRole('option').first()).toBeVisible()
      await page.keyboard.press('ArrowDown')
      await expect(combo).toHaveAttribute('aria-activedescendant', /-1$/)
      problems.push(...report('account combobox listing', await axe(page, where)))
      await page.keyboard.type('zzq')
      await expect(page.locator(where).getByRole('status')).toHaveText(locale === 'en' ? 'No matches' : '没有匹配的选项')
      await expect(combo).toHaveAttribute('aria-expanded', 'false')
      problems.push(...report('account combobox without a match', await axe(page, where)))
      expect(problems).toEqual([])
    })

    // The shell as customers meet it: a product they have not activated in the top bar, unread notices on the bell.
    test('the home of an enterprise and of a sub-account', async ({ page }) => {
      test.setTimeout(180_000)
      const problems: string[] = []
      for (const who of ['acme', 'acme01'] as const) {
        await page.context().clearCookies()
        await inLocale(page, locale)
        await signIn(page, who)
        await expect(page.locator('[data-granted="false"]').first()).toBeVisible()
        await settled(page, `/wel/index as ${who}`)
        problems.push(...report(`/wel/index as ${who}`, await axe(page)))
      }
      expect(problems).toEqual([])
    })
  })
}

// The colour picker sets the primary over every theme: a colour chosen by keyboard, far too light for a light theme
// (and too dark for a dark one), is drawn at a shade that keeps axe's colour contrast clean on a list.
test.describe('a chosen primary colour in WCAG 2.1 AA (axe)', () => {
  const LIST = '/home-sms/mt-records'

  async function chooseByKeyboard(page: Page, hex: string) {
    await page.getByTestId('color-picker').focus()
    await page.keyboard.press('Enter')
    const code = page.getByTestId('colour-code')
    await expect(code).toBeVisible()
    for (let i = 0; i < 12 && !(await code.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(code).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(hex)
    await page.keyboard.press('Enter')
  }

  const primary = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())

  async function contrastOnList(page: Page, where: string) {
    await page.keyboard.press('Escape')
    await goInside(page, LIST)
    await settled(page, `${LIST} ${where}`)
    return report(`${LIST} ${where}`, (await axe(page)).filter((v) => v.id === 'color-contrast'))
  }

  test('a light yellow in the white theme, then in the dark theme, and a deep blue there', async ({ page }) => {
    test.setTimeout(180_000)
    await inLocale(page, 'zh-CN')
    await signIn(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'white')

    await chooseByKeyboard(page, '#ffee00')
    const note = page.getByTestId('color-panel').getByTestId('colour-used')
    await expect(note).toContainText('实际使用 #')
    const inWhite = await primary(page)
    expect(inWhite).toMatch(/^#[0-9a-f]{6}$/)
    expect(inWhite).not.toBe('#ffee00')
    await expect(note).toContainText(inWhite)
    const problems = await contrastOnList(page, 'white #ffee00')

    // The choice is kept, the shade re-derived: yellow on the dark theme's surfaces needs no change.
    await chooseTheme(page, 'dark')
    await expect.poll(() => primary(page)).toBe('#ffee00')
    problems.push(...(await contrastOnList(page, 'dark #ffee00')))

    await chooseByKeyboard(page, '#1a237e')
    await expect(note).toContainText('实际使用 #')
    const inDark = await primary(page)
    expect(inDark).not.toBe('#1a237e')
    problems.push(...(await contrastOnList(page, 'dark #1a237e')))
    expect(problems).toEqual([])
  })
})

// The full sweep above runs in the white theme every start opens in; the palettes of the other themes are pinned pair
// by pair in src/app/themes.test.ts, and here as the browser draws them: the shell (top bar, sidebar with its active
// entry, tabs) around the home, a list with status words and row actions, the send page, a dashboard's charts (their
// legends and figures in the outcome colours), and a danger confirmation.
test.describe('colour contrast (axe) in the other themes', () => {
  const THEMED = [...DARK_THEMES, 'iview'] as const
  const PAGES = ['/wel/index', '/account/customers', '/home-sms/mt-records', '/home-sms/group-send', '/video-sms/dashboard']

  test(`${THEMED.join(', ')}: the home, two lists, the send page, a dashboard and a danger confirmation`, async ({ page }) => {
    test.setTimeout(300_000)
    await inLocale(page, 'zh-CN')
    await signIn(page)
    const problems: string[] = []
    for (const theme of THEMED) {
      await chooseTheme(page, theme)
      await page.keyboard.press('Escape')
      for (const path of PAGES) {
        await goInside(page, path)
        await expect(page.getByTestId('page-header').getByRole('heading', { level: 1 }), path).toBeVisible()
        if (path.endsWith('/dashboard')) await expect(page.getByTestId('trend-chart').locator('g[data-series]').first(), path).toBeAttached()
        else if (path !== '/wel/index' && path !== '/home-sms/group-send') await expect(page.locator('.ag-row').first(), path).toBeVisible()
        await settled(page, `${theme} ${path}`)
        problems.push(...(await contrast(page, `${theme} ${path}`)))
      }
      // An open customer's close action (in the row's menu) asks first, with the red button focused; Escape answers no.
      await goInside(page, '/account/customers')
      await settled(page, `${theme} /account/customers`)
      await page.locator('.ag-row:not(.ag-row-pinned)').filter({ hasText: '已开通' }).first().getByTestId('row-more').click()
      await page.getByRole('menuitem', { name: '停用' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await settled(page, `${theme} confirm`)
      problems.push(...(await contrast(page, `${theme} close confirmation`, '[role="dialog"]')))
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
    }
    expect(problems).toEqual([])
  })
})

/**
 * WCAG 1.4.11 (non-text contrast, 3:1) as the browser draws it, which axe does not check: the edge of each field on the
 * page (inputs, selects, text areas, check boxes), each line of a dashboard's charts, and the avatar disc in the top
 * bar, each against the first opaque background behind it. Disabled and invisible controls are exempt.
 */
async function nonText(page: Page, where: string): Promise<string[]> {
  const low = await page.evaluate(() => {
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
    const lum = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
      return (hi! + 0.05) / (lo! + 0.05)
    }
    const behind = (el: Element) => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor)
        if (c.length === 3 || c[3] === 1) return c
      }
      return [255, 255, 255]
    }
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`
    const out: string[] = []
    const check = (el: Element, colour: string, what: string) => {
      const [fg, bg] = [rgba(colour), behind(el)]
      const r = ratio(fg, bg)
      if (r < 3) out.push(`${what} ${name(el)}: ${colour} on rgb(${bg.slice(0, 3).join(', ')}) is ${r.toFixed(2)}:1`)
    }
    for (const el of document.querySelectorAll<HTMLInputElement>('input, select, textarea')) {
      const cs = getComputedStyle(el)
      if (el.disabled || !el.checkVisibility() || cs.opacity === '0' || /^(hidden|file|color)$/.test(el.type)) continue
      // Every field has an edge below it (the palette's search field has only that one).
      check(el, cs.borderBottomColor, 'field edge')
    }
    for (const el of document.querySelectorAll('[data-testid="trend-chart"] g[data-series] > path')) check(el, getComputedStyle(el).stroke, 'chart line')
    const avatar = document.querySelector('[data-testid="user-avatar"]')
    if (avatar) check(avatar, getComputedStyle(avatar).backgroundColor, 'avatar disc')
    return out
  })
  return low.map((l) => `${where}: ${l}`)
}

test('every theme draws field edges, chart lines and the avatar at 3:1 or more on what is behind them', async ({ page }) => {
  test.setTimeout(300_000)
  await inLocale(page, 'zh-CN')
  await signIn(page)
  const problems: string[] = []
  const seen = { fields: 0, lines: 0 }
  for (const theme of THEMES) {
    await chooseTheme(page, theme)
    await page.keyboard.press('Escape')
    // A list's search bar with its account selector, the send form, a dashboard's charts, and the settings' check box.
    for (const path of ['/home-sms/mt-records', '/home-sms/group-send', '/video-sms/dashboard', '/info/setting']) {
      await goInside(page, path)
      await expect(page.getByTestId('page-header').getByRole('heading', { level: 1 }), path).toBeVisible()
      if (path.endsWith('/dashboard')) await expect(page.getByTestId('trend-chart').locator('g[data-series]').first(), path).toBeAttached()
      else await expect(page.locator('main').locator('input, select, textarea').first(), path).toBeVisible()
      await settled(page, `${theme} ${path}`)
      problems.push(...(await nonText(page, `${theme} ${path}`)))
      seen.fields += await page.locator('main').locator('input:visible, select:visible, textarea:visible').count()
      seen.lines += await page.locator('[data-testid="trend-chart"] g[data-series]').count()
    }
  }
  expect(problems).toEqual([])
  // The check measured something: the pages' fields and the ratio chart's three lines and the sent chart's one.
  expect(seen.fields).toBeGreaterThan(THEMES.length * 10)
  expect(seen.lines).toBe(THEMES.length * 4)
})
