import { expect, test } from '@playwright/test'
import { png } from '../../server/seed/media-bytes'
import { apiAs, focusRow, gridRows, runCommand, signIn } from './helpers'

// globex's quota goes to 0 and back to the default at the end (material-quota.spec.ts, run before, expects the default).
test('an administrator sets a customer\'s storage quota by keyboard; the customer\'s upload over it is refused before sending', async ({ page }) => {
  await signIn(page, 'admin', '/account/customers')
  await focusRow(page, 'globex')
  await runCommand(page, '存储配额（当前行）')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('globex 的素材存储配额')
  await expect(dialog).toContainText('当前配额：默认')
  const field = dialog.locator('input[name="storage_quota"]')
  await expect(field).toBeFocused()
  // Out of range: refused in the form with the field's words, what was typed kept.
  await page.keyboard.type('2000000')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('请填写 0 到 1048576 之间的整数（MB），或留空使用默认配额')).toBeVisible()
  await expect(field).toHaveValue('2000000')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('0')
  await page.keyboard.press('Enter')
  await expect(page.getByText('客户 globex 的素材存储配额已设为 0 KB')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(gridRows(page).filter({ hasText: 'globex' }).locator('[col-id="storage_quota"]')).toHaveText('0 KB')
  // The column sits beside the pinned actions at 1400 px, not under them.
  const quotaHead = await page.locator('.ag-header-cell[col-id="storage_quota"]').boundingBox()
  const actionsHead = await page.locator('.ag-header-cell[col-id="__actions"]').boundingBox()
  expect(quotaHead!.x + quotaHead!.width).toBeLessThanOrEqual(actionsHead!.x + 1)

  // The customer: the screen says 0 KB, and the file is refused with the server's words before any upload starts.
  await page.context().clearCookies()
  await signIn(page, 'globex')
  let uploads = 0
  await page.route('**/api/file/upload*', (route) => {
    uploads++
    return route.continue()
  })
  await page.goto('/sms-cloud/csp-sms/materials')
  await expect(page.getByTestId('list-caption')).toContainText('/ 共 0 KB')
  await runCommand(page, '上传素材')
  const upload = page.getByRole('dialog')
  const name = `over-${Date.now()}.png`
  await upload.getByTestId('material-file').setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(png(32, 32, 50 * 1024, [200, 40, 40])) })
  await upload.getByTestId('material-file').focus()
  await page.keyboard.press('Control+Enter')
  await expect(upload).toContainText(/素材存储空间不足：已用 .+，共 0 KB，此文件需要 5\d KB/)
  await expect(upload).toContainText(name)
  expect(uploads).toBe(0)
  await page.keyboard.press('Escape')
  await expect(gridRows(page).filter({ hasText: name })).toHaveCount(0)

  await page.context().clearCookies()
  await signIn(page, 'admin')
  expect((await apiAs(page, '/customer/customerQuota', { cus_id: 'globex', storage_quota: '' })).code).toBe(200)
})
