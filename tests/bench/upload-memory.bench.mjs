// Peak memory of the server under concurrent uploads: BENCH_UPLOADS (default 50) uploads of a
// BENCH_UPLOAD_MB (default 10) MB MP4 at once, spread over eight accounts, against a real HTTP server in a child
// process. Printed per run: the server's resident memory before, its peak (VmHWM) during, and the answers by status.
// Beside it, in the same run: the baseline, the same server with the upload budget out of the way
// (UPLOAD_MEMORY_BYTES = 1 TB, as every upload was read at once before the budget), then the default budget.
// Each side runs in a fresh process; Linux only (reads /proc/<pid>/status).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50)
const MB = Number(process.env.BENCH_UPLOAD_MB ?? 10)
const ACCOUNTS = ['admin', 'acme', 'acme01', 'acme02', 'globex', 'globex01', 'initech', 'initech01']
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`

if (process.argv[2] === '--child') {
  const [{ createApp }, { migrate }, { seedDemo }, { issueToken }, { serve }, { benchDb }] = await Promise.all([
    import('../../server/app.ts'), import('../../server/db/index.ts'), import('../../server/seed/index.ts'),
    import('../../server/security/tokens.ts'), import('@hono/node-server'), import('./lib/throwaway-pg.mjs'),
  ])
  const db = await benchDb()
  await migrate(db)
  await seedDemo(db, { historyRows: 0 })
  const app = createApp({ db, config: { distDir: '/nonexistent', rateLimitScale: 1e6, uploadMemoryBytes: Number(process.argv[3]) } })
  const tokens = {}
  for (const u of ACCOUNTS) {
    const { rows } = await db.query('select id from customer where cus_id = $1', [u])
    tokens[u] = (await issueToken(db, rows[0].id)).token
  }
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
    console.log(JSON.stringify({ port: info.port, tokens }))
  })
  process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))))
} else {
  const { mp4 } = await import('../../server/seed/media-bytes.ts')
  const file = new Blob([mp4(MB * 2 ** 20 - 200)])
  const status = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024

  async function run(label, budget) {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(budget)], { stdio: ['ignore', 'pipe', 'inherit'] })
    const first = await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve))
    const { port, tokens } = JSON.parse(first)
    const before = status(child.pid, 'VmRSS')
    const t0 = performance.now()
    const answers = await Promise.all(Array.from({ length: UPLOADS }, async (_, i) => {
      const form = new FormData()
      form.set('file', file, `clip-${i}.mp4`)
      const res = await fetch(`http://127.0.0.1:${port}/api/file/uploadAimMaterial`, {
        method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[ACCOUNTS[i % ACCOUNTS.length]]}` },
      }).catch((e) => ({ status: `error ${e.cause?.code ?? e.message}`, text: async () => '' }))
      await res.text()
      return res.status
    }))
    const ms = performance.now() - t0
    const peak = status(child.pid, 'VmHWM')
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    const counts = Object.entries(answers.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {})).map(([s, n]) => `${n}×${s}`).join(' ')
    return { run: label, 'RSS before': mb(before), 'peak RSS': mb(peak), 'peak above start': mb(peak - before), answers: counts, 'wall ms': ms.toFixed(0) }
  }

  const { defaultConfig } = await import('../../server/config.ts')
  const UPLOAD_MEMORY_DEFAULT = defaultConfig().uploadMemoryBytes
  const table = [
    await run('baseline: every upload read at once', 2 ** 40),
    await run(`upload budget ${mb(UPLOAD_MEMORY_DEFAULT)} (default)`, UPLOAD_MEMORY_DEFAULT),
  ]
  console.log(`${UPLOADS} concurrent uploads of ${MB} MB over ${ACCOUNTS.length} accounts`)
  console.table(table)
}
