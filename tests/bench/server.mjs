// Starts the real server on a free port with a fresh database, for benchmarks that need a console to load.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
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
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, SEED_HISTORY_ROWS: '2000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/sms-cloud/`)).ok) break
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250))
  }
  // The database directory goes with the server: stop() resolves once the process has exited and it is removed.
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  return { base, stop }
}
