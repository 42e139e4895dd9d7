// Starts the real server on a free port with a fresh database, for benchmarks that need a console to load.
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A port nothing listens on now (the kernel's pick). */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

/**
 * `cwd`: another checkout's server and build (a baseline built from an earlier commit); `waitSeconds`: how long a
 * first start (a new database) may take on a busy machine.
 */
export async function startServer(env = {}, { cwd, waitSeconds = 150 } = {}) {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-'))
  // As root the embedded PostgreSQL runs as the user postgres, which has to reach its folder inside this one.
  chmodSync(dir, 0o755)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, SEED_HISTORY_ROWS: '2000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  })
  // The log is read (a full pipe would stall the server) and its last lines kept for the message of a failed start.
  const tail = []
  for (const s of [child.stdout, child.stderr]) {
    s.on('data', (b) => {
      tail.push(...b.toString().split('\n').filter(Boolean))
      tail.splice(0, Math.max(0, tail.length - 20))
    })
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  let up = false
  for (let i = 0; i < waitSeconds * 4 && !up && child.exitCode === null; i++) {
    try {
      up = (await fetch(`${base}/sms-cloud/`)).ok
    } catch { /* not up yet */ }
    if (!up) await new Promise((r) => setTimeout(r, 250))
  }
  // The database directory goes with the server: stop() resolves once the process has exited and it is removed.
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  if (!up) {
    await stop()
    throw new Error(`the server${cwd ? ` in ${cwd}` : ''} did not answer within ${waitSeconds} s:\n${tail.join('\n')}`)
  }
  return { base, stop }
}
