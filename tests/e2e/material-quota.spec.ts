import { expect, test } from '@playwright/test'
import { formatStorage, materialStorageSchema } from '../../src/domain/materials'
import { png } from '../../server/seed/media-bytes'
import { apiAs, gridRows, runCommand, signIn } from './helpers'

type Page = Parameters<typeof apiAs>[0]
const storageOf = async (page: Page) =>
  materialStorageSchema.parse(((await apiAs(page, '/aim/materialList', {})).data as unknown as { storage: unknown }).storage)

const caption = (s: { used: number; quota: number }) =>
  `存储空间：已用 ${formatStorage(s.used)} / 共 ${formatStorage(s.quota)}（${Math.min(100, Math.round((s.used / s.quota) * 100))}%）`

test('the materials screen shows the storage used of the quota, and an upload by keyboard counts in it', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/materials')
  const before = await storageOf(page)
  expect(before.quota).toBe(1024 ** 3)
  await expect(page.getByTestId('list-caption')).toHaveText(caption(before))

  await runCommand(page, '上传素材')
  const dialog = page.getByRole('dialog')
  const name = `quota-${Date.now()}.png`
  const bytes = Buffer.from(png(64, 48, 300 * 1024, [40, 90, 200]))
  await dialog.getByTestId('material-file').setInputFiles({ name, mimeType: 'image/png', buffer: bytes })
  await dialog.getByTestId('material-file').focus()
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()
  await expect(gridRows(page).filter({ hasText: name })).toHaveCount(1)
  const after = { used: before.used + bytes.length, quota: before.quota }
  expect(await storageOf(page)).toEqual(after)
  await expect(page.getByTestId('list-caption')).toHaveText(caption(after))
})
