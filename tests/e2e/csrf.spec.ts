import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { apiAs, balanceOf, gridRows, pasteNumbers, signIn } from './helpers'

/*
 * An attacker's pages on another origin of the same site (another port of 127.0.0.1): the browser sends the console's
 * SameSite=Lax cookie to it, and script there can even read that cookie (cookies are not separated by port).
 */
const attackerPages = (consoleOrigin: string): Record<string, string> => {
  const sendUrl = `${consoleOrigin}/api/user/groupSend`
  // A valid send: without the guard the server stores and bills it.
  const payload = `JSON.stringify({ idempotency_key: crypto.randomUUID(), content: '【艾克米】forged send' })`
  const numbersFile = `const dt = new DataTransfer(); dt.items.add(new File(['13900000001\\n13900000002'], 'n.txt')); return dt.files`
  return {
    '/form': `<!doctype html><form id="f" method="post" enctype="multipart/form-data" action="${sendUrl}">
      <input name="payload"><input type="file" name="numbers"></form>
      <script>document.querySelector('[name=payload]').value = ${payload}
      document.querySelector('[name=numbers]').files = (() => { ${numbersFile} })(); document.getElementById('f').submit()</script>`,
    '/fetch': `<!doctype html><script>
      const form = () => { const f = new FormData(); f.set('payload', ${payload}); f.set('numbers', new Blob(['13900000003']), 'n.txt'); return f }
      const token = decodeURIComponent((document.cookie.match(/Authorization=([^;]+)/) || [])[1] || '')
      // Either may reject in the page (the server answers before reading the body; no CORS header on a refusal).
      window.results = Promise.allSettled([
        fetch('${sendUrl}', { method: 'POST', body: form(), credentials: 'include', mode: 'no-cors' }),
        fetch('${sendUrl}', { method: 'POST', body: form(), headers: { Authorization: 'Bearer ' + token } }),
      ]).then(() => ({ tokenRead: token.length > 0 }))
    </script>`,
    '/frame': `<!doctype html><iframe id="console" src="${consoleOrigin}/sms-cloud/wel/index" width="800" height="600"></iframe>`,
  }
}

let attacker: Server
let attackerOrigin: string

test.beforeAll(async ({ baseURL }) => {
  const pages = attackerPages(new URL(baseURL!).origin)
  attacker = createServer((req, res) => {
    const page = pages[req.url ?? '']
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? '')
  })
  await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done))
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`
})

test.afterAll(() => new Promise<void>((done) => attacker.close(() => done())))

const ledger = async (page: Page) => {
  const batches = await apiAs(page, '/dataGathering/batchList', { current: 1, size: 50 })
  expect(batches.code).toBe(200)
  return { balance: await balanceOf(page), batches: batches.data.total, first: batches.data.records[0] ?? null }
}

test('a page on another origin cannot send with the signed-in session: nothing stored, nothing billed', async ({ page, context }) => {
  await signIn(page, 'acme')
  const before = await ledger(page)

  const forged = await context.newPage()
  const formReply = forged.waitForResponse((r) => r.url().endsWith('/api/user/groupSend'))
  await forged.goto(`${attackerOrigin}/form`)
  expect((await formReply).status()).toBe(403)

  await forged.goto(`${attackerOrigin}/fetch`)
  const result = await forged.evaluate(() => (window as unknown as { results: Promise<{ tokenRead: boolean }> }).results)
  // Script on another port read the token cookie and sent it as a bearer header: the Origin check still refuses it.
  expect(result).toEqual({ tokenRead: true })

  expect(await ledger(page)).toEqual(before)
})

test('the console cannot be framed by a page of another origin', async ({ page, context }) => {
  await signIn(page, 'acme')
  const framer = await context.newPage()
  const refused = framer.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()))
  await framer.goto(`${attackerOrigin}/frame`)
  await refused
  const frame = framer.frames().find((f) => f !== framer.mainFrame())
  expect(frame?.url()).not.toContain('/sms-cloud/')
  await expect(framer.frameLocator('#console').getByTestId('topbar')).toHaveCount(0)
})

/** Every CSP violation the page reports, from the browser's console and the securitypolicyviolation event. */
async function watchCsp(page: Page) {
  const violations: string[] = []
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI}`)),
  )
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`)
  })
  return violations
}

test.describe('the console under its Content-Security-Policy', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  })

  test('login, home, a grid list and the bulk send page (workers) run without a violation', async ({ page }) => {
    const violations = await watchCsp(page)
    const login = await page.goto('/sms-cloud/login')
    expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
    await expect(page.locator('form img').first()).toBeVisible()
    await signIn(page, 'acme')
    await expect(page.getByTestId('topbar')).toBeVisible()

    await page.goto('/sms-cloud/home-sms/mt-records')
    await expect(gridRows(page).first()).toBeVisible()

    await page.goto('/sms-cloud/home-sms/group-send')
    await pasteNumbers(page, '13800138011\n13800138012\nabc')
    await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
    await page.getByTestId('send-content').fill('【艾克米】内容安全策略')
    await page.getByTestId('send-button').click()
    await expect(page.getByTestId('send-summary')).toBeVisible()
    expect(violations).toEqual([])
  })

  test('the 5G send page previews its image, video and audio cards without a violation', async ({ page }) => {
    const violations = await watchCsp(page)
    await signIn(page, 'globex', '/csp-sms/send')
    await page.getByTestId('csp-chatbot').selectOption({ label: 'Globex International 营销助手' })
    await page.getByTestId('csp-template').selectOption({ label: '新品上市（签名：环球）' })
    const cards = page.getByTestId('csp-preview').getByTestId('csp-card')
    await expect(cards).toHaveCount(3)
    await expect.poll(() => cards.nth(0).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await expect.poll(() => cards.nth(2).locator('audio').evaluate((a: HTMLAudioElement) => a.readyState > 0 || a.error !== null)).toBe(true)
    await pasteNumbers(page, '13900139101\n13900139102')
    await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
    expect(violations).toEqual([])
  })
})
