import { defineConfig } from '@playwright/test'

// Browser tests drive the built console served by the real server (a fresh embedded PostgreSQL per run, in its own
// data dir) in Debian's Chromium: no browser download is possible on these machines.
const port = Number(process.env.E2E_PORT ?? 8199)
const dataDir = `.test-data/e2e-${process.pid}`
export const CAPTCHA = 'TEST'
/**
 * The server's output (JSON lines). Set once in the runner's environment, so the workers (which load this file again,
 * with other pids) name the same file.
 */
export const SERVER_LOG = (process.env.E2E_SERVER_LOG ??= `.test-data/e2e-${process.pid}.log`)
/** Every text the carrier simulator sends, one JSON line each (CARRIER_OUTBOX): tests read SMS codes here, never in the log. */
export const CARRIER_OUTBOX = `${SERVER_LOG}.outbox`

const TRACES = ['off', 'on', 'retain-on-failure', 'on-first-retry'] as const
const TRACE = TRACES.find((t) => t === (process.env.E2E_TRACE ?? 'off'))
if (!TRACE) throw new Error(`E2E_TRACE is one of ${TRACES.join(', ')}; got ${process.env.E2E_TRACE}`)

export default defineConfig({
  testDir: 'tests/e2e',
  // Each shard of scripts/e2e-shards.mjs has its own: a run empties its output directory when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Waits, not timings: a shared machine runs these 2–3× slower when busy (the first list parses the grid's chunk), and
  // a test that waits longer still fails on what it checks. Speed is measured in benchmarks (npm run bench).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1400, height: 900 },
    // No trace unless E2E_TRACE asks for one (retain-on-failure to look at a failure): recording costs about a third
    // of the browser tests' time (two specs alone: 83 s with it, 57 s without), and its pauses before each action
    // once hid races that a user's fast keys meet (a key pressed before the file chooser's interception was on; Enter
    // while the list's first page loaded).
    trace: TRACE,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `mkdir -p .test-data && exec node --import tsx server/main.ts > ${SERVER_LOG}`,
    url: `http://127.0.0.1:${port}/sms-cloud/`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server runs on the embedded PostgreSQL in its data dir, which it stops after its pool on SIGTERM. Without
    // this Playwright ends the server's process group with SIGKILL, and PostgreSQL (a process group of its own) would
    // be left running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 60_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMS_CAPTCHA_FIXED: CAPTCHA,
      CARRIER_OUTBOX,
      // Every browser test signs in from 127.0.0.1; the limits themselves are pinned by the server tests.
      RATE_LIMIT_SCALE: '1000',
      SEED_HISTORY_ROWS: process.env.SEED_HISTORY_ROWS ?? '20000',
      // The report-push test's receiver listens on 127.0.0.1 (tests/e2e/push.spec.ts).
      PUSH_ALLOW_PRIVATE: '1',
      // The UE checker slowly enough to watch a file being checked, and no seeded failure (tests/e2e/number-check-ue.spec.ts).
      UE_CHECK_RATE: '300',
      UE_CHECK_FAIL_SHARE: '0',
      // Templates are reviewed a few seconds after they are written, so the template tests see pending, then reviewed
      // (send-template-add.spec.ts reads "pending" within these seconds of saving).
      TEMPLATE_REVIEW_DELAY_SECONDS: '5',
      // The background workers (carrier reports, timed batches, report push, template review) look for work every
      // half second, and a refused report push is retried after 1–2 s: tests wait for the work, not for the timers.
      WORKER_INTERVAL_MS: '500',
      PUSH_RETRY_FIRST_SECONDS: '2',
    },
  },
})
