// Small helpers shared by the project scripts (start, dev, test, bench). Node built-ins only.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { constants } from 'node:os'
import { join } from 'node:path'

export const bin = (name) => join('node_modules', '.bin', name)

/** Runs a command in the foreground, inheriting stdio; exits the script on failure. */
export function run(cmd, args, opts = {}) {
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(' ')} failed (${secs}s)`)
    process.exit(r.status ?? 1)
  }
  console.log(`✓ ${[cmd, ...args].join(' ')} (${secs}s)`)
}

/**
 * Runs commands at the same time, each one's output kept and printed whole when it ends (so they do not interleave);
 * exits the script when any failed, after all have ended.
 */
export async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([cmd, args, opts = {}]) =>
        new Promise((resolve) => {
          const started = Date.now()
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts })
          const out = []
          child.stdout.on('data', (b) => out.push(b))
          child.stderr.on('data', (b) => out.push(b))
          child.on('close', (code) => {
            process.stdout.write(Buffer.concat(out))
            const secs = ((Date.now() - started) / 1000).toFixed(1)
            const line = [cmd, ...args].join(' ')
            if (code === 0) console.log(`✓ ${line} (${secs}s)`)
            else console.error(`\n✗ ${line} failed (${secs}s)`)
            resolve(code ?? 1)
          })
        }),
    ),
  )
  const failed = results.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
}

function newest(path) {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  return readdirSync(path).reduce((m, f) => Math.max(m, newest(join(path, f))), s.mtimeMs)
}

/** True when dist/ is missing or older than any console source. */
export function buildIsStale() {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
  const inputs = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'package.json']
  return inputs.some((p) => newest(p) > built)
}

export function ensureBuilt() {
  if (buildIsStale()) run(bin('vite'), ['build', '--logLevel', 'warn'])
}

/** The Chromium the browser tests and benchmarks drive: CHROMIUM_PATH, else Debian's. */
export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p
  }
  return null
}

/** Installs Debian's chromium when missing and we may (root with apt-get); else returns null. */
export function ensureChromium() {
  let path = chromiumPath()
  if (path) return path
  const root = process.getuid?.() === 0
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('[setup] installing Debian chromium for the browser tests…')
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    path = chromiumPath()
  }
  return path
}

/**
 * Starts the long-running child of `npm start` and `npm run start:cluster`, forwards SIGINT and SIGTERM to it, and
 * exits when it does, with its status (non-zero for a crash or a kill). npm runs these scripts with `exec`, so the
 * chain is npm → this process → the server with no shell between: npm forwards a SIGTERM sent to its pid alone, and
 * waits for us, as we wait for the server (docs/operations.md, "Run under a supervisor").
 */
export function startChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', ...opts })
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code, signal) => process.exit(exitStatus(code, signal)))
  return child
}

/** A child's end as a shell reports it: its exit code, or 128 + the signal's number when a signal ended it. */
export function exitStatus(code, signal) {
  if (code !== null) return code
  return 128 + (constants.signals[signal] ?? 0)
}
