import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

/* Real server processes (node --import tsx server/main.ts) for the tests that need more than one on a database. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A fresh database on the run's PostgreSQL (global-setup.ts), dropped by `drop` (processes still attached are cut off). */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mp_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** Resolves once the process has printed a line containing `text` (looking at what it printed already too). */
export function printed(p: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve) => {
    const look = () => p.lines.some((l) => l.includes(text))
    if (look()) return resolve()
    const onData = () => {
      if (!look()) return
      p.child.stdout!.off('data', onData)
      p.child.stderr!.off('data', onData)
      resolve()
    }
    p.child.stdout!.on('data', onData)
    p.child.stderr!.on('data', onData)
  })
}

export interface ServerProcess {
  base: string
  port: number
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr), line by line; log lines as their messages. */
  lines: string[]
  /** What the process printed on stdout, line by line, exactly as printed (the JSON log lines themselves). */
  stdout: string[]
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
  /** Sends the signal and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/** A JSON log line as its message (`[role] msg: postgres` with the role and PostgreSQL's own line when it has them); any other line as printed. */
function readable(raw: string): string {
  if (!raw.startsWith('{')) return raw
  try {
    const o = JSON.parse(raw) as { msg?: string; role?: string; postgres?: string }
    if (typeof o.msg !== 'string') return raw
    return `${o.role ? `[${o.role}] ` : ''}${o.msg}${o.postgres ? `: ${o.postgres}` : ''}`
  } catch {
    return raw
  }
}

/**
 * Starts a server process (server/main.ts, or `script` such as server/cluster.ts) and waits until it prints
 * `readyWhen` (or fails with what it printed).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { port?: number; script?: string; readyWhen?: string; uid?: number; gid?: number } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort())
  const readyWhen = opts.readyWhen ?? 'SMS cloud console:'
  const child = spawn(process.execPath, ['--import', 'tsx', opts.script ?? 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DIST_DIR: '/nonexistent-dist', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: opts.uid,
    gid: opts.gid,
  })
  const lines: string[] = []
  const stdout: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    // A chunk may end inside a line: the unfinished tail waits for the next chunk of the same stream.
    const reader = (into?: string[]) => {
      let tail = ''
      return (buf: Buffer) => {
        const parts = (tail + buf.toString('utf8')).split('\n')
        tail = parts.pop()!
        for (const raw of parts) {
          into?.push(raw)
          const line = readable(raw)
          lines.push(line)
          if (line.includes(readyWhen)) resolve()
        }
      }
    }
    child.stdout!.on('data', reader(stdout))
    child.stderr!.on('data', reader())
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${lines.join('\n')}`)))
  })
  await ready
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return { base: `http://127.0.0.1:${port}`, port, child, lines, stdout, exited, stop }
}
