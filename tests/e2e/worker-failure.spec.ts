import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { pasteNumbers, signIn } from './helpers'

// comlink never settles a call whose worker died; workers/remote.ts races every call against the worker's `error`
// event. Both failures here are real and deterministic: a running worker whose reply is swallowed and which then
// throws (a crash mid-call), and a fresh worker whose module request is refused (a failed load, as after a deploy
// replaced the hashed file).
const WORKER_SCRIPT = '**/assets/numbers.worker-*.js'
const FAILED = '文件或号码列表过大无法读取，或后台处理进程已停止。已添加的内容没有丢失，请重试，或拆分成更小的部分。'
const PARSING = '正在识别号码…'

/** Makes the running numbers worker drop its next reply and then throw outside any call. */
async function breakNumbersWorker(page: Page) {
  const worker = page.workers().find((w) => w.url().includes('numbers.worker'))
  expect(worker, 'the numbers worker runs').toBeDefined()
  await worker?.evaluate(() => {
    const scope = globalThis as unknown as { postMessage: () => void }
    scope.postMessage = () => {
      setTimeout(() => {
        throw new Error('numbers worker broke')
      })
    }
  })
}

test('a numbers worker that dies mid-call or fails to load ends the spinner with a message, keeps the numbers, and a retry works', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-write'])
  await signIn(page, 'acme', '/home-sms/group-send')
  await pasteNumbers(page, '13800138000\n13900139000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')

  await breakNumbersWorker(page)
  await pasteNumbers(page, '13700137000')
  await expect(page.getByText(FAILED)).toBeVisible()
  await expect(page.getByText(PARSING)).toHaveCount(0)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')

  // The dead worker was terminated: the next paste starts a new one, whose module request is refused.
  let refused = 0
  await page.route(WORKER_SCRIPT, (route) => (refused++, route.abort()))
  await pasteNumbers(page, '13700137000')
  await expect.poll(() => refused).toBe(1)
  await expect(page.getByText(FAILED)).toBeVisible()
  await expect(page.getByText(PARSING)).toHaveCount(0)
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')

  await page.unroute(WORKER_SCRIPT)
  await pasteNumbers(page, '13700137000')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 3 个')
  await expect(page.getByText(FAILED)).toHaveCount(0)
  expect(refused).toBe(1)
})

test('a point-to-point rows worker that fails to load ends the reading with a message, and choosing the file again works', async ({ page }) => {
  const file = join(mkdtempSync(join(tmpdir(), 'worker-failure-')), 'rows.csv')
  writeFileSync(file, '姓名,手机号\n张三,13800138101\n李四,13800138103\n')
  const script = '**/assets/p2p-rows.worker-*.js'
  await page.route(script, (route) => route.abort())
  await signIn(page, 'acme', '/home-sms/p2p-send')
  await page.getByTestId('p2p-file').setInputFiles(file)
  await expect(page.getByText(FAILED)).toBeVisible()
  await expect(page.getByText('正在读取文件…')).toHaveCount(0)

  await page.unroute(script)
  await page.getByTestId('p2p-file').setInputFiles(file)
  await expect(page.getByTestId('p2p-count-valid')).toHaveText('有效 2 个')
  await expect(page.getByText(FAILED)).toHaveCount(0)
})

test('a per-country counter that fails to load stops counting with a message, and the next list is counted', async ({ context, page }) => {
  await context.grantPermissions(['clipboard-write'])
  const script = '**/assets/country-counts.worker-*.js'
  await page.route(script, (route) => route.abort())
  await signIn(page, 'acme', '/intl-sms/send')
  await pasteNumbers(page, '+447911000001\n+447911000002')
  await expect(page.getByTestId('count-valid')).toHaveText('有效 2 个')
  await expect(page.getByText(FAILED)).toBeVisible()
  await expect(page.getByText('正在按国家统计…')).toHaveCount(0)

  await page.unroute(script)
  await pasteNumbers(page, '+447911000003')
  const breakdown = page.getByTestId('country-breakdown')
  await expect(breakdown.locator('tr[data-country="GB"] [data-col="numbers"]')).toHaveText('3')
  await expect(page.getByText(FAILED)).toHaveCount(0)
})
