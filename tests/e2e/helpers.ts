import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, test, type FileChooser, type Locator, type Page } from '@playwright/test'
import { sealPassword } from '../../src/domain/auth'
import { TOKEN_COOKIE } from '../../src/domain/constants'
import { CARRIER_OUTBOX } from '../../playwright.config'

// jsencrypt's ESM entry does not resolve in Node; its CommonJS one does.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => { setPublicKey(k: string): void; encrypt(s: string): string | false }

/** The captcha the test server accepts (SMS_CAPTCHA_FIXED in playwright.config.ts). */
export const CAPTCHA = 'TEST'

/** The texts the carrier simulator sent to `phone`, oldest first (CARRIER_OUTBOX of playwright.config.ts). */
export function textsTo(phone: string): string[] {
  if (!existsSync(CARRIER_OUTBOX)) return []
  return readFileSync(CARRIER_OUTBOX, 'utf8').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l) as { phone: string; text: string }).filter((e) => e.phone === phone).map((e) => e.text)
}

/** The newest six-digit code sent to `phone`. */
export const lastCodeTo = (phone: string): string | null => textsTo(phone).at(-1)?.match(/\d{6}/)?.[0] ?? null

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@12345' },
  acme: { username: 'acme', password: 'Acme@12345' },
  acme01: { username: 'acme01', password: 'Acme01@12345' },
  globex: { username: 'globex', password: 'Globex@12345' },
} as const

/**
 * The approved signature of each demo account's enterprise (server/seed/signatures.ts; a sub-account sends with its
 * enterprise's): a domestic text a test sends or submits as a template starts with it, or the server refuses it.
 */
export const SIGNATURE_OF: Record<string, string> = {
  admin: '云短信', acme: '艾克米', acme01: '艾克米', acme02: '艾克米', globex: '环球', globex01: '环球',
  initech: '英尼泰克', initech01: '英尼泰克', umbrella: '安布雷拉',
}

/**
 * The saved sign-in of each demo account in this worker (one Playwright worker is one process, so one map), by server
 * origin and account: a token a test signs in with again instead of going through captcha and RSA once more.
 */
const savedTokens = new Map<string, string>()

/** Whether the server still takes `token` (a test may have signed the account out, or its session expired). */
async function stillValid(page: Page, token: string) {
  const res = await page.request.post('/api/user/getUserInfo', {
    data: {},
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN', Connection: 'close' },
  })
  return res.ok() && ((await res.json()) as { code: number }).code === 200
}

/**
 * Signs a demo account in the way the sign-in form does (captcha, password sealed with its nonce under the server's
 * key, the token in the console's cookie), through the API rather than by typing: most tests start signed in, and
 * the form's own behaviour is pinned by the sign-in specs (signInWith types it). Once per account per worker: later
 * calls put the saved token in the page's cookie, after asking the server that it still holds. Lands on `at` (a console
 * path; the home page unless given), opened by its address as a bookmark opens it: one load of the console.
 */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS = 'admin', at = '/wel/index') {
  const base = new URL(page.url().startsWith('http') ? page.url() : (test.info().project.use.baseURL ?? ''))
  const key = `${base.origin} ${who}`
  let token = savedTokens.get(key)
  if (!token || !(await stillValid(page, token))) {
    token = await signInThroughApi(page, who)
    savedTokens.set(key, token)
  }
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(token), url: base.origin, sameSite: 'Lax' }])
  await page.goto(`/sms-cloud${at}`)
  await expect(page.getByTestId('topbar')).toBeVisible()
}

