// First loads as a user meets them, beside the console before a list's route started its grid chunk and first page
// and before the palette loaded pinyin on use (commit BENCH_BASELINE_COMMIT, default 1836901, checked out into a
// temporary git worktree and built there), each side its own server on a fresh database, in Debian's chromium
// (CHROMIUM_PATH):
// - bytes on the wire (transferSize: compressed bodies and headers) for the sign-in page, and for home plus the
//   first list after signing in;
// - time from pressing Enter on the sign-in form to the first list's rows: going to the list as soon as home is
//   drawn, and after a user has read home for BENCH_HOME_SECONDS (default 5);
// - Lighthouse performance (desktop preset: simulated throttling, so the score is less noisy than the timings) and
//   total blocking time for the sign-in page, home and a list, signed in through the same browser profile.
// BENCH_RUNS (default 1) rounds; BENCH_BASELINE_COMMIT=none measures only the current build. The goals are ≥ 90 on the sign-in page and ≥ 75 signed in, on a quiet machine.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { ensureBuilt } from '../../scripts/lib.mjs'
import { freePort, startServer } from './server.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const HOME_MS = Number(process.env.BENCH_HOME_SECONDS ?? 5) * 1000
const BASELINE = process.env.BENCH_BASELINE_COMMIT ?? '1836901'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CAPTCHA = 'T3ST'
const LIST = '/sms-cloud/recharge/list'
const ROOT = resolve('.')
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ')
const kib = (b) => `${(b / 1024).toFixed(0)} KiB`
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`

/** Bytes the page moved since its navigation: the document and every resource, compressed, with headers. */
const wire = (page) => page.evaluate(() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
  .reduce((a, e) => a + (e.transferSize || 0), 0))

/** A browser profile of its own, reachable by Lighthouse on a debugging port. */
async function browser() {
  const profile = mkdtempSync(join(tmpdir(), 'sms-first-load-'))
  const port = await freePort()
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, viewport: { width: 1440, height: 900 }, locale: 'zh-CN',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox'],
  })
  return { context, port, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }) } }
}

async function signIn(page, base) {
  await page.goto(`${base}/sms-cloud/login`)
  await page.locator('input[name="username"]').fill('admin')
  await page.locator('input[name="password"]').fill('Admin@12345')
  await page.locator('input[name="code"]').fill(CAPTCHA)
  const t0 = performance.now()
  await page.locator('input[name="code"]').press('Enter')
  await page.waitForURL(/\/wel\/index/, { timeout: 120_000 })
  return t0
}

/** Into the list the way the console's own links go (history and popstate), then until its first row shows. */
async function openList(page) {
  await page.evaluate((to) => {
    history.pushState(history.state, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, LIST)
  await page.locator('.ag-row:not(.ag-row-pinned)').first().waitFor({ timeout: 180_000 })
}

async function measure(base) {
  const b = await browser()
  try {
    const page = b.context.pages()[0] ?? await b.context.newPage()
    await page.goto(`${base}/sms-cloud/login`)
    await page.locator('input[name="username"]').waitFor()
    const loginBytes = await wire(page)

    const t0 = await signIn(page, base)
    await page.getByTestId('topbar').waitFor({ timeout: 120_000 })
    const home = performance.now() - t0
    await openList(page)
    const straight = performance.now() - t0
    const signedInBytes = await wire(page)

    // Again from a fresh sign-in (the cache emptied), this time reading home first.
    await b.context.clearCookies()
    await page.evaluate(() => localStorage.clear())
    const cdp = await b.context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    await signIn(page, base)
    await page.getByTestId('topbar').waitFor({ timeout: 120_000 })
    await page.waitForTimeout(HOME_MS)
    const t1 = performance.now()
    await openList(page)
    const afterHome = performance.now() - t1

    const lh = {}
    for (const [label, path] of [['home', '/sms-cloud/wel/index'], ['list', LIST]]) lh[label] = await score(`${base}${path}`, b.port)
    await b.context.clearCookies()
    await page.evaluate(() => localStorage.clear())
    lh.login = await score(`${base}/sms-cloud/login`, b.port)
    return { loginBytes, signedInBytes, home, straight, afterHome, lh }
  } finally {
    await b.close()
  }
}

/**
 * Lighthouse's CLI (LIGHTHOUSE, a pinned release fetched by npx into npm's cache on first use: a benchmark tool, not
 * a dependency every install would carry) on the browser the page is signed in with.
 */
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? 'lighthouse@12.8.2'
async function score(url, port) {
  const out = join(tmpdir(), `sms-lighthouse-${process.pid}-${port}.json`)
  // Asynchronously: Playwright, in this process, has to let the tab Lighthouse opens start (it holds new targets).
  const child = spawn('npx', ['--yes', LIGHTHOUSE, url, `--port=${port}`, '--preset=desktop', '--only-categories=performance',
    '--disable-storage-reset', '--output=json', `--output-path=${out}`, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (b) => (stderr += b))
  const status = await new Promise((done) => child.once('exit', done))
  if (!existsSync(out)) return { error: (stderr || `exit ${status}`).trim().split('\n').slice(-1)[0] }
  const lhr = JSON.parse(readFileSync(out, 'utf8'))
  rmSync(out, { force: true })
  // A page Lighthouse could not measure (no paint in its window, a navigation error) has no score: say why.
  if (lhr.runtimeError || lhr.categories.performance.score === null) return { error: lhr.runtimeError?.code ?? 'no score' }
  return { score: Math.round(lhr.categories.performance.score * 100), tbt: lhr.audits['total-blocking-time'].numericValue, lcp: lhr.audits['largest-contentful-paint'].numericValue }
}

function report(label, m) {
  const lh = (k) => (m.lh[k].error ? `not measured (${m.lh[k].error})` : `${m.lh[k].score} (TBT ${m.lh[k].tbt.toFixed(0)} ms, LCP ${secs(m.lh[k].lcp)})`)
  console.log(`  ${label}`)
  console.log(`    on the wire: sign-in page ${kib(m.loginBytes)}; signed in, home and the first list ${kib(m.signedInBytes)}`)
  console.log(`    Enter on sign-in → home drawn ${secs(m.home)}, → first list's rows (going straight there) ${secs(m.straight)}`)
  console.log(`    first list opened after ${HOME_MS / 1000} s on home → rows ${secs(m.afterHome)}`)
  console.log(`    Lighthouse performance (desktop): sign-in ${lh('login')}, home ${lh('home')}, list ${lh('list')}`)
}

