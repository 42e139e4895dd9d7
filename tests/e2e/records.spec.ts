import { expect, test, type Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { readFileSync } from 'node:fs'
import { apiAs, expectSlowly, focusFirstRow, gridRows, sendAs, signIn, signInSlow } from './helpers'

const num = (s: string | null) => Number((s ?? '').replace(/[^\d.-]/g, ''))

async function openMtRecords(page: Page) {
  await page.goto('/sms-cloud/home-sms/mt-records')
  const screen = page.locator('[data-list="home-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toBeVisible()
  return screen
}

test('sent records filter by status and a date shortcut, and the URL restores the view after reload', async ({ page }) => {
  await signIn(page)
  const screen = await openMtRecords(page)
  const panel = screen.getByRole('form', { name: '筛选条件' })
  await panel.locator('[data-field="status"] select').selectOption('700')
  await panel.locator('[data-shortcut="lastMonth"]').click()
  await panel.getByRole('button', { name: '搜索' }).click()

  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('700')
  const url = new URL(page.url())
  expect(url.searchParams.get('start_time')).toBeTruthy()
  // The rows of the searched view, not those of the view before it (kept on screen while the answer comes).
  await expect(screen).toHaveAttribute('aria-busy', 'false')
  const statusCells = screen.locator('.ag-row:not(.ag-row-pinned) [col-id="mt_status"]')
  await expect(statusCells.first()).toHaveText('发送失败')
  const total = await screen.locator('[data-total]').getAttribute('data-total')
  expect(Number(total)).toBeGreaterThan(0)
  for (const text of await statusCells.allTextContents()) expect(text).toBe('发送失败')

  await page.reload()
  await expect(page).toHaveURL(url.toString())
  await expect(screen.locator('[data-field="status"] select')).toHaveValue('700')
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', total!)
  await expect(statusCells.first()).toHaveText('发送失败')

  await page.goBack()
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull()
})

test('the status filter offers every status the grid shows, the report time-out too, and filters by it', async ({ page }) => {
  await signIn(page)
  const screen = await openMtRecords(page)
  const panel = screen.getByRole('form', { name: '筛选条件' })
  const select = panel.locator('[data-field="status"] select')
  await expect(select.locator('option')).toHaveText(['全部', '发送成功', '发送失败', '等待状态报告', '待审核', '状态报告超时'])
  await select.selectOption({ label: '状态报告超时' })
  await panel.getByRole('button', { name: '搜索' }).click()
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('600')
  const statusCells = screen.locator('.ag-row:not(.ag-row-pinned) [col-id="mt_status"]')
  await expect(screen.locator('[data-total]')).toBeVisible()
  for (const text of await statusCells.allTextContents()) expect(text).toBe('状态报告超时')
})

test('the batch totals row equals the sums of its columns over the whole filtered set', async ({ page }) => {
  await signIn(page)
  const request = page.waitForRequest((r) => r.url().endsWith('/api/dataGathering/batchList'))
  await page.goto('/sms-cloud/home-sms/batch-stats')
  const payload = (await request).postDataJSON() as Record<string, unknown>
  const totalsRow = page.locator('.ag-row-pinned').first()
  await expect(totalsRow).toBeVisible()

  const sums: Record<string, number> = {}
  const fields = ['receive_count', 'wait_send_count', 'sent_count', 'success_count', 'failure_count', 'unknown_count']
  let seen = 0
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await apiAs(page, '/dataGathering/batchList', { ...payload, pageNumber, pageSize: 500 })
    for (const row of res.data.records) for (const f of fields) sums[f] = (sums[f] ?? 0) + Number(row[f])
    seen += res.data.records.length
    if (seen >= res.data.total || !res.data.records.length) break
  }
  expect(seen).toBeGreaterThan(20)
  for (const f of fields) {
    await expect.poll(async () => num(await totalsRow.locator(`[col-id="${f}"]`).textContent()), f).toBe(sums[f])
  }
})

test('export view writes the loaded rows as CSV with a BOM, and download all gives the whole filtered set as xlsx', async ({ page }) => {
  await signIn(page)
  const screen = await openMtRecords(page)
  await expect(gridRows(page).first()).toBeVisible()
  const firstMobile = (await screen.locator('.ag-row:not(.ag-row-pinned) [col-id="decodeMobile"]').first().textContent())!.trim()
  // The page's rows as loaded (the grid draws only those in view).
  const pager = screen.locator('nav:has([data-total])')
  const loaded = Math.min(Number(await pager.locator('select').inputValue()), Number(await pager.locator('[data-total]').getAttribute('data-total')))

  const csvDownload = page.waitForEvent('download')
  await screen.getByRole('button', { name: '导出当前视图' }).click()
  const csv = readFileSync((await (await csvDownload).path())!)
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = csv.toString('utf8').slice(1).trim().split(/\r?\n/)
  expect(lines[0]).toContain('手机号码')
  expect(lines.length - 1).toBe(loaded)
  expect(csv.toString('utf8')).toContain(firstMobile)

  const total = Number(await screen.locator('[data-total]').getAttribute('data-total'))
  await screen.getByRole('button', { name: '下载全部' }).click()
  const dialog = page.getByRole('dialog')
  const xlsxDownload = page.waitForEvent('download')
  await dialog.getByRole('button', { name: '下载 XLSX' }).click()
  await expect(dialog).toBeHidden()
  const file = await xlsxDownload
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)))
  const sheet = strFromU8(zip['xl/worksheets/sheet1.xml'])
  expect(sheet.match(/<row[ >]/g)?.length).toBe(total + 1)
  expect(sheet).toContain(firstMobile)
})

