import { expect, test } from '@playwright/test'
import { signIn, pasteNumbers } from './helpers'

// A paste reaches the numbers worker two ways (src/features/send/clipboard.ts): the paste event's own text when the
// site may not read the clipboard (most users), or a Blob from the asynchronous Clipboard API when clipboard-read is
// allowed. Both must count alike, and a second paste combines with the first.
const FIRST = '13800138000\n13900139000\n12345\n13700137000'
const SECOND = '13800138000，13600136000'

for (const permissions of [['clipboard-write'], ['clipboard-read', 'clipboard-write']]) {
  const path = permissions.includes('clipboard-read') ? 'an asynchronous read (clipboard-read allowed)' : 'the paste event text'
  test(`pasted numbers are counted and combined through ${path}`, async ({ context, page }) => {
    await context.grantPermissions(permissions)
    await page.addInitScript(() => {
      const w = window as unknown as { asyncReads: number }
      w.asyncReads = 0
      const read = navigator.clipboard.read.bind(navigator.clipboard)
      navigator.clipboard.read = () => (w.asyncReads++, read())
    })
    await signIn(page, 'acme')
    await page.goto('/sms-cloud/home-sms/group-send')
    await pasteNumbers(page, FIRST)
    await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
    await expect(page.getByTestId('count-invalid')).toHaveText('无效 1 个')
    await expect(page.getByTestId('numbers-box')).toHaveValue('')
    await pasteNumbers(page, SECOND)
    await expect(page.getByTestId('count-valid')).toHaveText('有效 4 个')
    await expect(page.getByTestId('count-duplicates')).toHaveText('重复 1 个')
    expect(await page.evaluate(() => (window as unknown as { asyncReads: number }).asyncReads)).toBe(permissions.includes('clipboard-read') ? 2 : 0)
  })
}

test('a failed asynchronous clipboard read says so, keeps the numbers, and the next paste reads the event text', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(() => {
    const read = navigator.clipboard.read.bind(navigator.clipboard)
    let calls = 0
    // The second asynchronous read fails, as a browser revoking access mid-session would.
    navigator.clipboard.read = () => (++calls === 2 ? Promise.reject(new DOMException('denied', 'NotAllowedError')) : read())
  })
  await signIn(page, 'acme')
  await page.goto('/sms-cloud/home-sms/group-send')
  await pasteNumbers(page, FIRST)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await pasteNumbers(page, SECOND)
  await expect(page.getByText('读取剪贴板失败，请再粘贴一次')).toBeVisible()
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await pasteNumbers(page, SECOND)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 4 个')
  await expect(page.getByText('读取剪贴板失败，请再粘贴一次')).toHaveCount(0)
})
