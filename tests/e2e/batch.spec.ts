import { expect, test, type Page } from '@playwright/test'
import { apiAs, balanceOf, expectSlowly, focusFirstRow, gridRows, runCommand, sendAs, signIn } from './helpers'

/*
 * A batch's page: it follows a send live (its counters read every few seconds while anything is on its way, never
 * after), explains the failures, and acts on the batch by keys: a resend of the transient failures and a cancel of
 * what has not gone out, each behind a confirmation that names the count and the cost.
 */

/** `n` numbers no other test sends to (the run's own range, so no opt-out or earlier record meets them). */
const numbers = (n: number, base: number) => {
  // One of 450 blocks of 20,000 in the test's range of ten million, so a retry meets no number (or opt-out) of its try.
  const from = base + (Date.now() % 450) * 20_000
  return Array.from({ length: n }, (_, i) => `139${String(from + i).padStart(8, '0')}`)
}
const figure = (page: Page, key: string) => page.getByTestId(`batch-figure-${key}`).locator('dd')
type Detail = { receive_count: number; sent_count: number; success_count: number; failure_count: number; unknown_count: number; timeout_count: number }
const detailOf = async (page: Page, batchId: string) => (await apiAs(page, '/batch/detail', { batch_id: batchId })).data as unknown as Detail

test('the batch page follows a send live and stops reading once the batch is finished', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'acme01')
  const readings: Detail[] = []
  page.on('response', async (r) => {
    if (r.url().endsWith('/api/batch/detail')) readings.push(((await r.json()) as { data: Detail }).data)
  })
  // 20,000 numbers: the carrier answers 3 s after the send, 3,333 a tick at the tests' 500 ms, so the batch is under way
  // for several seconds however slow the machine is in opening its page.
  const sent = await sendAs(page, '【艾克米】批次页实时进度', numbers(20_000, 10_000_000))
  await page.goto(`/sms-cloud/home-sms/batch/${sent.batch_id}`)
  await expect(figure(page, 'submitted')).toHaveText('20,000')
  await expect(page.getByTestId('batch-content')).toHaveText('【艾克米】批次页实时进度')
  await expect.poll(() => readings.length).toBeGreaterThan(0)
  expect(readings[0].unknown_count - readings[0].timeout_count, 'the first reading has records waiting for their report').toBeGreaterThan(0)
  // It finishes on the page by itself: every record has an outcome, shown as the server counted it.
  await expectSlowly(page.getByTestId('batch-state')).toHaveText('已完成')
  const last = readings.at(-1)!
  expect(readings.length).toBeGreaterThan(1)
  expect(last.unknown_count - last.timeout_count).toBe(0)
  await expect(figure(page, 'delivered')).toHaveText(last.success_count.toLocaleString('en-US'))
  await expect(figure(page, 'failed')).toHaveText(last.failure_count.toLocaleString('en-US'))
  expect(last.success_count + last.failure_count + last.timeout_count).toBe(20_000)
  await expect(page.getByTestId('batch-finish')).toContainText('已完成')
  // A finished batch is read no more.
  const count = readings.length
  await page.waitForTimeout(7000)
  expect(readings.length).toBe(count)
  // The palette opens a batch by its id, without a reload.
  await page.goto('/sms-cloud/wel/index')
  await runCommand(page, sent.batch_id)
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${sent.batch_id}$`))
  await expect(page.getByTestId('batch-state')).toHaveText('已完成')
  // Its failures by code, each with its meaning and kind, lead to the records filtered to that code.
  const codes = page.getByTestId('failure-code')
  if (last.failure_count > 0) {
    await expect(codes.first()).toBeVisible()
    const code = (await codes.first().getAttribute('data-code'))!
    await expect(codes.first().getByTestId('failure-kind')).toHaveText(/永久失败|暂时失败/)
    await codes.first().getByTestId('failure-records').click()
    await expect(page).toHaveURL(new RegExp(`/home-sms/mt-records\\?.*batch_id=${sent.batch_id}`))
    await expectSlowly(gridRows(page).first()).toBeVisible()
    await expect(gridRows(page).first().locator('[col-id="report_result_desc"]')).toContainText(code)
  }
})

test('resend to the transient failures by keys: the confirmation names count and cost, the new batch links back', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'acme01')
  const sent = await sendAs(page, '【艾克米】失败重发', numbers(300, 20_000_000))
  await expect.poll(async () => { const d = await detailOf(page, sent.batch_id); return d.unknown_count - d.timeout_count }, { timeout: 60_000 }).toBe(0)
  const groups = (await apiAs(page, '/batch/failures', { batch_id: sent.batch_id })).data as unknown as { codes: { count: number; kind: string }[] }
  const transient = groups.codes.filter((g) => g.kind === 'transient').reduce((n, g) => n + g.count, 0)
  expect(transient).toBeGreaterThan(0)
  await page.goto(`/sms-cloud/home-sms/batch/${sent.batch_id}`)
  await expect(page.getByTestId('batch-state')).toHaveText('已完成')
  await expect(page.getByTestId('batch-resend-failed')).toBeEnabled()
  const balance = await balanceOf(page)
  await page.getByRole('heading', { name: '进度' }).click()
  await page.keyboard.press('Alt+Shift+F')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`将作为新批次发送给 ${transient} 个号码`)
  // One-message texts at acme01's 0.045 a message.
  await expect(dialog).toContainText(`共 ${transient} 条，费用 ${(transient * 0.045).toFixed(3)} 元`)
  const resent = page.waitForResponse((r) => r.url().endsWith('/api/batch/resend'))
  await page.keyboard.press('Enter')
  const body = ((await (await resent).json()) as { data: { batch_id: string; numbers: number; cost: number } }).data
  expect(body.numbers).toBe(transient)
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${body.batch_id}$`))
  await expect(figure(page, 'submitted')).toHaveText(String(transient))
  await expect(page.getByTestId('batch-facts')).toContainText(`重发自批次 ${sent.batch_id}`)
  expect(await balanceOf(page)).toBeCloseTo(balance - body.cost, 3)
  // Back on the first batch the resend is named and not offered again.
  await page.goto(`/sms-cloud/home-sms/batch/${sent.batch_id}`)
  await expect(page.getByTestId('batch-resends')).toContainText(body.batch_id)
  await expect(page.getByTestId('batch-resend-failed')).toBeDisabled()
})