test('admin and a customer see different filters and columns', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, 'admin')
  await openMtRecords(admin)
  await expect(admin.locator('[data-field="cus_id"]')).toBeVisible()
  await admin.goto('/sms-cloud/intl-sms/mt-records')
  await expect(admin.locator('.ag-header-cell[col-id="priceStr"]')).toBeVisible()

  const acme = await (await browser.newContext()).newPage()
  await signIn(acme, 'acme')
  await openMtRecords(acme)
  await expect(acme.locator('[data-field="mobile"]')).toBeVisible()
  await expect(acme.locator('[data-field="cus_id"]')).toHaveCount(0)
  await acme.goto('/sms-cloud/intl-sms/mt-records')
  await expect(acme.locator('.ag-header-cell[col-id="decodeMobile"]')).toBeVisible()
  await expect(acme.locator('.ag-header-cell[col-id="priceStr"]')).toHaveCount(0)
})

test('a timed batch can be paused, then recovered, with each result shown', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/timed-batches')
  const screen = page.locator('[data-list="home-sms.timed-batches"]')
  const panel = screen.getByRole('form', { name: '筛选条件' })
  await panel.locator('[data-field="send_status"] select').selectOption('0')
  await panel.getByRole('button', { name: '搜索' }).click()
  const row = gridRows(page).first()
  await expect(row.locator('[data-action="pause"]')).toBeEnabled()
  const batch = (await row.locator('[col-id="time_batch"]').textContent())!.trim()

  await panel.locator('[data-field="send_status"] select').selectOption('')
  await panel.locator('[data-field="time_batch"] input').fill(batch)
  await panel.getByRole('button', { name: '搜索' }).click()
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '1')

  await gridRows(page).first().locator('[data-action="pause"]').click()
  await expect(page.getByText('暂停成功')).toBeVisible()
  await expect(gridRows(page).first().locator('[col-id="send_status"]')).toHaveText('已暂停')
  await expect(gridRows(page).first().locator('[data-action="pause"]')).toBeDisabled()

  await gridRows(page).first().locator('[data-action="recover"]').click()
  await expect(page.getByText('恢复成功')).toBeVisible()
  await expect(gridRows(page).first().locator('[col-id="send_status"]')).toHaveText('待发送')
})

