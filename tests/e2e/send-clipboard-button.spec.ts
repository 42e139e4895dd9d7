import { expect, test, type Page } from '@playwright/test'
import { chooseFiles, openPalette, pasteNumbers, signIn } from './helpers'

// The "Paste from clipboard" button and a big Ctrl+V (src/features/send/clipboard.ts, NumbersPanel.tsx). In headless
// Chromium the clipboard-read permission is 'prompt' when the test grants nothing (a user never asked; the browser's
// prompt then refuses at once), 'denied' when only clipboard-write is granted, 'granted' with both. A read from a
// paste event needs none of them.
const DISTINCT = 100_000
const DENIED = '未获准读取剪贴板，未添加号码。仍可在框内用 Ctrl+V 粘贴。'
const EMPTY = '剪贴板中没有文本，请先复制号码。仍可在框内用 Ctrl+V 粘贴。'

/** Puts `count` distinct valid numbers (~1.2 MB for 100,000), `dupes` repeats of the first ones and `bad` invalid lines on the clipboard, built in the page. */
async function copyNumbers(page: Page, count: number, dupes = 0, bad = 0) {
  await page.evaluate(([n, d, b]) => {
    const lines: string[] = []
    for (let i = 0; i < n; i++) lines.push(`1${3 + (i % 7)}${String((i * 7919 + 104729) % 1e9).padStart(9, '0')}`)
    for (let i = 0; i < d; i++) lines.push(lines[i])
    for (let i = 0; i < b; i++) lines.push(`12345${i}`)
    return navigator.clipboard.writeText(lines.join('\n'))
  }, [count, dupes, bad])
}

/** Counts the page's asynchronous clipboard reads in `window.asyncReads`, and its paste event reads in `window.eventReads`. */
async function countReads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { asyncReads: number; eventReads: number }
    w.asyncReads = 0
    w.eventReads = 0
    const read = navigator.clipboard.read.bind(navigator.clipboard)
    navigator.clipboard.read = () => (w.asyncReads++, read())
    const getData = DataTransfer.prototype.getData
    DataTransfer.prototype.getData = function (format) {
      w.eventReads++
      return getData.call(this, format)
    }
  })
}
const asyncReads = (page: Page) => page.evaluate(() => (window as unknown as { asyncReads: number }).asyncReads)
const eventReads = (page: Page) => page.evaluate(() => (window as unknown as { eventReads: number }).eventReads)

async function openGroupSend(page: Page) {
  await signIn(page, 'acme', '/home-sms/group-send')
  await expect(page.getByTestId('numbers-box')).toBeVisible()
}

test('the button reads the clipboard as a Blob, counts exactly, and combines with a Ctrl+V', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await countReads(page)
  await openGroupSend(page)
  await copyNumbers(page, DISTINCT, 500, 2)
  await page.getByRole('button', { name: '从剪贴板粘贴' }).click()
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(DISTINCT).toLocaleString('en-US')} 个`)
  await expect(page.getByTestId('count-total')).toHaveText(`共 ${(DISTINCT + 502).toLocaleString('en-US')} 个`)
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 500 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 2 个')
  await expect(page.getByTestId('numbers-box')).toHaveValue('')
  expect(await asyncReads(page)).toBe(1)
  await pasteNumbers(page, '13600136000')
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(DISTINCT + 1).toLocaleString('en-US')} 个`)
  expect(await asyncReads(page)).toBe(2)
  expect(await eventReads(page)).toBe(0)
})

test('a refused or empty clipboard read of the button says so and keeps the numbers added', async ({ page }) => {
  await page.addInitScript(() => {
    // Read 1 is the first Ctrl+V, 2 the refused click; the third read (second click) finds a clipboard without text
    // (an image copied, say).
    let calls = 0
    const read = navigator.clipboard.read.bind(navigator.clipboard)
    navigator.clipboard.read = () => (++calls === 3 ? Promise.resolve([]) : read())
  })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openGroupSend(page)
  await pasteNumbers(page, '13800138000\n13900139000\n12345')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  const button = page.getByRole('button', { name: '从剪贴板粘贴' })
  // Nothing granted: headless Chromium refuses the permission prompt.
  await button.click()
  await expect(page.getByText(DENIED)).toBeVisible()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await button.click()
  await expect(page.getByText(EMPTY)).toBeVisible()
  await expect(page.getByText(DENIED)).toHaveCount(0)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  // Ctrl+V still works (a paste event may read without the permission) and clears the message.
  await pasteNumbers(page, '13700137000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByText(EMPTY)).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a big Ctrl+V without clipboard-read permission reads the clipboard asynchronously, never the event text', async ({ page }) => {
  await countReads(page)
  await openGroupSend(page)
  expect(await page.evaluate(() => navigator.permissions.query({ name: 'clipboard-read' as PermissionName }).then((s) => s.state))).not.toBe('granted')
  await copyNumbers(page, DISTINCT, 0, 1)
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${(DISTINCT).toLocaleString('en-US')} 个`)
  await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
  await expect(page.getByTestId('count-duplicates')).toHaveText(`重复 ${DISTINCT.toLocaleString('en-US')} 个`)
  expect(await asyncReads(page)).toBe(2)
  expect(await eventReads(page)).toBe(0)
  await expect(page.getByTestId('numbers-box')).toHaveValue('')
})

test('keyboard only: the palette pastes numbers from the clipboard and opens the number file chooser', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openGroupSend(page)
  await copyNumbers(page, 1000, 3)
  const palette = await openPalette(page)
  await page.keyboard.type('从剪贴板粘贴号码')
  await expect(palette.getByRole('option').first()).toContainText('接收号码：从剪贴板粘贴号码')
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1,000 个')
  await expect(page.getByTestId('count-duplicates')).toHaveText('重复 3 个')

  await openPalette(page)
  await page.keyboard.type('添加号码文件')
  await chooseFiles(page, () => page.keyboard.press('Enter'), { name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.from('13700137000\n13700137001\n') })
  await expect(page.getByTestId('count-valid')).toHaveText('有效 1,002 个')
  // Off the send pages the commands are gone.
  await page.goto('/sms-cloud/info/index')
  await expect(page.getByTestId('tab-/info/index')).toBeVisible()
  await openPalette(page)
  await page.keyboard.type('从剪贴板粘贴号码')
  await expect(page.getByTestId('command-palette').getByRole('option', { name: /接收号码/ })).toHaveCount(0)
})
