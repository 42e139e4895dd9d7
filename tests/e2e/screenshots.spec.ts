import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import { signIn } from './helpers'

/*
 * Issue 14, proof: every screen of the menus, in Chinese, in English and in the dark theme, saved under
 * /tmp/sms-screens (not the repository) for a person to look at. Each screen must render without the error page.
 */
const OUT = process.env.SCREENS_DIR ?? '/tmp/sms-screens'
const leaves = (entries: readonly CatalogEntry[]): string[] => entries.flatMap((e) => (e.children?.length ? leaves(e.children) : [e.path]))
const paths = [...new Set(Object.values(MENU_CATALOG).flatMap(leaves))]

async function shoot(page: Page, variant: string, dark: boolean) {
  mkdirSync(`${OUT}/${variant}`, { recursive: true })
  for (const path of paths) {
    await page.goto(`/sms-cloud${path}`)
    await expect(page.getByTestId('topbar')).toBeVisible()
    await page.waitForLoadState('networkidle')
    if (dark) await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'))
    await expect(page.getByRole('alert').filter({ hasText: /出错|went wrong/ })).toHaveCount(0)
    // The theme is switched just before: finish the buttons' colour transitions instead of catching them half-way.
    await page.screenshot({ path: `${OUT}/${variant}/${path.slice(1).replaceAll('/', '_') || 'root'}.png`, animations: 'disabled' })
  }
}

test.describe.configure({ timeout: 900_000 })

test('every menu screen in Chinese, English and dark', async ({ page }) => {
  expect(paths.length).toBeGreaterThan(40)
  await signIn(page)
  await shoot(page, 'zh', false)
  await shoot(page, 'dark', true)
  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  await shoot(page, 'en', false)
})
