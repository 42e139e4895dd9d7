import { expect, test } from '@playwright/test'
import { apiAs, focusRow, gridRows, signIn } from './helpers'

/*
 * The activity log as an enterprise reads it: a setting changed is listed (the list opened by its address, its
 * action filter held in the URL), and Enter on its row shows the entry with the field's value before and after.
 * What each write records and who may read it is server/audit/audit.test.ts; the dialog's cases (secrets, cut values)
 * are src/features/audit/AuditEntryDialog.test.tsx.
 */

test('a balance warning changed is in the activity log, with its threshold before and after', async ({ page }) => {
  await signIn(page, 'globex', '/account/audit?action=balanceWarnChanged')
  const screen = page.locator('[data-list="account.audit"]')
  await expect(screen.locator('[data-field="action"] select')).toHaveValue('balanceWarnChanged')
  await expect(screen.locator('[data-total]')).toBeVisible()

  const was = (await apiAs(page, '/warn/getCusBneWarnInfo', {})).data as unknown as { threshold: number; mobiles: string[] }
  // Its own threshold each run, so the entry is this run's.
  let threshold = 1000 + (Date.now() % 9000)
  if (threshold === was.threshold) threshold++
  const saved = await apiAs(page, '/warn/modifyCusBneWarn', { threshold, mobiles: was.mobiles })
  expect(saved.code, saved.msg).toBe(200)

  // Search again with the same filters: the newest entries.
  await screen.getByRole('button', { name: '搜索' }).click()
  const line = `threshold: ${was.threshold} → ${threshold}`
  const row = gridRows(page).filter({ hasText: line })
  await expect(row).toHaveCount(1)
  await expect(row.locator('[col-id="action"]')).toHaveText('修改余额预警')
  await expect(row.locator('[col-id="actor_id"]')).toHaveText('globex')
  await expect(row.locator('[col-id="target_id"]')).toHaveText('设置 balanceWarn')

  await focusRow(page, line)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '操作详情：修改余额预警' })
  await expect(dialog.getByTestId('audit-entry')).toContainText('操作人globex')
  const changed = dialog.locator('tr[data-field="threshold"]')
  await expect(changed.getByTestId('audit-before')).toHaveText(String(was.threshold))
  await expect(changed.getByTestId('audit-after')).toHaveText(String(threshold))
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
