import { expect, test, type Page } from '@playwright/test'
import { apiAs, signIn, pasteNumbers } from './helpers'

/** The members' mobiles of address-book groups, as the server sends them (text, one a line). */
async function groupMobiles(page: Page, groupIds: number[]): Promise<string[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value
  const res = await page.request.post('/api/addressBook/groupMobileDetail', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` }, data: { group_ids: groupIds },
  })
  expect(res.status()).toBe(200)
  return (await res.text()).split('\n').filter(Boolean)
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a video send of an approved template: preview, Ctrl+Enter, confirm, and the records carry its name', async ({ page }) => {
  await signIn(page, 'acme', '/video-sms/send')
  await expect(page.getByTestId('video-send')).toBeVisible()
  // acme is an enterprise (user type 2): it sends as itself, no account selector.
  await expect(page.getByTestId('send-account')).toHaveCount(0)

  const picker = page.getByTestId('video-template')
  const first = picker.locator('option').nth(1)
  await expect(first).toBeAttached()
  const label = (await first.textContent()) ?? ''
  expect(label).toMatch(/ · 【.+】 · [\d.]+ KB$/)
  const title = label.split(' · ')[0]
  await picker.selectOption({ index: 1 })
  await expect(page.getByTestId('video-theme')).toHaveText(`主题：${title}`)
  await expect(page.getByTestId('video-frame')).toHaveCount(3)
  await expect(page.getByTestId('video-frame').first().locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/)

  const mobiles = ['13800138021', '13800138022', '13800138023']
  await pasteNumbers(page, `${mobiles.join('\n')}\n13800138021\nabc`)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByTestId('video-cost')).toContainText('0.900 元')

  await page.keyboard.press('Control+Enter')
  const summary = page.getByTestId('send-summary')
  await expect(summary.locator('dd').nth(0)).toHaveText('3')
  await expect(summary.locator('dd').nth(1)).toHaveText('3')
  await expect(summary).toContainText('0.900 元')
  await expect(summary.locator('dd').nth(4)).toHaveText('立即')
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/videoTemplate/videoSmsGroupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; numbers: number; messages: number } }
  expect(body.code).toBe(200)
  expect(body.data).toMatchObject({ numbers: 3, messages: 3 })
  await expect(page.getByTestId('count-valid')).toHaveText('有效 0 个')

  await page.goto(`/sms-cloud/video-sms/mt-records?batch_id=${body.data.batch_id}`)
  const screen = page.locator('[data-list="video-sms.mt-records"]')
  await expect(screen.locator('[data-total]')).toHaveAttribute('data-total', '3')
  const subjects = screen.locator('.ag-row:not(.ag-row-pinned) [col-id="title"]')
  await expect(subjects).toHaveCount(3)
  for (const t of await subjects.allTextContents()) expect(t.trim()).toBe(title)
})

test('numbers from address-book groups combine with pasted ones, chosen with the keyboard', async ({ page }) => {
  await signIn(page, 'acme', '/home-sms/group-send')
  await expect(page.getByTestId('group-send')).toBeVisible()
  const groups = (await apiAs(page, '/addressBook/hasMemberGroupList', {})).data as unknown as { group_id: number; member_count: number }[]
  expect(groups.length).toBeGreaterThan(1)
  const chosen = groups.slice(0, 2)
  const members = await groupMobiles(page, chosen.map((g) => g.group_id))
  expect(members.length).toBe(chosen[0].member_count + chosen[1].member_count)
  const pasted = [members[0], '13800138099']
  const distinct = new Set([...pasted, ...members].filter((m) => /^1[3-9]\d{9}$/.test(m)))

  await pasteNumbers(page, pasted.join('\n'))
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')

  await page.getByTestId('numbers-groups').click()
  const options = page.getByTestId('group-option')
  await expect(options).toHaveCount(groups.length)
  await options.first().locator('input').focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('groups-selected')).toHaveText(`已选 2 个分组，共 ${members.length} 人`)
  await page.keyboard.press('Enter')

  await expect(page.getByTestId('group-list')).toHaveCount(0)
  await expect(page.getByTestId('count-valid')).toHaveText(`有效 ${distinct.size} 个`)
  await expect(page.getByTestId('count-total')).toHaveText(`共 ${pasted.length + members.length} 个`)
  await expect(page.getByTestId('count-duplicates')).toHaveText(`重复 ${pasted.length + members.length - distinct.size} 个`)
})