test('cancel the rest by keys: what had not gone out ends cancelled and its cost comes back', async ({ page }) => {
  await signIn(page, 'acme01')
  // A sensitive word holds the batch for review: none of it goes out by itself.
  const sent = await sendAs(page, '【艾克米】发票代开 取消测试', numbers(4, 30_000_000))
  await page.goto(`/sms-cloud/home-sms/batch/${sent.batch_id}`)
  await expect(figure(page, 'waiting')).toHaveText('4')
  const balance = await balanceOf(page)
  await page.getByRole('heading', { name: '进度' }).click()
  await page.keyboard.press('Alt+Shift+C')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('还有 4 条尚未发出')
  await page.keyboard.press('Enter')
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: '已取消 4 条' })).toBeVisible()
  await expect(figure(page, 'waiting')).toHaveText('0')
  await expect(figure(page, 'failed')).toHaveText('4')
  await expect(page.getByTestId('failure-code')).toHaveAttribute('data-code', 'CANCELLED')
  await expect(page.getByTestId('failure-code')).toContainText('发送方在交给运营商之前取消了这条短信')
  await expect(page.getByTestId('batch-cancel')).toBeDisabled()
  // 4 one-message texts at acme01's 0.045 a message.
  expect(await balanceOf(page)).toBeCloseTo(balance + 0.18, 3)
  // A cancelled record in full: its status, what its code means, and its timeline.
  await page.goto(`/sms-cloud/home-sms/mt-records?batch_id=${sent.batch_id}`)
  await focusFirstRow(page)
  await page.keyboard.press('Enter')
  const detail = page.getByTestId('record-detail')
  await expectSlowly(detail).toBeVisible()
  await expect(detail.getByTestId('record-status')).toContainText('CANCELLED')
  await expect(detail.getByTestId('record-meaning')).toHaveText('发送方在交给运营商之前取消了这条短信，费用已退回。')
  await expect(detail).toContainText('0.0000 元')
  await expect(detail.getByTestId('record-timeline')).toContainText('未发生')
})
