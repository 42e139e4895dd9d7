import { expect as baseExpect, test, type Page } from '@playwright/test'
import { signInSlow } from './helpers'

// Lazy parts of the console (a dialog's code, the grid) can take long on a busy machine: wait for them up to a minute.
const expect = baseExpect.configure({ timeout: 60_000 })

/*
 * Column priorities: the figures that matter stay inside the grid's window at the sizes people use (1440×900 and the
 * tests' 1400×900), in both languages, whole (no figure cut under the pinned actions column or past the grid).
 */

/** Each named column's header and first row's cell: inside the centre viewport left of the pinned actions, and not cut. */
async function placement(page: Page, colIds: string[]) {
  return page.evaluate((ids) => {
    // A message is one line cut with an ellipsis by design (its whole text in the tooltip and the detail): in view is enough.
    const mayCut = new Set(['decodeContent'])
    const grid = document.querySelector('.ag-root-wrapper')!
    const right = grid.querySelector('.ag-header-cell-first-right-pinned')?.getBoundingClientRect().left ?? grid.getBoundingClientRect().right
    const out: Record<string, string> = {}
    for (const id of ids) {
      const head = grid.querySelector<HTMLElement>(`.ag-header-cell[col-id="${id}"]`)
      const cell = grid.querySelector<HTMLElement>(`.ag-row[row-index="0"]:not(.ag-row-pinned) .ag-cell[col-id="${id}"]`)
      if (!head || !cell) {
        out[id] = 'missing'
        continue
      }
      const box = cell.getBoundingClientRect()
      const text = cell.querySelector<HTMLElement>('.ag-cell-value') ?? cell
      out[id] = box.right > right + 1 ? `ends at ${Math.round(box.right)} beyond ${Math.round(right)}`
        : !mayCut.has(id) && text.scrollWidth > text.clientWidth + 1 ? `cut: ${text.textContent}` : 'in view'
    }
    return out
  }, colIds)
}

const CASES: { path: string; cols: string[] }[] = [
  { path: '/home-sms/batch-stats', cols: ['sent_count', 'success_count', 'success_rate', 'failure_count', 'unknown_count'] },
  { path: '/home-sms/send-stats', cols: ['sent_count', 'success_count', 'failure_count', 'unknown_count'] },
  { path: '/home-sms/mt-records', cols: ['decodeMobile', 'decodeContent', 'mt_status', 'report_result_desc'] },
  // The longest report words, whatever the newest record happens to be: a report time-out.
  { path: '/home-sms/mt-records?status=600', cols: ['mt_status', 'report_result_desc'] },
]

for (const width of [1440, 1400]) {
  for (const locale of ['en', 'zh-CN']) {
    test(`${width}×900 ${locale}: the key figures of each list are in view and whole`, async ({ page }) => {
      test.setTimeout(240_000)
      await page.setViewportSize({ width, height: 900 })
      await signInSlow(page)
      await page.evaluate((l) => localStorage.setItem('sms.locale', l), locale)
      for (const { path, cols } of CASES) {
        await page.goto(`/sms-cloud${path}`)
        await expect(page.locator('.ag-row[row-index="0"]').first()).toBeVisible({ timeout: 60_000 })
        const expected = Object.fromEntries(cols.map((c) => [c, 'in view']))
        await expect.poll(() => placement(page, cols), { message: path }).toEqual(expected)
      }
    })
  }
}

test('batch statistics show the success rate of each batch and of the totals', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page, 'admin', '/home-sms/batch-stats')
  const first = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned)')
  await expect(first).toBeVisible({ timeout: 60_000 })
  const read = async (row: ReturnType<Page['locator']>, col: string) => (await row.locator(`[col-id="${col}"]`).textContent())?.trim() ?? ''
  const num = (s: string) => Number(s.replace(/[,\s]/g, ''))
  const sent = num(await read(first, 'sent_count'))
  const success = num(await read(first, 'success_count'))
  expect(await read(first, 'success_rate')).toBe(sent > 0 ? `${((success * 100) / sent).toFixed(2)}%` : '')
  const totals = page.locator('.ag-row-pinned').first()
  const tSent = num(await read(totals, 'sent_count'))
  const tSuccess = num(await read(totals, 'success_count'))
  expect(await read(totals, 'success_rate')).toBe(`${((tSuccess * 100) / tSent).toFixed(2)}%`)
})
