import { expect, test } from '@playwright/test'
import { mp4, png } from '../../server/seed/media-bytes'
import { apiAs, focusRow, gridRows, runCommand, signIn } from './helpers'

// A Windows program renamed to look like a picture: refused by its content in the console, before any byte is sent.
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([128, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(380)])

test('materials by keyboard: see the thumbnails, a bad file refused with its message, upload, see it, delete it', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/materials')
  // The demo images show as thumbnails through their signed addresses (no header on an <img>).
  const demo = gridRows(page).filter({ hasText: 'Globex banner.png' })
  await expect(demo).toHaveCount(1)
  await expect(demo).toContainText('图片')
  const thumb = demo.locator('img')
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320)

  await runCommand(page, '上传素材')
  const dialog = page.getByRole('dialog')
  const input = dialog.getByTestId('material-file')
  await expect(input).toBeFocused()
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByRole('alert')).toHaveText('请选择要上传的文件')

  // Choose "video SMS" with the keyboard: its limits replace the library's in the hint.
  await page.keyboard.press('Tab')
  await expect(dialog.getByTestId('material-purpose')).toBeFocused()
  await dialog.getByTestId('material-purpose').selectOption({ label: '视频短信' })
  await expect(dialog.getByTestId('material-limits')).toContainText('视频 MP4 不超过 1900 KB')

  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXE })
  await input.focus()
  await page.keyboard.press('Control+Enter')
  await expect(dialog.getByTestId('material-problems')).toHaveText('photo.png：文件内容不是允许的格式，仅支持 JPEG, PNG, GIF, MP4, MPEG（按文件内容判断，与扩展名无关）')
  // Nothing the user chose is lost: the dialog stays, with the purpose as it was.
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('material-purpose')).toHaveValue('video')

  const name = `e2e-${Date.now()}.png`
  await input.setInputFiles([
    { name, mimeType: 'image/png', buffer: Buffer.from(png(64, 48, 0, [20, 160, 90])) },
    { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from(mp4(2048)) },
  ])
  await input.focus()
  await page.keyboard.press('Control+Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByText('已上传 2 个素材')).toBeVisible()
  const row = gridRows(page).filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('视频短信')
  await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
  const listed = (await apiAs(page, '/aim/materialList', { file_name: name })).data.records[0]
  expect(listed).toMatchObject({ kind: 'image', purpose: 'video', content_type: 'image/png' })

  // Delete it: the confirmation names the row's number; the row and its file are gone.
  await focusRow(page, name)
  const index = (await page.locator('.ag-row:has(.ag-cell-focus) [col-id="__index"]').first().textContent())?.trim()
  await runCommand(page, '删除（当前行）')
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText(`确定删除第 ${index} 行数据吗？`)
  await page.keyboard.press('Enter')
  await expect(page.getByText('已删除 1 个素材')).toBeVisible()
  await expect(gridRows(page).filter({ hasText: name })).toHaveCount(0)
  const gone = await page.request.get(String(listed.url))
  expect(gone.status()).toBe(401)
})

test('the media picker of the 5G card editor: arrows and Enter pick a material; a bad file uploaded there gets its message', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/templates/new')
  const pick = page.getByTestId(/-pick$/).first()
  await pick.focus()
  await page.keyboard.press('Enter')
  const picker = page.getByTestId('media-picker')
  await expect(picker).toBeFocused()
  await expect(picker.getByRole('option').first()).toBeVisible()

  // An upload on the spot that is not media: refused in place, the picker stays open.
  await page.getByTestId('picker-file').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await expect(page.getByTestId('picker-problem')).toContainText('文件内容不是允许的格式')
  await expect(picker).toBeVisible()

  // The kind filter, then the keyboard: End goes to the oldest image, Enter picks it into the card.
  await page.getByTestId('picker-kind-image').click()
  await expect(picker).toBeFocused()
  await expect(picker.getByRole('option').filter({ hasText: 'Globex banner.png' })).toBeVisible()
  await expect(picker.getByRole('option').filter({ hasText: '视频' })).toHaveCount(0)
  await page.keyboard.press('End')
  await expect(picker.locator('[aria-selected="true"]')).toContainText('Globex banner.png')
  await page.keyboard.press('Enter')
  await expect(picker).toBeHidden()
  // The card's media slot names the picked material.
  await expect(page.locator('[data-testid$="-name"]').filter({ hasText: 'Globex banner.png · 0.4 KB' })).toBeVisible()
})
