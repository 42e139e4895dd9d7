import { expect, test, type Page } from '@playwright/test'
import { formatMoney } from '../../src/domain/money'
import { successRate } from '../../src/domain/lists/stats'
import { apiAs, pasteNumbers, sendAs, signInSlow } from './helpers'

/*
 * The home page (/wel/index) per user type: today's and this month's figures of the account's scope, the latest
 * batches with their progress, what waits, the notices, and links into the screens. A send moves today's figures.
 */
interface Figures { received: number; sent: number; success: number; failure: number; unknown: number; spend: string }
interface Summary { day: string; today: Figures; month: Figures; records: { batch_id: string; cus_id: string }[]; customers: number | null; pendingTemplates: { content: number; video: number; csp: number } }

const summaryOf = async (page: Page) => {
  const res = await apiAs(page, '/home/summary', {})
  expect(res.code, res.msg).toBe(200)
  return res.data as unknown as Summary
}
const count = (n: number) => n.toLocaleString('en-US')
const figure = (page: Page, id: string) => page.getByTestId(`home-${id}-value`)

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('each user type sees the figures of its own scope: the platform, the enterprise with its sub-accounts, the sub-account', async ({ page }) => {
  // The seeded history is spread over the 90 days before now, so early in a month it may hold nothing of the month:
  // today's sends of a sub-account of acme and of another enterprise make each scope's month hold records.
  for (const [who, content, prefix] of [['acme01', '【艾克米】本月首页', '137'], ['globex', '【环球】本月首页', '136']] as const) {
    await signInSlow(page, who)
    await sendAs(page, content, [1, 2, 3].map((i) => `${prefix}0013850${i}`))
  }
  // The carrier simulator reports a record once it is 3 s old (server/send/carrier-sim.ts): the figures are compared
  // once the platform's hold still (so every scope's do), two readings 4 s apart alike, so the page and the API read
  // the same.
  await signInSlow(page, 'admin')
  await expect.poll(async () => {
    const before = JSON.stringify(await summaryOf(page))
    await new Promise((r) => setTimeout(r, 4000))
    return JSON.stringify(await summaryOf(page)) === before
  }, { timeout: 90_000, intervals: [0] }).toBe(true)
  const seen: Record<string, Summary> = {}
  for (const [who, type, scope] of [['admin', '1', '全平台'], ['acme', '2', '本企业及子账户'], ['acme01', '3', '本账户']] as const) {
    await signInSlow(page, who)
    const home = page.getByTestId('home-screen')
    await expect(home).toHaveAttribute('data-user-type', type)
    await expect(page.getByTestId('home-scope')).toHaveText(scope)
    const s = (seen[who] = await summaryOf(page))
    await expect(figure(page, 'month-sent')).toHaveText(count(s.month.received))
    await expect(figure(page, 'today-sent')).toHaveText(count(s.today.received))
    await expect(figure(page, 'month-failure')).toHaveText(count(s.month.failure))
    await expect(figure(page, 'month-spend')).toHaveText(formatMoney(s.month.spend, 'zh-CN'))
    const rate = successRate(s.month.success, s.month.sent)
    expect(rate, who).not.toBeNull()
    await expect(figure(page, 'month-rate'), who).toHaveText(`${rate?.toFixed(2)}%`)
    await expect(page.getByTestId('home-batch')).toHaveCount(s.records.length)
    expect(s.records.length).toBeGreaterThan(0)
    await expect(page.getByTestId('home-batch').first()).toContainText(s.records[0].batch_id)
    // The administrator has the review queue and the customers; the others no customer count.
    await expect(page.getByTestId('home-customers')).toHaveCount(who === 'admin' ? 1 : 0)
    await expect(page.getByTestId('home-pending-templates-content')).toHaveText(String(s.pendingTemplates.content))
    // A sub-account's batches are all its own: no account column.
    await expect(page.getByTestId('home-batches').getByRole('columnheader', { name: '账号' })).toHaveCount(who === 'acme01' ? 0 : 1)
  }
  // Each scope holds the next: the platform more than the enterprise, the enterprise more than one sub-account.
  expect(seen.admin.month.received).toBeGreaterThan(seen.acme.month.received)
  expect(seen.acme.month.received).toBeGreaterThan(seen.acme01.month.received)
  expect(seen.acme01.records.every((b) => b.cus_id === 'acme01')).toBe(true)
})