/** A new session of a demo account, through the sign-in API (captcha, RSA-sealed password): its token. */
async function signInThroughApi(page: Page, who: keyof typeof ACCOUNTS) {
  const { username, password } = ACCOUNTS[who]
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api${path}`, { data, headers: { 'Accept-Language': 'zh-CN' } })
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, string> }
    expect(body.code, `${path}: ${body.msg}`).toBe(200)
    return body.data
  }
  const { redomStr } = await post('/code/captcha', {})
  const rsa = new JSEncrypt()
  rsa.setPublicKey((await post('/user/publicKey', {})).publicKey)
  const sealed = rsa.encrypt(sealPassword(redomStr, password))
  if (!sealed) throw new Error('encryption failed')
  return (await post('/user/login', { username, password: sealed, code: CAPTCHA, redomStr })).token!
}

/**
 * signIn allowing a slow first draw of the shell: on a busy machine a fresh page can take longer than the 15 s
 * signIn waits for it. A sign-in that fails otherwise still fails (no top bar ever shows).
 */
export async function signInSlow(page: Page, who: keyof typeof ACCOUNTS = 'admin', at?: string) {
  await signIn(page, who, at).catch(() => expect(page.getByTestId('topbar')).toBeVisible({ timeout: 90_000 }))
}

/** The sign-in page's password step by keyboard: account, password, the test captcha, Enter. */
export async function typePasswordStep(page: Page, username: string, password: string) {
  await page.goto('/sms-cloud/login')
  const user = page.locator('input[name="username"]')
  await expect(user).toBeFocused()
  await page.keyboard.type(username)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.locator('input[name="code"]').focus()
  await page.keyboard.type(CAPTCHA)
  await page.keyboard.press('Enter')
}

/** signIn with any account's credentials (one a test has just made or changed). */
export async function signInWith(page: Page, username: string, password: string) {
  await typePasswordStep(page, username, password)
  await expect(page).toHaveURL(/\/sms-cloud\/wel\/index/)
  await expect(page.getByTestId('topbar')).toBeVisible()
}

export async function openPalette(page: Page) {
  const palette = page.getByTestId('command-palette')
  // Right after a navigation the shell's parts may still be loading, and a key pressed before its listener exists
  // is lost (a person presses it again): press again until the palette shows, never while it is open.
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press('Control+k')
    await expect(palette).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  return palette
}

/**
 * Calls the API as the signed-in page's session (its Authorization cookie), for checks beside the UI. On a connection
 * of its own: a kept-alive one, idle while the test worked in the page, could be the one the server closes at its
 * keep-alive time-out just as the request goes out ("socket hang up", seen once), and the request context does not
 * try again as a browser does.
 */
export async function apiAs(page: Page, path: string, body: unknown) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value
  const res = await page.request.post(`/api${path}`, {
    headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}`, 'Accept-Language': 'zh-CN', Connection: 'close' },
    data: body,
  })
  return (await res.json()) as { code: number; msg: string; data: { records: Record<string, unknown>[]; total: number; totals?: Record<string, number> } }
}

