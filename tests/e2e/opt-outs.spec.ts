import { expect, test } from '@playwright/test'
import { chooseFiles, focusRow, gridRows, pasteNumbers, runCommand, signIn, typeFields } from './helpers'

/*
 * The opt-out list by keyboard: the demo replies' opt-outs listed, a number added from the palette, a send to it
 * confirmed without it (the confirmation asks the server's check), and the number taken off with its reason; numbers
 * imported from a csv through the spreadsheet import the contacts use.
 */

test('a number put on the opt-out list is left out of a send, then taken off with its reason', async ({ page }) => {
  // Its own number each run: the list keeps a number taken off, with its reason.
  const mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`
  await signIn(page, 'acme', '/opt-out/list')
  const screen = page.locator('[data-list="opt-outs.list"]')
  // The demo history's replies of TD, 退订… put their numbers on the list as they were stored.
  await expect(gridRows(page).filter({ hasText: '回复退订' }).first()).toBeVisible()

  await runCommand(page, '添加退订号码')
  const dialog = page.getByRole('dialog', { name: '添加退订号码' })
  await expect(dialog.getByLabel('号码')).toBeFocused()
  await typeFields(page, [mobile, '客服电话要求退订'])
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`已将 ${mobile} 加入退订名单`)).toBeVisible()
  const row = gridRows(page).filter({ hasText: mobile })
  await expect(row).toHaveCount(1)
  await expect(row.locator('[col-id="source"]')).toHaveText('手动添加')
  await expect(row.locator('[col-id="status"]')).toHaveText('已退订')

  await page.goto('/sms-cloud/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  await pasteNumbers(page, `${mobile}\n13800138021\n13800138022`)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('send-content').fill('【艾克米】会员日提醒')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('send-opted-out')).toContainText('1 个号码已退订，将不发送')
  await expect(page.getByTestId('send-opted-out')).toContainText(mobile)
  await expect(page.getByTestId('confirm-send')).toHaveText('发送 2 个号码')
  await page.getByRole('button', { name: '取消' }).click()
  await expect(page.getByTestId('send-summary')).toBeHidden()

  await page.goto(`/sms-cloud/opt-out/list?mobile=${mobile}`)
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '1')
  await focusRow(page, mobile)
  await runCommand(page, '移出名单（当前行）')
  const remove = page.getByRole('dialog', { name: `将 ${mobile} 移出退订名单` })
  await expect(remove.getByLabel('移出原因')).toBeFocused()
  // No reason, no removal.
  await page.keyboard.press('Control+Enter')
  await expect(remove.getByRole('alert')).toHaveText('此项不能为空')
  await page.keyboard.type('用户来电要求恢复接收')
  await page.keyboard.press('Control+Enter')
  await expect(remove).toBeHidden()
  await expect(row.locator('[col-id="status"]')).toHaveText('已移出')
  await expect(row.locator('[col-id="removed_reason"]')).toHaveText('用户来电要求恢复接收')
})

test('numbers imported from a csv are checked, counted and put on the list at once', async ({ page }) => {
  const base = 13_600_000_000 + (Date.now() % 10_000_000) * 10
  const [a, b] = [String(base + 1), String(base + 2)]
  await signIn(page, 'acme', '/opt-out/list')
  await expect(gridRows(page).first()).toBeVisible()
  await runCommand(page, '导入退订号码')
  const dialog = page.getByRole('dialog', { name: '从表格导入退订号码' })
  await expect(dialog.getByTestId('opt-out-import-file')).toBeFocused()
  const csv = `号码,备注\n${a},电话要求\n+86 ${b.slice(0, 3)} ${b.slice(3)},\n${a},重复\n12345,错号\n`
  await chooseFiles(page, () => page.keyboard.press('Space'), { name: '退订.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(dialog).toContainText('表头在第 1 行')
  await expect(dialog.getByTestId('opt-out-import-map-mobile')).toHaveValue('0')
  await expect(dialog.getByTestId('opt-out-import-map-note')).toHaveValue('1')
  await dialog.getByTestId('opt-out-import-check').focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByTestId('opt-out-import-count-add')).toHaveText('2')
  await expect(dialog.getByTestId('opt-out-import-count-in-file')).toHaveText('1')
  await expect(dialog.getByTestId('opt-out-import-count-on-list')).toHaveText('0')
  await expect(dialog.getByTestId('opt-out-import-count-refused')).toHaveText('1')
  await expect(dialog.getByTestId('opt-out-import-refused').locator('tbody tr').first()).toContainText('5号码: 手机号格式不正确12345错号')
  await dialog.getByTestId('opt-out-import-confirm').focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  for (const m of [a, b]) await expect(gridRows(page).filter({ hasText: m }).locator('[col-id="source"]')).toHaveText('导入')
  await expect(gridRows(page).filter({ hasText: a })).toContainText('电话要求')
})
