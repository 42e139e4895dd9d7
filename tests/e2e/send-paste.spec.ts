import { expect, test } from '@playwright/test'
import { signIn, pasteNumbers } from './helpers'

// A paste reaches the numbers worker two ways (src/features/send/clipboard.ts): a Blob from the asynchronous
// Clipboard API, read from the paste event (which needs no clipboard-read permission), or the paste event's own
// text where the browser has no asynchronous read. Both must count alike, and a second paste combines with the first.
const FIRST = '13800138000\n13900139000\n12345\n13700137000'
const SECOND = '13800138000，13600136000'

const PATHS = [
  { path: 'an asynchronous read, clipboard-read not allowed', permissions: ['clipboard-write'], asyncRead: true },
  { path: 'an asynchronous read, clipboard-read allowed', permissions: ['clipboard-read', 'clipboard-write'], asyncRead: true },
  { path: 'the paste event text, without an asynchronous read', permissions: ['clipboard-write'], asyncRead: false },
]

for (const { path, permissions, asyncRead } of PATHS) {
  test(`pasted numbers are counted and combined through ${path}`, async ({ context, page }) => {
    await context.grantPermissions(permissions)
    await page.addInitScript((keepRead) => {
      const w = window as unknown as { asyncReads: number; eventReads: number }
      w.asyncReads = 0
      w.eventReads = 0
      const getData = DataTransfer.prototype.getData
      DataTransfer.prototype.getData = function (format) {
        w.eventReads++
        return getData.call(this, format)
      }
      if (!keepRead) {
        Object.defineProperty(Clipboard.prototype, 'read', { value: undefined })
        return
      }
      const read = navigator.clipboard.read.bind(navigator.clipboard)
      navigator.clipboard.read = () => (w.asyncReads++, read())
    }, asyncRead)
    await signIn(page, 'acme', '/home-sms/group-send')
    await pasteNumbers(page, FIRST)
    await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
    await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
    await expect(page.getByTestId('numbers-box')).toHaveValue('')
    await pasteNumbers(page, SECOND)
    await expect(page.getByTestId('count-valid')).toHaveText('有效 4 个')
    await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
    const reads = await page.evaluate(() => {
      const w = window as unknown as { asyncReads: number; eventReads: number }
      return { asyncReads: w.asyncReads, eventReads: w.eventReads }
    })
    expect(reads).toEqual(asyncRead ? { asyncReads: 2, eventReads: 0 } : { asyncReads: 0, eventReads: 2 })
  })
}

test('a failed asynchronous clipboard read says so, keeps the numbers, and the next paste reads the event text', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-write'])
  await page.addInitScript(() => {
    const read = navigator.clipboard.read.bind(navigator.clipboard)
    let calls = 0
    // The second asynchronous read fails, as a browser revoking access mid-session would.
    navigator.clipboard.read = () => (++calls === 2 ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : read())
  })
  await signIn(page, 'acme', '/home-sms/group-send')
  await pasteNumbers(page, FIRST)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await pasteNumbers(page, SECOND)
  await expect(page.getByText('读取剪贴板失败，请再粘贴一次')).toBeVisible()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await pasteNumbers(page, SECOND)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 4 个')
  await expect(page.getByText('读取剪贴板失败，请再粘贴一次')).toHaveCount(0)
})
