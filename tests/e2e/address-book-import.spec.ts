import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { apiAs, chooseFiles, expectSlowly, gridRows, runCommand, signIn, signInSlow } from './helpers'

const FIXTURE = 'tests/fixtures/spreadsheets/contacts-merged.xlsx'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })

test('imports a real spreadsheet by keyboard: columns guessed, refused rows seen and downloaded, all added at once, found in the list', async ({ page }) => {
  await signIn(page, 'acme01')
  const group = await apiAs(page, '/addressBook/addressBookGroupAdd', { group_name: 'E2EImport' })
  expect(group.code).toBe(200)
  const groupId = (group.data as unknown as { group_id: number }).group_id
  await page.goto('/sms-cloud/address-book/contacts')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })

  await runCommand(page, '导入联系人')
  const dialog = page.getByRole('dialog')
  const file = dialog.getByTestId('ab-import-file')
  await expect(file).toBeFocused()
  // Space on the focused file field opens the chooser, as a keyboard user would.
  await chooseFiles(page, () => page.keyboard.press('Space'), FIXTURE)

  // The header sits under a merged title (line 2); each field's column is guessed from the Chinese header names.
  await expect(dialog).toContainText('表头在第 2 行')
  await expect(dialog.getByTestId('ab-import-header')).toHaveValue('1')
  // The first data rows stand under the column choices.
  await expect(dialog.getByTestId('ab-import-sample').locator('tbody tr').first()).toContainText('13800138000')
  await expect(dialog.getByTestId('ab-import-map-mobile')).toHaveValue('1')
  await expect(dialog.getByTestId('ab-import-map-name')).toHaveValue('3')
  await expect(dialog.getByTestId('ab-import-map-remark')).toHaveValue('0')
  await page.keyboard.press('Tab')
  await expect(dialog.getByTestId('ab-import-group')).toBeFocused()
  await page.keyboard.type('E2EI')
  await expect(dialog.locator('[data-testid="ab-import-group"] option:checked')).toHaveText('E2EImport')

  await dialog.getByTestId('ab-import-check').focus()
  await page.keyboard.press('Enter')
  // Four good rows, one repeating a mobile of an earlier row; two refused with their line and reason; one empty row.
  await expect(dialog.getByTestId('ab-import-count-add')).toHaveText('3')
  await expect(dialog.getByTestId('ab-import-count-in-file')).toHaveText('1')
  await expect(dialog.getByTestId('ab-import-count-in-group')).toHaveText('0')
  await expect(dialog.getByTestId('ab-import-count-refused')).toHaveText('2')
  await expect(dialog.getByTestId('ab-import-count-empty')).toHaveText('1')
  const refused = dialog.getByTestId('ab-import-refused')
  await expect(refused.locator('tbody tr').nth(0)).toContainText('6手机号: 手机号长度应为 11 位王五1370013700')
  await expect(refused.locator('tbody tr').nth(1)).toContainText('7姓名: 此项不能为空')
  // Nothing is stored before the confirmation.
  expect((await apiAs(page, '/addressBook/list', { group_id: groupId, pageSize: 50 })).data.records).toHaveLength(0)

  await dialog.getByTestId('ab-import-download-refused').focus()
  const download = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  const csv = readFileSync(await (await download).path(), 'utf8')
  expect(csv.split('\r\n')[0]).toBe('\uFEFF行号,字段,原因,姓名,手机号,邮箱,工号,性别,生日,备注')
  expect(csv).toContain('6,手机号,手机号长度应为 11 位,王五,1370013700,wang@example')
  expect(csv).toContain('7,姓名,此项不能为空,,13600136000')

  await dialog.getByTestId('ab-import-confirm').focus()
  await expect(dialog.getByTestId('ab-import-confirm')).toHaveText('导入 3 个联系人')
  await page.keyboard.press('Enter')
  // The closing message counts the refused rows too, says why, and offers their file again.
  const done = page.locator('[data-sonner-toast]').filter({ hasText: '已向分组“E2EImport”导入 3 个联系人（1 个重复未导入）' })
  await expect(done).toContainText('；2 行不能导入（手机号: 手机号长度应为 11 位；姓名: 此项不能为空）')
  await expect(dialog).toBeHidden()
  const again = page.waitForEvent('download')
  await done.getByRole('button', { name: '下载不能导入的行（csv）' }).click()
  expect(readFileSync(await (await again).path(), 'utf8')).toContain('7,姓名,此项不能为空,,13600136000')

  const rows = (await apiAs(page, '/addressBook/list', { group_id: groupId, pageSize: 50 })).data.records
  expect(rows.map((r) => [r.name, r.mobile, r.birthday]).sort()).toEqual([
    ['张三', '13800138000', '1990-01-15'], ['李四', '13900139000', '1985-12-31'], ['赵六', '13500135000', null],
  ])
  await page.goto(`/sms-cloud/address-book/contacts?name=${encodeURIComponent('赵六')}`)
  await expect(gridRows(page).filter({ hasText: '13500135000' })).toHaveCount(1)
})

test('focus returns to the button that opened the import dialog when it closes', async ({ page }) => {
  test.setTimeout(180_000)
  await signInSlow(page, 'acme01', '/address-book/contacts')
  await expectSlowly(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  const button = page.locator('[data-toolbar="import"]')
  await button.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expectSlowly(dialog).toBeVisible({ timeout: 60_000 })
  await page.keyboard.press('Escape')
  await expectSlowly(dialog).toHaveCount(0)
  await expectSlowly(button).toBeFocused()
})

test('the contacts import starts in the group just made, not the first by name', async ({ page }) => {
  await signInSlow(page, 'acme01')
  const made = await apiAs(page, '/addressBook/addressBookGroupAdd', { group_name: 'zz just made' })
  expect(made.code).toBe(200)
  await page.goto('/sms-cloud/address-book/contacts')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })
  await page.getByRole('button', { name: '导入联系人' }).click()
  await expect(page.getByRole('dialog').locator('[data-testid="ab-import-group"] option:checked')).toHaveText('zz just made')
})
