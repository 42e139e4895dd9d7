// Starts the real server on a free port with a fresh database, for benchmarks that need a console to load.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

export async function startServer(env = {}) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'sms-bench-')), SEED_HISTORY_ROWS: '2000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/sms-cloud/`)).ok) break
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { base, stop: () => child.kill('SIGTERM') }
}
