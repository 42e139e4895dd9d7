import { readFileSync } from 'node:fs'
import { utils, write } from '@e965/xlsx'
import { expect, test } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { apiAs, balanceOf, focusRow, gridRows, runCommand, signIn } from './helpers'

/** The balance as the check screens write it: grouped thousands, three decimals ("100,000.000"). */
const money3 = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })

const PRICE = 0.005 // the demo accounts' number-check price (server/seed/accounts.ts)
// 600 distinct mobiles stored as numbers (as Excel keeps them), one repeated, under a header; the e2e server checks
// 300 numbers a second (playwright.config.ts), so the file stays a few seconds in the list before it is done.
const MOBILES = Array.from({ length: 600 }, (_, i) => `1380077${String(1000 + i)}`)
const FILE_NAME = `终端检测-${Date.now()}.xlsx`

function workbook(): Buffer {
  const sheet = utils.aoa_to_sheet([['姓名', '手机号'], ...MOBILES.map((m, i) => [`客户${i}`, Number(m)]), ['重复', Number(MOBILES[0])]])
  const book = utils.book_new()
  utils.book_append_sheet(book, sheet, 'Sheet1')
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}

test('a UE file check by keyboard: upload an xlsx, see count and cost, pay, watch the row to done, download the answers', async ({ page }) => {
  await signIn(page, 'acme', '/number-check/ue')
  const before = await balanceOf(page)
  await expect(gridRows(page).first()).toBeVisible()

  await runCommand(page, '上传文件检测')
  const dialog = page.getByRole('dialog')
  const input = dialog.getByTestId('ue-file')
  await expect(input).toBeFocused()
  // Ctrl+Enter before a file is chosen: the dialog stays and says why.
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByRole('alert')).toHaveText('请选择号码文件。')
  await input.setInputFiles({ name: FILE_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook() })
  await expect(dialog.getByTestId('ue-valid')).toHaveText('待检测号码：600')
  // Read once: the reading ends and stays ended (no second parse of the same file).
  await expect(dialog.getByText('正在读取号码…')).toBeHidden()
  await expect(dialog.getByTestId('ue-summary')).toContainText('重复：1')
  await expect(dialog.getByTestId('ue-cost')).toHaveText(`费用：${(600 * PRICE).toFixed(3)} 元`)
  await expect(dialog.getByTestId('ue-balance')).toHaveText(`余额：${money3(before)} 元`)
  await input.focus()
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`文件“${FILE_NAME}”已开始检测：600 个号码，费用 ${(600 * PRICE).toFixed(3)} 元。`)).toBeVisible()
  expect(await balanceOf(page)).toBeCloseTo(before - 600 * PRICE, 3)

  // The row follows the checker without a reload, to done with every number checked.
  const row = gridRows(page).filter({ hasText: FILE_NAME })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('检测完成', { timeout: 30_000 })
  const listed = (await apiAs(page, '/mobileUe/list', { file_name: FILE_NAME })).data.records[0]
  expect(listed).toMatchObject({ file_status: 2, batch_count: 600, check_count: 600 })
  expect(Number(listed.ue_count) + Number(listed.nue_count)).toBe(600)
  await expect(row).toContainText(String(listed.ue_count))

  await focusRow(page, FILE_NAME)
  const download = page.waitForEvent('download')
  await runCommand(page, '下载号码（当前行）')
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  const sheet = strFromU8(unzipSync(new Uint8Array(readFileSync((await file.path())!)))['xl/worksheets/sheet1.xml'])
  expect(sheet.match(/<row[ >]/g)?.length).toBe(601)
  for (const m of [MOBILES[0], MOBILES[599]]) expect(sheet).toContain(m)
})

test('the read-message capability of pasted numbers, downloaded by keyboard, answers each distinct number once', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'acme', '/number-check/online')
  const before = await balanceOf(page)
  const numbers = MOBILES.slice(0, 30)
  await page.evaluate((t) => navigator.clipboard.writeText(t), [...numbers, numbers[0]].join('\n'))
  await expect(page.getByTestId('check-box')).toBeFocused()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('check-valid')).toHaveText('待检测号码：30')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('aim-download')).toBeFocused()
  const download = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const file = await download
  const sheet = strFromU8(unzipSync(new Uint8Array(readFileSync((await file.path())!)))['xl/worksheets/sheet1.xml'])
  expect(sheet.match(/<row[ >]/g)?.length).toBe(31)
  for (const m of numbers) expect(sheet).toContain(m)
  // A lookup, not a check: nothing billed.
  expect(await balanceOf(page)).toBeCloseTo(before, 3)
})
