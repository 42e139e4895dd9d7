import { expect as baseExpect, test } from '@playwright/test'
import { signInSlow } from './helpers'

// Lazy parts of the console (a dialog's code, the grid) can take long on a busy machine: wait for them up to a minute.
const expect = baseExpect.configure({ timeout: 60_000 })

/* Every dialog has one height limit: the body scrolls between a title and actions that stay in the window. */

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