test("a send moves today's sent count and spend, and the new batch leads to its page", async ({ page }) => {
  // The send page and the records grid load their chunks the first time: slow on a busy machine.
  test.setTimeout(240_000)
  await signInSlow(page, 'acme01')
  const before = await summaryOf(page)
  await expect(figure(page, 'today-sent')).toHaveText(count(before.today.received))

  // The home's own link to the send page, by keyboard.
  await page.getByTestId('home-send-link').focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home-sms\/group-send(\?|$)/)
  await expect(page.getByTestId('group-send')).toBeVisible()
  await pasteNumbers(page, '13800138501\n13800138502\n13800138503')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await page.getByTestId('send-content').fill('【艾克米】首页今日发送量')
  await page.getByTestId('send-button').click()
  await expect(page.getByTestId('send-summary')).toBeVisible()
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await page.getByTestId('confirm-send').click()
  const body = (await (await reply).json()) as { code: number; data: { batch_id: string; cost: number } }
  expect(body.code).toBe(200)

  await page.getByTestId('tab-/wel/index').getByRole('tab').click()
  await expect(page).toHaveURL(/\/wel\/index$/)
  await expect(figure(page, 'today-sent')).toHaveText(count(before.today.received + 3))
  await expect(figure(page, 'month-sent')).toHaveText(count(before.month.received + 3))
  // 3 one-message texts at acme01's 0.045 a message.
  expect(body.data.cost).toBe(0.135)
  await expect(figure(page, 'today-spend')).toHaveText(formatMoney(Number(before.today.spend) + 0.135, 'zh-CN'))
  const first = page.getByTestId('home-batch').first()
  await expect(first).toContainText(body.data.batch_id)
  await expect(first.getByRole('progressbar')).toHaveAttribute('aria-label', new RegExp(body.data.batch_id))

  await first.getByTestId('home-batch-link').click()
  await expect(page).toHaveURL(new RegExp(`/home-sms/batch/${body.data.batch_id}$`))
  await expect(page.getByTestId('batch-figure-submitted').locator('dd')).toHaveText('3', { timeout: 60_000 })
})

test('the links lead to the screens: statistics, batches, the review queue, customers, recharges', async ({ page }) => {
  test.setTimeout(240_000)
  await signInSlow(page, 'admin')
  const back = async () => {
    await page.getByTestId('tab-/wel/index').getByRole('tab').click()
    await expect(page.getByTestId('home-figures')).toBeVisible()
  }
  await page.getByTestId('home-figures').getByRole('link', { name: /发送统计/ }).click()
  await expect(page).toHaveURL(/\/home-sms\/send-stats(\?|$)/)
  await expect(page.getByTestId('page-header').getByRole('heading', { level: 1 })).toHaveText('发送统计')
  await back()
  await page.getByTestId('home-batches').getByRole('link', { name: /批次统计/ }).click()
  await expect(page).toHaveURL(/\/home-sms\/batch-stats(\?|$)/)
  await back()
  // Each review queue: its list filtered to the templates waiting, as many as the home counted.
  const waiting = (await summaryOf(page)).pendingTemplates
  for (const [kind, url, list] of [
    ['content', /\/home-sms\/templates\?check_status=0$/, 'home-sms.templates'],
    ['video', /\/video-sms\/templates\?status=0$/, 'video-sms.templates'],
    ['csp', /\/csp-sms\/templates\?template_status=0$/, 'csp-sms.templates'],
  ] as const) {
    await expect(page.getByTestId(`home-pending-templates-${kind}`)).toHaveText(String(waiting[kind]))
    await page.getByTestId(`home-templates-link-${kind}`).click()
    await expect(page).toHaveURL(url)
    await expect(page.locator(`[data-list="${list}"] [data-total]`)).toHaveAttribute('data-total', String(waiting[kind]), { timeout: 60_000 })
    await back()
  }
  await page.getByTestId('home-customers-link').click()
  await expect(page).toHaveURL(/\/account\/customers(\?|$)/)
  await back()
  await page.getByTestId('home-recharges-link').click()
  await expect(page).toHaveURL(/\/recharge\/list(\?|$)/)
})

test('in English the figures and the batches read in English, money as CNY', async ({ page }) => {
  await page.goto('/sms-cloud/login')
  await page.evaluate(() => localStorage.setItem('sms.locale', 'en'))
  await signInSlow(page, 'acme')
  const s = await summaryOf(page)
  await expect(page.getByTestId('home-scope')).toHaveText('Your enterprise and its sub-accounts')
  await expect(page.getByTestId('home-month-spend')).toContainText('Spend')
  await expect(figure(page, 'month-spend')).toHaveText(formatMoney(s.month.spend, 'en'))
  await expect(page.getByTestId('home-batches').getByRole('columnheader', { name: 'Submitted' })).toBeVisible()
})
