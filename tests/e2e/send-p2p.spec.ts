import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { utils, write } from '@e965/xlsx'
import { expect, test } from '@playwright/test'
import { P2P_SEND_PATH } from '../../src/domain/send'
import { draftSaved, gridRows, signIn } from './helpers'

/** A header row and five rows: one invalid mobile, one repeated, one mobile stored as a number, one empty value. */
function workbook(): string {
  const ws = utils.aoa_to_sheet([
    ['姓名', '手机号', '单号'],
    ['张三', '13800138101', 'A001'],
    ['Bob', 13800138102, 'A002'],
    ['坏号', '12345', 'A003'],
    ['重复', '13800138101', 'A004'],
    ['李四', '13800138103'],
  ])
  const wb = utils.book_new()
  utils.book_append_sheet(wb, ws, 'rows')
  const file = join(mkdtempSync(join(tmpdir(), 'p2p-')), 'rows.xlsx')
  writeFileSync(file, new Uint8Array(write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer))
  return file
}

test('a point-to-point send from an xlsx: counts, placeholders, total, preview, send, batch statistics', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/p2p-send')
  await expect(page.getByTestId('p2p-send')).toBeVisible()

  await page.getByTestId('p2p-file').setInputFiles(workbook())
  await expect(page.getByTestId('p2p-count-total')).toHaveText('共 5 行')
  await expect(page.getByTestId('p2p-count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('p2p-count-invalid')).toHaveText('无效 1 个')
  await expect(page.getByTestId('p2p-count-duplicates')).toHaveText('重复 1 个')
  // The refused row, numbered as the spreadsheet shows it (the header is row 1), and the download of every one.
  await expect(page.getByTestId('p2p-invalid')).toHaveText('第 4 行12345长度错误')
  const download = page.waitForEvent('download')
  await page.getByTestId('p2p-invalid-download').click()
  expect(readFileSync((await (await download).path())!, 'utf8')).toBe('rows.xlsx\t4\t12345\t长度错误\r\n')
  // The header was detected and the mobile column guessed from the first row.
  await expect(page.getByTestId('p2p-header')).toBeChecked()
  await expect(page.getByTestId('p2p-mobile-column')).toHaveValue('1')
  await expect(page.getByTestId('p2p-sample').locator('tbody tr')).toHaveCount(5)
  await expect(page.getByTestId('p2p-sample')).toContainText('13800138102')

  // An approved content template fills the editor.
  await page.getByTestId('pick-template').click()
  await expect(page.getByTestId('template-item').first()).toBeVisible()
  await page.getByTestId('template-item').first().click()
  await expect(page.getByTestId('p2p-template')).not.toHaveValue('')

  // Placeholders from the menu: {p1} by keyboard, {p2} by mouse.
  const box = page.getByTestId('p2p-template')
  await box.fill('【艾克米】尊敬的')
  await page.getByTestId('insert-placeholder').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('placeholder-item')).toHaveCount(2)
  await expect(page.getByTestId('placeholder-item').first()).toContainText('{p1}：第 1 列（姓名）')
  await expect(page.getByTestId('placeholder-item').first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(box).toHaveValue('【艾克米】尊敬的{p1}')
  await expect(box).toBeFocused()
  await page.keyboard.type('，订单')
  await page.getByTestId('insert-placeholder').click()
  await page.getByTestId('placeholder-item').nth(1).click()
  // Typed on at once, without waiting for the insert to show: the caret is after {p2} from the click's own task.
  await page.keyboard.type('已发货。')
  await expect(box).toHaveValue('【艾克米】尊敬的{p1}，订单{p2}已发货。')

  await expect(page.getByTestId('total-messages')).toHaveText('合计 3 条')
  await expect(page.getByTestId('p2p-filled')).toContainText('【艾克米】尊敬的张三，订单A001已发货。')
  await expect(page.getByTestId('p2p-filled')).toContainText('【艾克米】尊敬的李四，订单已发货。')

  await page.getByTestId('preview-button').click()
  const messages = page.getByTestId('preview-messages').locator('li')
  await expect(messages).toHaveCount(3)
  await expect(messages.nth(1)).toContainText('13800138102')
  await expect(messages.nth(1)).toContainText('【艾克米】尊敬的Bob，订单A002已发货。')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('preview-messages')).toBeHidden()

  await box.focus()
  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary).toBeVisible()
  await expect(summary).toContainText('3')
  // The first row's text as its recipient reads it: the signature, then the template filled with the row's values.
  await expect(page.getByTestId('send-text')).toHaveText('【艾克米】尊敬的张三，订单A001已发货。')
  const reply = page.waitForResponse((r) => r.url().endsWith(`/api${P2P_SEND_PATH}`))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number; messages: number } }
  expect(body.code).toBe(200)
  expect(body.data).toMatchObject({ numbers: 3, messages: 3 })
  await expect(page.getByTestId('p2p-template')).toHaveValue('')

  await page.goto(`/sms-cloud/home-sms/batch-stats?batch_id=${body.data.batch_id}`)
  await expect(gridRows(page)).toHaveCount(1)
  await expect(gridRows(page).first()).toContainText(body.data.batch_id)
  await expect(gridRows(page).first()).toContainText('点对点群发')
})

test('a composed point-to-point send survives a reload', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/p2p-send')
  await page.getByTestId('p2p-file').setInputFiles(workbook())
  await expect(page.getByTestId('p2p-count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('p2p-template').fill('草稿 {p2}')
  await draftSaved(page, 'p2p', { fields: { template: '草稿 {p2}' } })

  await page.reload()
  await expect(page.getByTestId('p2p-template')).toHaveValue('草稿 {p2}')
  await expect(page.getByTestId('p2p-count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('p2p-count-duplicates')).toHaveText('重复 1 个')
  await expect(page.getByTestId('total-messages')).toHaveText('合计 3 条')
})

test('the bulk send can start from an approved content template', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  await page.getByTestId('pick-template').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('template-item').first()).toBeFocused()
  const text = (await page.getByTestId('template-item').first().locator('span').last().textContent()) ?? ''
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('send-content')).toHaveValue(text)
})
