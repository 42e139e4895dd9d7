import { expect, test, type Route } from '@playwright/test'
import { signIn } from './helpers'

/*
 * Downloads: "download all" runs in the background with a tray (several at once, each with progress and
 * cancel), three stream at once as the server allows per account, the fourth waits in the queue, and the screen stays
 * usable meanwhile.
 */
test('download all runs in a background tray: three at once, the fourth queued, each cancellable', async ({ page }) => {
  await signIn(page)
  // Hold every download request until the test lets it go, so "running" lasts as long as the test needs.
  const held: Route[] = []
  await page.route('**/api/mtRecord/download', (route) => void held.push(route))

  // Two days of the demo history only: the tray is under test, not the size of the file (acme's default 7 days
  // reach 100k records once the send specs have run, a minute of xlsx on a loaded machine).
  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)
  await page.goto(`/sms-cloud/home-sms/mt-records?start_time=${day(4)}&end_time=${day(3)}`)
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toBeVisible()
  const download = screen.getByRole('button', { name: '下载全部' })

  for (let i = 0; i < 4; i++) {
    await download.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('download-dialog')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Enter')
    // The dialog only picks the format: it is gone at once, nothing blocks the screen.
    await expect(dialog).toBeHidden()
  }

  const tray = page.getByTestId('download-tray')
  const jobs = tray.getByTestId('download-job')
  await expect(jobs).toHaveCount(4)
  await expect(tray).toContainText('4 个进行中')
  await expect(jobs.nth(0)).toHaveAttribute('data-status', 'running')
  await expect(jobs.nth(2)).toHaveAttribute('data-status', 'running')
  await expect(jobs.nth(3)).toHaveAttribute('data-status', 'queued')
  await expect(jobs.nth(3)).toContainText('排队中')
  expect(held).toHaveLength(3)

  // The screen stays usable with the tray open: the grid still answers.
  await expect(screen.locator('.ag-row').first()).toBeVisible()

  // Cancelling a running file gives its slot to the queued one.
  await jobs.nth(1).getByRole('button', { name: /取消下载/ }).click()
  await expect(jobs.nth(1)).toHaveAttribute('data-status', 'cancelled')
  await expect(jobs.nth(3)).toHaveAttribute('data-status', 'running')
  await expect.poll(() => held.length).toBe(4)

  // Let one through: the file is saved and the tray says so.
  const saved = page.waitForEvent('download')
  await held[0]!.continue()
  expect((await saved).suggestedFilename()).toMatch(/\.xlsx$/)
  await expect(jobs.nth(0)).toHaveAttribute('data-status', 'done')
  await expect(tray).toContainText('2 个进行中')

  // Finished ones can be cleared; running ones stay.
  await tray.getByRole('button', { name: '清除已结束' }).click()
  await expect(jobs).toHaveCount(2)
  for (const r of held.slice(2)) await r.abort().catch(() => undefined)
})
