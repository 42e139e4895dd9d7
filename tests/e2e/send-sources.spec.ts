import { utils, write } from '@e965/xlsx'
import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { pasteNumbers, signIn } from './helpers'

function xlsx(rows: unknown[][]): Buffer {
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows), '联系人')
  return write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('an xlsx file and pasted text combine and are de-duplicated together; a bad spreadsheet is refused', async ({ page }) => {
  await signIn(page, 'acme01', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  const file = page.getByTestId('numbers-file')
  const counts = async (total: number, valid: number, duplicates: number, invalid: number) => {
    await expect(page.getByTestId('count-total')).toHaveText(`共 ${(total).toLocaleString('en-US')} 个`)
    await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(valid).toLocaleString('en-US')} 个`)
    await expect(page.getByTestId('count-duplicates')).toHaveText(`重复 ${duplicates.toLocaleString('en-US')} 个`)
    await expect(page.getByTestId('count-invalid')).toHaveText(`无效 ${(invalid).toLocaleString('en-US')} 个`)
  }

  // Names in column A, mobiles in column B (one stored as a number, one repeated, one too short) under a header.
  const contacts = xlsx([
    ['姓名', '手机号'],
    ['张三', '13800138101'],
    ['李四', 13800138102],
    ['王五', '13800138101'],
    ['赵六', '12345'],
    ['钱七', '138-0013-8103'],
  ])
  await file.setInputFiles({ name: 'contacts.xlsx', mimeType: XLSX_TYPE, buffer: contacts })
  await counts(5, 3, 1, 1)
  await expect(page.getByTestId('invalid-samples')).toContainText('contacts.xlsx 第 5 行')

  // One pasted number is already in the file, one is new.
  await page.evaluate((t) => navigator.clipboard.writeText(t), '13800138103\n13800138104')
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await counts(7, 4, 2, 1)

  // Random bytes named .xls, then a sheet with no mobiles: each is refused with its message, the numbers stay.
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))
  await file.setInputFiles({ name: 'broken.xls', mimeType: 'application/vnd.ms-excel', buffer: noise })
  await expect(page.getByRole('alert').filter({ hasText: '无法读取该表格文件' })).toBeVisible()
  await counts(7, 4, 2, 1)
  await file.setInputFiles({ name: 'names.xlsx', mimeType: XLSX_TYPE, buffer: xlsx([['姓名'], ['张三'], ['李四']]) })
  await expect(page.getByRole('alert').filter({ hasText: '表格中没有找到手机号码列' })).toBeVisible()
  await counts(7, 4, 2, 1)
  await expect(page.getByText('已合并 2 个来源')).toBeVisible()
})

test('"download invalid lines" gives every invalid line of every source, not only the samples shown', async ({ page }) => {
  await signIn(page, 'acme01', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  // 3,000 invalid entries pasted between valid ones (the page shows 10 samples, the samples keep 100), then a file.
  const pasted = Array.from({ length: 3000 }, (_, i) => `1380013${String(i).padStart(4, '0')}\n0551${i}`).join('\n')
  await pasteNumbers(page, pasted)
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 3,000 个')
  await page.getByTestId('numbers-file').setInputFiles({ name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.from('13800130000\n1380013\n') })
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 3,001 个')
  const download = page.waitForEvent('download')
  await page.getByTestId('download-invalid').click()
  const file = await download
  expect(file.suggestedFilename()).toBe('无效号码.txt')
  const lines = readFileSync((await file.path())!, 'utf8').split('\r\n')
  expect(lines.pop()).toBe('')
  expect(lines).toHaveLength(3001)
  expect(lines[0]).toBe('粘贴 1\t2\t05510\t固定电话号码')
  expect(lines[2999]).toBe('粘贴 1\t6000\t05512999\t固定电话号码')
  expect(lines[3000]).toBe('more.txt\t2\t1380013\t长度错误')
})