/** A same-content send by the signed-in account through the API (multipart, as the send page posts it): data a test builds. */
export async function sendAs(page: Page, content: string, numbers: string[]) {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value
  const res = await page.request.post('/api/user/groupSend', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}`, 'Accept-Language': 'zh-CN', Connection: 'close' },
    multipart: {
      payload: JSON.stringify({ idempotency_key: crypto.randomUUID(), content }),
      numbers: { name: 'numbers.txt', mimeType: 'text/plain', buffer: Buffer.from(numbers.join('\n')) },
    },
  })
  const body = (await res.json()) as { code: number; msg: string; data: { batch_id: string } }
  expect(body.code, body.msg).toBe(200)
  return body.data
}

/** The signed-in account's own balance, as /user/getUserInfo reports it. */
export async function balanceOf(page: Page) {
  const res = await apiAs(page, '/user/getUserInfo', {})
  expect(res.code).toBe(200)
  return Number((res.data as unknown as { userInfo: { authUser: { balance: number } } }).userInfo.authUser.balance)
}

/** A grid's body rows (the pinned totals row excluded). */
export const gridRows = (page: Page) => page.locator('.ag-row:not(.ag-row-pinned)')

/** expect waiting up to a minute: lazy parts of the console (a dialog's code, the grid) can take long on a busy machine. */
export const expectSlowly = expect.configure({ timeout: 60_000 })

/** What has the keyboard focus: its tag, id, test id, label, the search field and grid row it is in, its text. */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    return {
      tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', testId: el?.dataset.testid ?? '', label: el?.getAttribute('aria-label') ?? '',
      field: el?.closest('[data-field]')?.getAttribute('data-field') ?? null,
      row: el?.closest('.ag-row')?.getAttribute('row-index') ?? null,
      text: el?.textContent?.trim().slice(0, 40) ?? '',
    }
  })

/** Focuses the first cell of the grid's first row, as a click on it would. */
export async function focusFirstRow(page: Page) {
  await expectSlowly(gridRows(page).first()).toBeVisible()
  await page.locator('.ag-row[row-index="0"]:not(.ag-row-pinned) .ag-cell').first().click()
  await expectSlowly(page.locator('.ag-row[row-index="0"] .ag-cell-focus').first()).toBeVisible()
}

/** A real Ctrl+V of `text` into the send page's numbers box (the test grants clipboard permissions). */
export async function pasteNumbers(page: Page, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text)
  await page.getByTestId('numbers-box').focus()
  await page.keyboard.press('Control+V')
}

/** Runs a command of the palette by typing its name and pressing Enter on the first match. */
export async function runCommand(page: Page, words: string) {
  const palette = await openPalette(page)
  await page.keyboard.type(words)
  await expect(palette.getByRole('option').first()).toContainText(words)
  await page.keyboard.press('Enter')
}

/**
 * Moves the grid's keyboard focus to the row holding `text` (row commands act on the focused row): into the grid's
 * header, then ↓ row by row.
 */
export async function focusRow(page: Page, text: string) {
  await expect(gridRows(page).filter({ hasText: text })).toHaveCount(1)
  await page.locator('.ag-header-cell').first().focus()
  const focused = page.locator('.ag-row:has(.ag-cell-focus)')
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('ArrowDown')
    await expect(focused).toHaveCount(1)
    if ((await focused.textContent())?.includes(text)) return
  }
  throw new Error(`no row with ${text}`)
}

/** Types `values` into the focused field and the ones after it, Tab between them; an empty value leaves a field as it is. */
export async function typeFields(page: Page, values: string[]) {
  for (const [i, v] of values.entries()) {
    if (i) await page.keyboard.press('Tab')
    if (v) await page.keyboard.type(v)
  }
}

/**
 * Does `act` (a key, a command) with the file chooser it opens answered by `files`. Playwright turns the browser's
 * chooser interception on when the first listener is added, without waiting for it: a key pressed at once can open the
 * real chooser (none, headless) and no event comes. A round trip to the page after adding the listener lets the
 * interception land first.
 */
export async function chooseFiles(page: Page, act: () => Promise<void>, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser')
  await page.evaluate(() => undefined)
  await act()
  await (await chooser).setFiles(files)
}

/** Presses `keys` with the file chooser answered by `file`. */
export const uploadWith = (page: Page, keys: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
  chooseFiles(page, () => page.keyboard.press(keys), file)

/**
 * Waits until the send page of `kind` has written its draft (IndexedDB, shortly after the last change) holding
 * `expected` (a part of { fields, timed, time }): the thing a reload restores, rather than a fixed pause.
 */
export async function draftSaved(page: Page, kind: string, expected: Record<string, unknown>) {
  const read = () =>
    page.evaluate(
      (key) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('sms-console')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('drafts')) return (db.close(), resolve(null))
            // Drafts are kept per account (`<cus_id>:<kind>-send`); a test's browser has one account's.
            const store = db.transaction('drafts').objectStore('drafts')
            const keys = store.getAllKeys()
            keys.onsuccess = () => {
              const own = keys.result.find((k) => String(k).endsWith(`:${key}`))
              if (own === undefined) return (db.close(), resolve(null))
              const get = store.get(own)
              get.onsuccess = () => {
                const d = get.result as { fields: unknown; timed: boolean; time: string } | undefined
                db.close()
                resolve(d ? { fields: d.fields, timed: d.timed, time: d.time } : null)
              }
              get.onerror = () => (db.close(), reject(get.error))
            }
            keys.onerror = () => (db.close(), reject(keys.error))
          }
        }),
      `${kind}-send`,
    )
  await expect.poll(read).toMatchObject(expected)
}

/** The listbox of a searchable select (src/components/ui/Combobox.tsx). */
const comboList = async (page: Page, combo: Locator) => page.locator(`[id="${await combo.getAttribute('aria-controls')}"]`)

/** The choices a searchable select offers, as ↓ opens it with nothing typed (its empty choice first); Escape shuts it. */
export async function comboOptions(page: Page, combo: Locator): Promise<string[]> {
  await combo.focus()
  await page.keyboard.press('ArrowDown')
  const list = await comboList(page, combo)
  await expect(list).toBeVisible()
  const labels = (await list.getByRole('option').allTextContents()).map((t) => t.trim())
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  return labels
}

/**
 * Picks a searchable select's choice by keyboard: types `typed` (part of the label), expects the list narrowed to
 * choices holding it, moves ↓ to `label` and presses Enter.
 */
export async function chooseInCombo(page: Page, combo: Locator, label: string, typed: string) {
  await combo.focus()
  await page.keyboard.press('Control+a')
  await page.keyboard.type(typed)
  const list = await comboList(page, combo)
  const options = list.getByRole('option')
  await expect(options.filter({ hasText: label })).toHaveCount(1)
  const labels = (await options.allTextContents()).map((t) => t.trim())
  for (const l of labels) expect(l.toLowerCase()).toContain(typed.toLowerCase())
  for (let i = 0; i < labels.indexOf(label); i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(combo).toHaveValue(label)
}

/** Moves the console to `path` the way its own links do (history and popstate), without reloading the page. */
export async function goInside(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, `/sms-cloud${path}`)
}

/** The page at rest: no list or form busy, no transition half-way (a colour measured mid-fade is not the colour). */
export async function settled(page: Page, where: string) {
  await expect(page.locator('.ag-overlay-loading-wrapper, [aria-busy="true"]'), where).toHaveCount(0, { timeout: 60_000 })
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'))
}

/** An axe violation with up to three of its elements. */
export interface AxeFound { id: string; help: string; nodes: { target: string; html: string; summary: string }[] }

/** axe (already on the page) over the page or one part of it, judged by `tags`. */
export function axeViolations(page: Page, tags: string[], include?: string): Promise<AxeFound[]> {
  return page.evaluate(
    async ({ tags, include }) => {
      const w = window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] }> } }
      const r = await w.axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      return r.violations.map((v) => ({
        id: v.id, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: (n.failureSummary ?? '').slice(0, 200) })),
      }))
    },
    { tags, include },
  )
}
