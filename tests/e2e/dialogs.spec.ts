import { expect, test } from '@playwright/test'
import { gridRows, SIGNATURE_OF, signIn } from './helpers'

test('the sample table adds a row through its form dialog: empty name refused, Enter saves', async ({ page }) => {
  await signIn(page, 'admin', '/crud/index')
  const screen = page.locator('[data-list="crud.index"]')
  await expect(gridRows(page).first()).toBeVisible()
  const total = Number(await screen.locator('[data-total]').getAttribute('data-total'))
  await screen.locator('[data-toolbar="add"]').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('crud-save').click()
  await expect(dialog.getByText('姓名不能为空')).toBeVisible()
  await dialog.locator('input[name="name"]').fill('键盘用户')
  await dialog.locator('input[name="mobile"]').fill('13800138123')
  await dialog.locator('input[name="amount"]').fill('12.5')
  await page.keyboard.press('Enter')
  await expect(page.getByText('添加成功')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', String(total + 1))
})

test('a timed batch’s content is edited in its dialog with the send page\'s figures: empty refused, Ctrl+Enter saves', async ({ page }) => {
  await signIn(page, 'admin', '/home-sms/timed-batches')
  const screen = page.locator('[data-list="home-sms.timed-batches"]')
  const panel = screen.getByRole('form', { name: '筛选条件' })
  await panel.locator('[data-field="send_status"] select').selectOption('0')
  await panel.locator('[data-field="batch_type"] select').selectOption('0')
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/pageTimeBatch/list') && (r.request().postData() ?? '').includes('send_status'))
  await panel.getByRole('button', { name: '搜索' }).click()
  await listed
  const row = gridRows(page).first()
  await expect(row.locator('[col-id="send_status"]')).toHaveText('待发送')
  // The new text starts with the batch's account's signature, as a send's does (the server refuses it otherwise).
  const account = ((await row.locator('[col-id="cus_id"]').textContent()) ?? '').trim()
  expect(SIGNATURE_OF[account], account).toBeTruthy()
  const count = Number(((await row.locator('[col-id="batch_count"]').textContent()) ?? '').replace(/\D/g, ''))
  await row.locator('[data-action="edit"]').click()
  const dialog = page.getByRole('dialog')
  const box = dialog.locator('textarea[name="content"]')
  await box.fill('   ')
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByText('短信内容不能为空')).toBeVisible()
  // The send page's figures follow the text: 155 characters or more are 3 messages for each of the batch's numbers, at
  // the account's price, and the dialog says the edit bills the batch differently before it is saved.
  await box.fill(`【${SIGNATURE_OF[account]}】${'请准时参加'.repeat(30)}`)
  await expect(dialog.getByTestId('messages-per-number')).toHaveText('每个号码 3 条')
  expect(((await dialog.getByTestId('total-messages').textContent()) ?? '').replace(/\D/g, '')).toBe(String(3 * count))
  await expect(dialog.getByTestId('estimated-cost')).toContainText('元')
  await expect(dialog.getByTestId('timed-edit-change')).toContainText('条变为 3 条')
  await box.fill(`【${SIGNATURE_OF[account]}】新的定时内容`)
  await expect(dialog.getByTestId('messages-per-number')).toHaveText('每个号码 1 条')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText('修改成功')).toBeVisible()
  await expect(dialog).toBeHidden()
})

test('a dialog\'s answer buttons are a named group of named buttons, reached by keyboard', async ({ page }) => {
  await signIn(page)
  await page.getByTestId('lock-button').focus()
  await page.keyboard.press('Enter')
  const footer = page.getByRole('dialog').getByRole('group', { name: '对话框操作' })
  await expect(footer.getByRole('button')).toHaveText(['取消', '锁屏'])
  await expect(footer.getByRole('button', { name: '取消' })).toHaveAttribute('type', 'button')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Opened without a Radix trigger: the shared dialog gives focus back to the button that opened it.
  await expect(page.getByTestId('lock-button')).toBeFocused()
})
