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

test("an enterprise narrows its marketing hours from the palette, and a marketing send outside them is told when it will go", async ({ page }) => {
  await signIn(page, 'acme', '/opt-out/list')
  // Hours inside the platform's 08:00–21:00 that leave out the present minute in Shanghai (the platform's time).
  const now = new Date()
  const minute = ((now.getUTCHours() + 8) % 24) * 60 + now.getUTCMinutes()
  const [start, end] = minute < 12 * 60 ? ['20:00', '21:00'] : ['08:00', '09:00']
  const setHours = async (values: string[]) => {
    await runCommand(page, '营销时段与频次')
    const dialog = page.getByRole('dialog', { name: '营销时段与频次' })
    await expect(dialog.getByLabel('开始时间')).toBeFocused()
    await expect(dialog).toContainText('平台默认：08:00–21:00，每个号码每天至多 3 条')
    for (const [i, v] of values.entries()) {
      if (i) await page.keyboard.press('Tab')
      await page.keyboard.press('Control+a')
      await page.keyboard.type(v)
    }
    await page.keyboard.press('Control+Enter')
    return dialog
  }
  // Wider than the platform's: refused on its field, nothing lost.
  let dialog = await setHours(['07:00', end, '2'])
  await expect(dialog.getByLabel('开始时间')).toHaveValue('07:00')
  await expect(dialog.getByRole('alert').first()).toHaveText('不能超出平台默认：08:00–21:00，每个号码每天至多 3 条')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  try {
    dialog = await setHours([start, end, '2'])
    await expect(dialog).toBeHidden()
    await expect(page.getByText('营销时段与频次已保存')).toBeVisible()

    await page.goto('/sms-cloud/home-sms/group-send')
    await expect(page.getByTestId('group-send')).toBeVisible()
    await pasteNumbers(page, '13800138031\n13800138032')
    await page.getByTestId('send-content').fill('【艾克米】双十二全场五折，回T退订')
    await page.getByTestId('marketing-mark').check()
    await expect(page.getByTestId('marketing-hint')).toHaveText(`已包含退订方式。 营销时段 ${start}–${end}（北京时间），时段外发送转为定时批次。`)
    await page.keyboard.press('Control+Enter')
    const notice = page.getByTestId('send-marketing')
    await expect(notice).toContainText(new RegExp(`现在不在营销时段内：将作为定时批次于 \\d{4}-\\d\\d-\\d\\d ${start}:00 发送`))
    await expect(notice).toContainText(`当前生效：${start}–${end}，每个号码每天至多 2 条`)
    await expect(page.getByTestId('send-summary')).toContainText(`${start}:00`)
    await page.getByRole('button', { name: '取消' }).click()
  } finally {
    // The platform's hours again, for the other tests of the run.
    await page.goto('/sms-cloud/opt-out/list')
    dialog = await setHours(['08:00', '21:00', '3'])
    await expect(dialog).toBeHidden()
  }
})
