import { expect, test } from '@playwright/test'
import { png } from '../../server/seed/media-bytes'
import { apiAs, focusRow, gridRows, runCommand, signIn } from './helpers'
import type { MaterialRow } from '../../src/domain/materials'

// The first list after sign-in fetches the grid's chunk: on a loaded machine that alone can take most of 15 s.
test.describe.configure({ timeout: 120_000 })

test('a customer with video and no 5G sees its video materials in the video module, deletes one and uploads one', async ({ page }) => {
  await signIn(page, 'acme').catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 60_000 }))
  // No 5G: its module stays closed to it; the video module's menu has the screen.
  expect((await apiAs(page, '/user/getMenu', { permCode: 'cspSms' })).code).toBe(403)
  await page.getByTestId('topbar').getByRole('button', { name: '视频短信' }).click()
  await page.getByRole('complementary').getByRole('button', { name: '视频素材' }).click()
  await expect(page).toHaveURL(/\/video-sms\/materials/)
  await expect(page.getByTestId('page-header').getByRole('heading', { level: 1 })).toHaveText('视频素材')
  await expect(gridRows(page).first()).toBeVisible({ timeout: 60_000 })

  // Its video SMS frames (the seeded banner and clip), none of another tenant's, none of another purpose.
  const mine = (await apiAs(page, '/aim/materialList', { purpose: 'video', pageSize: 100 })).data.records as unknown as MaterialRow[]
  expect(mine.map((m) => m.file_name)).toEqual(expect.arrayContaining(['双十一横幅.png', '门店视频.mp4']))
  await expect(gridRows(page)).toHaveCount(mine.length)
  await expect(gridRows(page).filter({ hasText: 'Globex banner.png' })).toHaveCount(0)
  await expect(gridRows(page).filter({ hasText: '市场部海报.png' })).toHaveCount(0)

  await focusRow(page, '双十一横幅.png')
  await runCommand(page, '删除（当前行）')
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText('确定删除第')
  await page.keyboard.press('Enter')
  await expect(page.getByText('已删除 1 个素材')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: '双十一横幅.png' })).toHaveCount(0)
  await expect(gridRows(page).filter({ hasText: '门店视频.mp4' })).toHaveCount(1)
  const after = (await apiAs(page, '/aim/materialList', { pageSize: 100 })).data.records as unknown as MaterialRow[]
  expect(after.map((m) => m.file_name)).not.toContain('双十一横幅.png')

  // An upload from this screen is a video SMS material: listed here, stored with that purpose.
  await runCommand(page, '上传素材')
  const dialog = page.getByRole('dialog')
  const name = `video-frame-${Date.now()}.png`
  await dialog.getByTestId('material-file').setInputFiles({ name, mimeType: 'image/png', buffer: Buffer.from(png(64, 48, 20 * 1024, [200, 60, 40])) })
  await dialog.getByTestId('material-file').focus()
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()
  await expect(gridRows(page).filter({ hasText: name })).toHaveCount(1)
  const uploaded = ((await apiAs(page, '/aim/materialList', { pageSize: 100 })).data.records as unknown as MaterialRow[]).find((m) => m.file_name === name)
  expect(uploaded?.purpose).toBe('video')
})