test('a hidden column stays hidden after reload, and reset columns brings it back', async ({ page }) => {
  await signIn(page)
  const screen = await openMtRecords(page)
  const header = screen.locator('.ag-header-cell[col-id="batch_id"]')
  await expect(header).toBeVisible()
  await screen.getByRole('button', { name: '显示列' }).click()
  await page.getByTestId('column-chooser').getByLabel('批次号').uncheck()
  await page.keyboard.press('Escape')
  await expect(header).toHaveCount(0)

  await page.reload()
  await expect(screen.locator('.ag-header-cell[col-id="decodeMobile"]')).toBeVisible()
  await expect(header).toHaveCount(0)

  await screen.getByRole('button', { name: '重置列' }).click()
  await expect(header).toBeVisible()
})

test('at 1440×900 sent records show 15 compact one-line rows with the number and batch id in view; Shift+Enter expands a row to its whole text', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'acme01', '/home-sms/mt-records')
  // The newest record a long message (other tests send short ones to this account), so one is cut at 1024 px.
  const long = '【艾克米】您的账户本月账单已生成，请登录控制台查看明细；如对账单有疑问，请在七个工作日内联系客户经理或拨打服务热线，我们将尽快为您核实处理。'
  await sendAs(page, long, [`1397${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`])
  await page.reload()
  await focusFirstRow(page)
  const density = page.getByTestId('list-density')
  if ((await density.getAttribute('data-density')) !== 'compact') await density.click()
  await expect(density).toHaveAttribute('data-density', 'compact')
  // Rows wholly inside the grid's scrolling body, and the key columns' headers inside the window.
  const inView = () => page.evaluate(() => {
    const top = document.querySelector('.ag-header')!.getBoundingClientRect().bottom
    const pinned = [...document.querySelectorAll('.ag-row-pinned')].map((r) => r.getBoundingClientRect().top)
    const bottom = Math.min(window.innerHeight, document.querySelector('.ag-root-wrapper')!.getBoundingClientRect().bottom, ...pinned)
    // A row is drawn once per pinned part: one per row index.
    const byIndex = new Map([...document.querySelectorAll('.ag-row:not(.ag-row-pinned)')].map((r) => [r.getAttribute('row-index'), r]))
    const rows = [...byIndex.values()].map((r) => r.getBoundingClientRect())
    const header = (id: string) => document.querySelector(`.ag-header-cell[col-id="${id}"]`)?.getBoundingClientRect()
    const within = (r?: DOMRect) => !!r && r.width > 0 && r.left >= 0 && r.right <= window.innerWidth
    return {
      rows: rows.filter((r) => r.top >= top - 1 && r.bottom <= bottom + 1).length,
      heights: [...new Set(rows.map((r) => Math.round(r.height)))],
      batchId: within(header('batch_id')), mobile: within(header('decodeMobile')),
    }
  })
  await expect.poll(async () => (await inView()).rows).toBeGreaterThanOrEqual(15)
  expect(await inView()).toMatchObject({ heights: [28], batchId: true, mobile: true })

  // A row whose message is cut grows to its message's lines (status and number on its first line), and back on the
  // next press.
  // In a narrower window the content column is at its minimum and the demo's messages are cut.
  await page.setViewportSize({ width: 1024, height: 900 })
  const cutRow = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.ag-row:not(.ag-row-pinned) [col-id="decodeContent"]')]
    .map((c) => c.querySelector<HTMLElement>('.ag-cell-value') ?? c)
    .find((v) => v.scrollWidth > v.clientWidth + 1)?.closest('.ag-row')?.getAttribute('row-index') ?? null)
  await expect.poll(cutRow, { message: 'a message cut with an ellipsis' }).not.toBeNull()
  const cut = await cutRow()
  const row = page.locator(`.ag-row[row-index="${cut}"]:not(.ag-row-pinned)`).first()
  const lineMiddle = (sel: string) => page.evaluate(([sel, at]) => {
    const cell = document.querySelector(`.ag-row[row-index="${at}"] ${sel}`)!
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT, (n) => (n.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP))
    const range = document.createRange()
    range.selectNodeContents(walker.nextNode()!)
    const r = range.getClientRects()[0]
    return Math.round(r.top + r.height / 2)
  }, [sel, cut])
  await row.locator('[col-id="decodeMobile"]').click()
  await page.keyboard.press('Shift+Enter')
  await expect(row).toHaveClass(/sms-expanded/)
  await expect.poll(async () => (await row.boundingBox())!.height).toBeGreaterThan(40)
  const content = page.locator(`.ag-row[row-index="${cut}"] [col-id="decodeContent"]`).first()
  const box = await content.evaluate((el) => ({ scroll: (el.querySelector('.ag-cell-value') ?? el).scrollHeight, client: el.clientHeight }))
  expect(box.scroll, 'the whole message fits the expanded row').toBeLessThanOrEqual(box.client)
  const [mobile, status] = [await lineMiddle('[col-id="decodeMobile"]'), await lineMiddle('[data-status]')]
  expect(Math.abs(status - mobile), `status ${status}, mobile ${mobile}`).toBeLessThanOrEqual(2)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Shift+Enter')
  await expect.poll(async () => Math.round((await row.boundingBox())!.height)).toBe(28)

  // The choice is the user's, kept over a reload.
  await density.click()
  await expect(density).toHaveAttribute('data-density', 'comfortable')
  await page.reload()
  await expect(page.getByTestId('list-density')).toHaveAttribute('data-density', 'comfortable')
  await expect.poll(async () => Math.round((await row.boundingBox())?.height ?? 0)).toBe(40)
  await page.getByTestId('list-density').click()
})

