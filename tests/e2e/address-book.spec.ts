import { expect, test, type Page } from '@playwright/test'
import { apiAs, focusRow, gridRows, runCommand, signIn, typeFields } from './helpers'

async function addGroup(page: Page, name: string) {
  await runCommand(page, '新增分组')
  await expect(page.getByRole('dialog').locator('input[name="group_name"]')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`分组“${name}”已保存`)).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
}

const contactsOf = async (page: Page, name: string) =>
  (await apiAs(page, '/addressBook/list', { name, pageSize: 50 })).data.records.map((r) => [r.name, r.mobile, r.groupName])

test('a sub-account keeps its address book by keyboard: groups, a contact refused then saved, edit, move two, delete one', async ({ page }) => {
  await signIn(page, 'acme01', '/address-book/groups')
  await expect(gridRows(page).first()).toBeVisible()
  await addGroup(page, 'E2EAlpha')
  await addGroup(page, 'E2EBeta')
  await expect(gridRows(page).filter({ hasText: 'E2EBeta' })).toHaveCount(1)

  await page.goto('/sms-cloud/address-book/contacts')
  await expect(gridRows(page).first()).toBeVisible()
  await runCommand(page, '新增联系人')
  const dialog = page.getByRole('dialog')
  await expect(dialog.locator('input[name="name"]')).toBeFocused()
  // A landline is refused in the form, under its field, and focus goes there. The group select starts on E2EAlpha
  // (the caller's groups by name, ASCII first).
  await typeFields(page, ['测试甲', '02088887777'])
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByText('手机号格式不正确')).toBeVisible()
  await expect(dialog.locator('input[name="mobile"]')).toBeFocused()
  await page.keyboard.press('Control+a')
  await page.keyboard.type('13966660001')
  await page.keyboard.press('Enter')
  await expect(page.getByText('联系人“测试甲”已保存')).toBeVisible()
  await expect(dialog).toBeHidden()

  await runCommand(page, '新增联系人')
  await expect(dialog.locator('input[name="name"]')).toBeFocused()
  await typeFields(page, ['测试乙', '13966660002'])
  await page.keyboard.press('Enter')
  await expect(page.getByText('联系人“测试乙”已保存')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: '测试乙' })).toHaveCount(1)

  await focusRow(page, '测试甲')
  await runCommand(page, '编辑联系人（当前行）')
  await expect(dialog.locator('input[name="name"]')).toBeFocused()
  await expect(dialog.locator('input[name="mobile"]')).toHaveValue('13966660001')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('测试甲改')
  await page.keyboard.press('Enter')
  await expect(page.getByText('联系人“测试甲改”已保存')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: '测试甲改' })).toHaveCount(1)

  // Space checks the focused row; both new contacts are checked and moved to E2EBeta.
  await focusRow(page, '测试乙')
  await page.keyboard.press('Space')
  await focusRow(page, '测试甲改')
  await page.keyboard.press('Space')
  await expect(page.locator('.ag-row-selected:not(.ag-row-pinned)')).toHaveCount(2)
  // The checkbox column speaks the console's language to screen readers, not AG Grid's English.
  await expect(page.locator('[data-list="address-book.contacts"]')).toContainText('按空格键')
  await expect(page.locator('[data-list="address-book.contacts"]')).not.toContainText('Press Space')
  await runCommand(page, '移动所选')
  await expect(dialog).toContainText('移动 2 个联系人')
  await expect(dialog.locator('select[name="group_id"]')).toBeFocused()
  await page.keyboard.type('E2EB')
  await expect(dialog.locator('select[name="group_id"] option:checked')).toHaveText('E2EBeta')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('已将 2 个联系人移到分组“E2EBeta”')).toBeVisible()
  await expect.poll(() => contactsOf(page, '测试')).toEqual(expect.arrayContaining([
    ['测试乙', '13966660002', 'E2EBeta'], ['测试甲改', '13966660001', 'E2EBeta'],
  ]))

  // Delete one: the confirmation names the row's number as the grid shows it.
  await focusRow(page, '测试乙')
  const index = (await page.locator('.ag-row:has(.ag-cell-focus) [col-id="__index"]').first().textContent())?.trim()
  await runCommand(page, '删除联系人（当前行）')
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText(`确定删除第 ${index} 行数据吗？`)
  await page.keyboard.press('Enter')
  await expect(page.getByText('已删除 1 个联系人')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: '测试乙' })).toHaveCount(0)
  expect(await contactsOf(page, '测试')).toEqual([['测试甲改', '13966660001', 'E2EBeta']])
})
