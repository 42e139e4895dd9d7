import { expect, test, type Page } from '@playwright/test'
import { signIn } from './helpers'

/*
 * At 1400×900 (the browser tests' window, sidebar open) the lists with few enough columns show every column beside
 * the pinned actions column, and no header is cut, in both languages. Wider lists scroll sideways (not pinned here).
 */
const FITTING = ['/csp-sms/materials', '/home-sms/templates']

/** Headers whose words are cut, and centre columns reaching under the pinned actions column (or past the grid). */
async function layout(page: Page) {
  return page.evaluate(() => {
    const grid = document.querySelector('.ag-root-wrapper')
    if (!grid) return null
    const heads = [...grid.querySelectorAll<HTMLElement>('.ag-header-cell')]
    const pinned = heads.find((h) => h.classList.contains('ag-header-cell-first-right-pinned'))
    const edge = pinned ? pinned.getBoundingClientRect().left : grid.getBoundingClientRect().right
    return {
      cut: heads.flatMap((h) => {
        const t = h.querySelector<HTMLElement>('.ag-header-cell-text')
        return t && t.scrollWidth > t.clientWidth ? [t.textContent] : []
      }),
      under: heads.filter((h) => h !== pinned && h.getBoundingClientRect().right > edge + 1).map((h) => h.textContent?.trim()),
      pinned: !!pinned,
    }
  })
}

for (const locale of ['zh-CN', 'en']) {
  test(`${locale}: lists that fit 1400 px show every column beside the pinned actions, headers whole`, async ({ page }) => {
    await signIn(page)
    await page.evaluate((l) => localStorage.setItem('sms.locale', l), locale)
    for (const path of FITTING) {
      await page.goto(`/sms-cloud${path}`)
      await expect(page.locator('.ag-row').first()).toBeVisible()
      await expect.poll(() => layout(page), { message: path }).toEqual({ cut: [], under: [], pinned: true })
    }
  })
}
