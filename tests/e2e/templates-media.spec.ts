import { expect, test } from '@playwright/test'
import { gridRows, pasteNumbers, runCommand, signIn, uploadWith } from './helpers'
import { htmlAsMp3, png, renamedExe, truncatedMp4 } from './template-files'

/*
 * The editors' media by keyboard: a bad file of each kind gets its message beside the card and loses
 * nothing typed; a video template made of frames (added, moved, sized in KB) goes through review to a send.
 */

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a bad file of each kind gets its message beside the card, and what was typed stays', async ({ page }) => {
  await signIn(page, 'globex', '/csp-sms/templates/new')
  await page.getByTestId('csp-template_name').fill('坏文件测试')
  await page.getByTestId('csp-cards-0-title').fill('标题保留')
  await page.getByTestId('csp-cards-0-text').fill('正文保留')
  await page.getByTestId('csp-cards-0-text').focus()
  const message = page.locator('#csp-cards-0-material_id-msg')

  // Image: a program renamed .png is refused by its content, before any upload.
  await uploadWith(page, 'Alt+u', { name: 'photo.png', mimeType: 'image/png', buffer: renamedExe() })
  await expect(message).toContainText('不是允许的格式')
  // Image: larger than a 5G card takes (2 MB).
  await uploadWith(page, 'Alt+u', { name: 'huge.png', mimeType: 'image/png', buffer: png(1000, 800, [1, 2, 3], true) })
  await expect(message).toContainText('2 MB')
  // Video: an MP4 cut after its first box; audio: an HTML page named .mp3; and an empty file.
  await uploadWith(page, 'Alt+u', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: truncatedMp4() })
  await expect(message).toContainText('不完整')
  await uploadWith(page, 'Alt+u', { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: htmlAsMp3() })
  await expect(message).toContainText('不是允许的格式')
  await uploadWith(page, 'Alt+u', { name: 'empty.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(0) })
  await expect(message).toContainText('0 字节')

  await expect(page.getByTestId('csp-template_name')).toHaveValue('坏文件测试')
  await expect(page.getByTestId('csp-cards-0-title')).toHaveValue('标题保留')
  await expect(page.getByTestId('csp-cards-0-text')).toHaveValue('正文保留')
  await expect(page.getByTestId('csp-cards-0-material_id-name')).toHaveCount(0)

  // A good one then takes its place, and the message goes.
  await uploadWith(page, 'Alt+u', { name: 'ok.png', mimeType: 'image/png', buffer: png() })
  await expect(page.getByTestId('csp-cards-0-material_id-name')).toContainText('ok.png')
  await expect(message).toHaveText('ok.png 已上传')

  // Or chosen from the account's materials (Alt+M): the picker opens on its list, Enter takes the highlighted one.
  await page.getByTestId('csp-cards-0-title').focus()
  await page.keyboard.press('Alt+m')
  const picker = page.getByTestId('media-picker')
  await expect(picker.getByTestId('picker-option').first()).toBeVisible()
  await picker.focus()
  await page.keyboard.press('Enter')
  await expect(picker).toHaveCount(0)
  await expect(page.getByTestId('csp-cards-0-material_id-name')).toContainText('KB')
  await expect(page.getByTestId('csp-cards-0-title')).toHaveValue('标题保留')
})

test('a video template from frames to a send: add, move, size in KB, preview, review, send', async ({ page }) => {
  await signIn(page, 'acme')
  await runCommand(page, '新建视频短信模板')
  await expect(page).toHaveURL(/\/video-sms\/templates\/new$/)
  const title = `周末影院 ${Date.now() % 100000}`
  await page.getByTestId('video-title').focus()
  await page.keyboard.type(title)
  await page.keyboard.press('Tab')
  await page.keyboard.type('艾克米')

  await page.getByTestId('video-frames-0-text').focus()
  await page.keyboard.type('第一幕')
  const first = png(120, 90, [200, 40, 40])
  await uploadWith(page, 'Alt+u', { name: 'one.png', mimeType: 'image/png', buffer: first })
  await expect(page.getByTestId('video-frames-0-material_id-name')).toContainText('one.png')
  await page.keyboard.press('Alt+n')
  await expect(page.getByTestId('video-frames-1-material_id-pick')).toBeFocused()
  const second = png(120, 90, [40, 40, 200])
  await uploadWith(page, 'Alt+u', { name: 'two.png', mimeType: 'image/png', buffer: second })
  // A finished upload gives the focus back to its picture slot: wait for it before typing elsewhere.
  await expect(page.getByTestId('video-frames-1-material_id-name')).toContainText('two.png')
  await page.getByTestId('video-frames-1-text').focus()
  await page.keyboard.type('第二幕')
  await page.keyboard.press('Alt+ArrowUp')

  const frames = page.getByTestId('video-preview').getByTestId('preview-frames').locator('li')
  await expect(frames).toHaveCount(2)
  await expect(frames.nth(0)).toContainText('第二幕')
  await expect(frames.nth(1)).toContainText('第一幕')
  const bytes = first.length + second.length + Buffer.byteLength('第一幕') + Buffer.byteLength('第二幕')
  await expect(page.getByTestId('video-total')).toContainText(`${Math.round((bytes / 1024) * 10) / 10} KB`)

  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/video-sms\/templates$/)
  const row = gridRows(page).filter({ hasText: title })
  await expect(row).toHaveCount(1)
  // The list does not poll: reload until the review has decided (the row shows first, then its status is read).
  await expect(async () => {
    await page.reload()
    await expect(row).toHaveCount(1)
    await expect(row.locator('[col-id="status"]')).toHaveText('审核通过', { timeout: 500 })
  }).toPass({ timeout: 60_000 })

  await page.goto('/sms-cloud/video-sms/send')
  const option = page.getByTestId('video-template').locator('option').filter({ hasText: title })
  await expect(option).toHaveCount(1)
  await page.getByTestId('video-template').selectOption(await option.getAttribute('value'))
  await pasteNumbers(page, '13800138301')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1 个')
  await page.keyboard.press('Control+Enter')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/videoTemplate/videoSmsGroupSend'))
  await page.getByTestId('confirm-send').click()
  expect(((await (await reply).json()) as { code: number }).code).toBe(200)
})