test('batch statistics keep the batch id in view at 1440 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, 'admin', '/home-sms/batch-stats')
  await expect(gridRows(page).first()).toBeVisible()
  const cellBox = await page.locator('.ag-row[row-index="0"] [col-id="batch_id"]').first().boundingBox()
  expect(cellBox!.x + cellBox!.width).toBeLessThanOrEqual(1440)
  expect(cellBox!.x).toBeGreaterThanOrEqual(0)
})

test('sent records: content on one line, carrier codes read as words with the code, Enter opens the record in full', async ({ page }) => {
  test.setTimeout(180_000)
  const gridErrors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('AG Grid')) gridErrors.push(m.text())
  })
  await signInSlow(page, 'admin', '/home-sms/mt-records?status=0')
  await focusFirstRow(page)
  // Every grid feature the columns ask for is registered (a missing module is only a console error in a build).
  expectSlowly(gridErrors).toEqual([])
  const desc = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) [col-id="report_result_desc"]')
  await expectSlowly(desc).toHaveText('已送达（DELIVRD）')
  // The content column shows a line of text, not a handful of characters.
  const content = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) [col-id="decodeContent"]')
  expectSlowly((await content.boundingBox())!.width).toBeGreaterThanOrEqual(240)
  const whole = (await content.textContent())!.trim()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expectSlowly(dialog).toBeVisible()
  const detail = dialog.getByTestId('record-detail')
  await expectSlowly(detail).toContainText(whole)
  await expectSlowly(detail.getByTestId('record-status')).toHaveText('发送成功 · DELIVRD')
  await expectSlowly(detail.getByTestId('record-meaning')).toHaveText('短信已送到对方手机。')
  await expectSlowly(detail.getByTestId('record-timeline')).toContainText('收到状态报告')
  await page.keyboard.press('Escape')
  await expectSlowly(dialog).toHaveCount(0)
  await expectSlowly(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeFocused()
})

test('Enter on a batch in batch statistics opens its page', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/batch-stats')
  await expect(gridRows(page).first()).toBeVisible()
  await expect(page.locator('[data-list] [data-total]')).toHaveText(/共 [\d,]+ 条/)
  await page.locator('.ag-header-cell').first().focus()
  await page.keyboard.press('ArrowDown')
  const batchId = await page.locator('.ag-row[row-index="0"] [col-id="batch_id"]').first().textContent()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${batchId}$`))
  await expect(page.getByTestId('batch-page')).toContainText(batchId!)
})

test("a reply record's detail is titled by its list and the replying number, not a row number", async ({ page }) => {
  await signInSlow(page, 'admin', '/home-sms/mo-records')
  await focusFirstRow(page)
  const number = ((await page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) [col-id="decodeMobile"]').textContent()) ?? '').trim()
  expect(number).toMatch(/\d{3}/)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expectSlowly(dialog.getByRole('heading', { level: 2 })).toHaveText(`上行记录：${number}`)
  await page.keyboard.press('Escape')
})
