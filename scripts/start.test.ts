import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../server/test/processes'
import { exitStatus } from './lib.mjs'

/*
 * `npm start` as a supervisor runs it: the real chain (npm → scripts/start.mjs → the compiled server on the embedded
 * PostgreSQL of one DATA_DIR), each link signalled in turn. A SIGTERM to npm's pid alone (systemd's KillMode=mixed,
 * `docker stop`), to start.mjs alone or to the whole process group stops the server and its database, and npm exits
 * only after them, with the server's status; a server killed outright makes npm exit non-zero.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Chain {
  npm: ChildProcess
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  port: number
  lines: string[]
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const argsOf = (pid: number) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
/** The pids whose parent is `pid`. */
const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

describe('npm start under a supervisor', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sms-start-'))
    chmodSync(dataDir, 0o755)
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  async function start(): Promise<Chain & { startMjs: number; server: number }> {
    const port = await freePort()
    // Its own process group, as a service manager gives it; no tty.
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SEED_HISTORY_ROWS: '100', LOG_LEVEL: 'warn' },
    })
    const lines: string[] = []
    for (const s of [npm.stdout!, npm.stderr!]) s.on('data', (b: Buffer) => lines.push(...b.toString('utf8').split('\n')))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.once('exit', (code, signal) => resolve({ code, signal })))
    // Ready when the server answers.
    for (let i = 0; ; i++) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${lines.join('\n')}`)
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)
      if (ok) break
      if (i > 600) throw new Error(`npm start never became ready:\n${lines.join('\n')}`)
      await new Promise((r) => setTimeout(r, 300))
    }
    // npm runs the script with exec: its one child is start.mjs (no shell between), whose one child is the server.
    const [startMjs, ...more] = childrenOf(npm.pid!)
    expect(more).toEqual([])
    expect(argsOf(startMjs!)).toContain('scripts/start.mjs')
    // Its children: the server (and esbuild's service, left from compiling the server).
    const server = childrenOf(startMjs!).find((pid) => argsOf(pid).includes('dist-server/main.js'))
    expect(server).toBeDefined()
    return { npm, exited, port, lines, startMjs: startMjs!, server: server! }
  }

  /** Everything of the chain has ended, and the database folder is free for the next start. */
  function allGone(c: { startMjs: number; server: number }) {
    expect(alive(c.startMjs)).toBe(false)
    expect(alive(c.server)).toBe(false)
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
  }

  it('a server killed outright: npm exits non-zero', async () => {
    const c = await start()
    process.kill(c.server, 'SIGKILL')
    const end = await c.exited
    // npm ends the way its child did: start.mjs exits 137, npm with that code or by the same signal.
    expect(end.code === 137 || end.signal === 'SIGKILL').toBe(true)
    expect(alive(c.startMjs)).toBe(false)
  }, 300_000)

  it.each([
    ['npm alone', (c: Chain & { startMjs: number }) => process.kill(c.npm.pid!, 'SIGTERM')],
    ['start.mjs alone', (c: Chain & { startMjs: number }) => process.kill(c.startMjs, 'SIGTERM')],
    ['the whole process group', (c: Chain & { startMjs: number }) => process.kill(-c.npm.pid!, 'SIGTERM')],
  ])('SIGTERM to %s: the server and its database stop, then npm exits 0', async (_who, signal) => {
    const c = await start()
    signal(c)
    const end = await c.exited
    expect(end).toEqual({ code: 0, signal: null })
    // npm waited: nothing of the chain outlives it.
    allGone(c)
  }, 300_000)
})

describe('exitStatus', () => {
  it('is the code, or 128 + the number of the signal that ended the child', () => {
    expect(exitStatus(0, null)).toBe(0)
    expect(exitStatus(3, null)).toBe(3)
    expect(exitStatus(null, 'SIGKILL')).toBe(137)
    expect(exitStatus(null, 'SIGTERM')).toBe(143)
  })
})
