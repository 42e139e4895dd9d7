import { expect, test } from '@playwright/test'
import { formatMoney } from '../../src/domain/money'
import { apiAs, signIn } from './helpers'

/*
 * The chart above a statistics list draws the list's own window (every period, the one under way dashed and named
 * "so far"), and its figures add up to the list's totals row, which carries the billed messages and the spend.
 */

const count = (s: string) => Number(s.replace(/[^\d]/g, ''))

test('the send statistics draw their window above the list, and its totals row carries billed messages and spend', async ({ page }) => {
  // Wide enough for every column to be drawn (the grid draws only the columns in view).
  await page.setViewportSize({ width: 2200, height: 1100 })
  await signIn(page, 'acme', '/home-sms/send-stats')
  const trend = page.getByTestId('stats-trend')
  const charts = trend.getByTestId('trend-chart')
  await expect(charts).toHaveCount(2)
  await expect(charts.nth(0).getByTestId('trend-legend').locator('li')).toHaveText(['提交数', '已发送数'])
  await expect(charts.nth(1).getByTestId('trend-legend').locator('li')).toHaveText(['成功率'])

  // The default window, the last 30 days, ends today: drawn dashed, named so far, explained under the chart.
  const table = charts.nth(0).getByTestId('trend-table')
  const heads = await table.locator('tbody th').allTextContents()
  expect(heads).toHaveLength(30)
  const [from, to] = [heads[0], heads.at(-1)!.slice(0, 10)]
  expect(heads.at(-1)).toBe(`${to} (截至现在)`)
  await expect(charts.nth(0).locator('path[data-partial]').first()).toBeAttached()
  await expect(charts.nth(0).getByTestId('trend-partial-note')).toContainText(to)

  // The chart's submitted per day add up to the list's totals of the same search, and the pinned row shows them.
  const list = await apiAs(page, '/dataGathering/list', { prod_type: 0, dimension: 0, start_time: from, end_time: to, pageSize: 20 })
  const totals = list.data.totals!
  const submitted = (await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[0]?.textContent ?? '')))
    .reduce((s, v) => s + count(v), 0)
  expect(submitted).toBe(totals.receive_count)
  expect(totals.receive_count).toBeGreaterThan(0)
  expect(totals.messages).toBeGreaterThanOrEqual(totals.receive_count)
  const pinned = page.locator('.ag-row-pinned')
  await expect(pinned.locator('.ag-cell[col-id="receive_count"]')).toHaveText(totals.receive_count.toLocaleString('en-US'))
  await expect(pinned.locator('.ag-cell[col-id="messages"]')).toHaveText(totals.messages.toLocaleString('en-US'))
  await expect(pinned.locator('.ag-cell[col-id="spend"]')).toHaveText(formatMoney(totals.spend, 'zh-CN'))
  await expect(page.locator('.ag-header-cell[col-id="spend"]')).toContainText('消费金额')
})

test('by month, the chart names this month as the period under way', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/send-stats')
  await expect(page.getByTestId('stats-trend').getByTestId('trend-chart')).toHaveCount(2)
  const info = await apiAs(page, '/dataGathering/trend', { prod_type: 0, dimension: 1 })
  const trend = info.data as unknown as { axis: string[]; partial: string; receive: number[] }
  expect(trend.axis).toHaveLength(12)
  expect(trend.partial).toBe(trend.axis.at(-1))
  await page.goto(`/sms-cloud/home-sms/send-stats?dimension=1&start_time=${trend.axis[0]}-01&end_time=${trend.partial}-01`)
  const volume = page.getByTestId('stats-trend').getByTestId('trend-chart').nth(0)
  await expect(volume.getByTestId('trend-partial-note')).toContainText(trend.partial)
  await expect(volume.getByTestId('trend-table').locator('tbody th')).toHaveText(trend.axis.map((m) => (m === trend.partial ? `${m} (截至现在)` : m)))
})

test('failure analysis: failures by code and operator under the failure rate of the window, Enter opens the failed records', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/failure-stats')
  const chart = page.getByTestId('stats-trend').getByTestId('trend-chart')
  await expect(chart.getByTestId('trend-legend').locator('li')).toHaveText(['失败率'])
  const days = await chart.getByTestId('trend-table').locator('tbody th').allTextContents()
  expect(days).toHaveLength(30)
  const [from, to] = [days[0], days.at(-1)!.slice(0, 10)]
  const list = await apiAs(page, '/dataGathering/failureList', { prod_type: 0, start_time: from, end_time: to, pageSize: 20 })
  expect(list.data.total).toBeGreaterThan(0)
  const first = list.data.records[0] as { code: string; operator: string; failure_count: number }
  const row = page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned)').first()
  await expect(row.locator('.ag-cell[col-id="failure_count"]')).toHaveText(first.failure_count.toLocaleString('en-US'))
  await expect(row.locator('.ag-cell[col-id="code"]')).toContainText(first.code)
  await expect(page.locator('.ag-row-pinned .ag-cell[col-id="failure_count"]')).toHaveText(list.data.totals!.failure_count.toLocaleString('en-US'))
  await row.locator('.ag-cell[col-id="failure_count"]').click()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/home-sms/mt-records\\?.*status=700.*start_time=${from}.*end_time=${to}.*operator=${first.operator}`))
  // The records the group counts: as many as its count (the list's total of that code and operator).
  const records = await apiAs(page, '/mtRecord/list', { status: 700, start_time: from, end_time: to, operator: first.operator, pageSize: 1,
    ...(first.code.startsWith('#') ? {} : { report_code: first.code }) })
  if (!first.code.startsWith('#')) expect(records.data.total).toBe(first.failure_count)
})

test('an enterprise sets its failure alert from the failure analysis', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/failure-stats')
  await page.getByTestId('list-toolbar').locator('[data-toolbar="failure-alert"]').click()
  const dialog = page.getByRole('dialog', { name: '失败率预警' })
  await expect(dialog.getByLabel('失败率阈值（%）')).toHaveValue('20')
  await dialog.getByLabel('失败率阈值（%）').fill('15')
  await dialog.getByLabel('批次最少号码数').fill('2000')
  await dialog.getByTestId('failure-alert-save').click()
  await expect(page.getByText('失败率预警已保存')).toBeVisible()
  expect((await apiAs(page, '/failureAlert/get', {})).data).toEqual({ enabled: true, threshold: 15, min_records: 2000 })
  await apiAs(page, '/failureAlert/set', { enabled: true, threshold: 20, min_records: 1000 })
})