const work = mkdtempSync(join(tmpdir(), 'sms-first-load-bench-'))
chmodSync(work, 0o755)
const base = join(work, 'baseline')
const withBaseline = BASELINE !== 'none'
if (withBaseline) execFileSync('git', ['worktree', 'add', '--detach', base, BASELINE], { stdio: 'ignore' })
try {
  if (withBaseline) {
    symlinkSync(join(ROOT, 'node_modules'), join(base, 'node_modules'))
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: base, stdio: 'inherit' })
    if (!existsSync(join(base, 'dist/index.html'))) throw new Error(`the baseline ${BASELINE} did not build`)
  }
  ensureBuilt()
  const env = { SMS_CAPTCHA_FIXED: CAPTCHA, DATABASE_URL: '' }
  const sides = { ...(withBaseline ? { [`baseline (${BASELINE})`]: base } : {}), now: ROOT }
  for (let r = 1; r <= RUNS; r++) {
    console.log(`\nround ${r} of ${RUNS}, load average ${load()} at the start`)
    for (const [label, cwd] of Object.entries(sides)) {
      const server = await startServer(env, { cwd, waitSeconds: 400 })
      try {
        report(label, await measure(server.base))
      } finally {
        await server.stop()
      }
    }
    console.log(`  load average ${load()} at the end`)
  }
} finally {
  if (withBaseline) execFileSync('git', ['worktree', 'remove', '--force', base], { stdio: 'ignore' })
  rmSync(work, { recursive: true, force: true })
}
