// `npm run citus`: a Citus cluster on this machine, a coordinator and two workers on loopback under .data/citus, for
// running the server (and its tests) on the distributed engine. `npm run citus -- stop` stops it, `-- status` says
// whether it runs, `-- url` prints its DATABASE_URL. Node built-ins only.
//
// Citus is not in the package registries these machines reach: it is built from the vendored source
// (../shared/vendor/citus-13.2.2.tar.gz, or CITUS_TARBALL) against Debian's PostgreSQL 15 when its library is missing,
// as ../shared/vendor/README.md measured it. PostgreSQL refuses to run as root: as root the nodes run as the user
// postgres, on folders it owns. Every node listens on 127.0.0.1 only and takes a password (scram-sha-256); the
// nodes reach each other with the same user through a password file given to their postmasters (PGPASSFILE).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(process.env.CITUS_DIR ?? '.data/citus')
const PG_MAJOR = 15
const PG_BIN = `/usr/lib/postgresql/${PG_MAJOR}/bin`
const PG_CONFIG = join(PG_BIN, 'pg_config')
const BASE_PORT = Number(process.env.CITUS_PORT ?? 9700)
const DATABASE = 'sms_console'
const NODES = [
  { name: 'coordinator', port: BASE_PORT },
  { name: 'worker1', port: BASE_PORT + 1 },
  { name: 'worker2', port: BASE_PORT + 2 },
]
const TARBALL = process.env.CITUS_TARBALL ?? resolve('../shared/vendor/citus-13.2.2.tar.gz')
const BUILD_PACKAGES = [`postgresql-${PG_MAJOR}`, `postgresql-server-dev-${PG_MAJOR}`, 'libcurl4-openssl-dev', 'liblz4-dev', 'libzstd-dev', 'libkrb5-dev', 'build-essential']
const asRoot = process.getuid?.() === 0
const PASSWORD_FILE = join(ROOT, 'password')
const PGPASS = join(ROOT, 'pgpass')

function fail(message) {
  console.error(`✗ ${message}`)
  process.exit(1)
}

/** Runs a command (as the user postgres when this script is root and `asPostgres`), its output shown; exits on failure. */
function sh(cmd, args, { asPostgres = false, env = {}, cwd, quiet = false } = {}) {
  const [c, a] = asPostgres && asRoot ? ['runuser', ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), cmd, ...args]] : [cmd, args]
  const r = spawnSync(c, a, { stdio: quiet ? 'pipe' : 'inherit', cwd, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (r.status !== 0) fail(`${[cmd, ...args].join(' ')} failed${quiet ? `:\n${r.stderr ?? ''}${r.stdout ?? ''}` : ''}`)
  return r.stdout ?? ''
}
const pgCtl = (node, args, quiet = true) => spawnSync(...(asRoot ? ['runuser', ['-u', 'postgres', '--', 'env', `PGPASSFILE=${PGPASS}`, join(PG_BIN, 'pg_ctl'), ...args]] : [join(PG_BIN, 'pg_ctl'), args]),
  { stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8', env: { ...process.env, PGPASSFILE: PGPASS } })
const folder = (node) => join(ROOT, node.name)
const running = (node) => existsSync(join(folder(node), 'PG_VERSION')) && pgCtl(node, ['status', '-D', folder(node)]).status === 0

/** Citus's library installed beside Debian's PostgreSQL, built from the vendored source when it is not. */
function ensureCitus() {
  if (!existsSync(PG_CONFIG) || !existsSync(join(PG_BIN, 'postgres'))) {
    if (!asRoot) fail(`PostgreSQL ${PG_MAJOR} is not installed: run \`apt-get install -y ${BUILD_PACKAGES.join(' ')}\` as root, then this again.`)
    sh('apt-get', ['install', '-y', '--no-install-recommends', ...BUILD_PACKAGES])
  }
  const lib = join(sh(PG_CONFIG, ['--pkglibdir'], { quiet: true }).trim(), 'citus.so')
  if (existsSync(lib)) return
  if (!asRoot) fail(`Citus is not installed (${lib}) and building it installs packages and files as root: run this as root once.`)
  if (!existsSync(TARBALL)) fail(`The Citus source ${TARBALL} is missing (set CITUS_TARBALL to the citus-13.2.2 tarball).`)
  console.log(`Building Citus from ${TARBALL} (a few minutes on two cores) …`)
  sh('apt-get', ['install', '-y', '--no-install-recommends', ...BUILD_PACKAGES])
  const build = join(ROOT, 'build')
  rmSync(build, { recursive: true, force: true })
  mkdirSync(build, { recursive: true })
  sh('tar', ['xzf', TARBALL, '-C', build, '--strip-components=1'])
  // PostgreSQL 15.20's dbcommands.h exports have_createdb_privilege, which Citus also defines for itself (static):
  // Citus's own is renamed before its definition, so the two no longer collide.
  const compat = join(build, 'src/include/pg_version_compat.h')
  const text = readFileSync(compat, 'utf8')
  const definition = 'static inline bool\nhave_createdb_privilege(void)'
  if (text.includes(definition)) writeFileSync(compat, text.replace(definition, `#define have_createdb_privilege citus_have_createdb_privilege\n${definition}`))
  sh('./configure', [`PG_CONFIG=${PG_CONFIG}`], { cwd: build })
  sh('make', ['-j2'], { cwd: build })
  sh('make', ['install'], { cwd: build })
  if (!existsSync(lib)) fail(`the build finished but ${lib} is not there`)
}

/** The folder's owner: postgres when this script is root (PostgreSQL refuses root), else the caller. */
function own(path) {
  if (!asRoot) return
  const id = (flag) => Number(sh('id', [flag, 'postgres'], { quiet: true }).trim())
  chownSync(path, id('-u'), id('-g'))
}

function psql(node, sql, database = 'postgres') {
  return sh(join(PG_BIN, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(node.port), '-U', 'postgres', '-d', database, '-tA', '-c', sql],
    { quiet: true, env: { PGPASSWORD: password() } })
}
const password = () => readFileSync(PASSWORD_FILE, 'utf8').trim()
const url = () => `postgres://postgres:${encodeURIComponent(password())}@127.0.0.1:${NODES[0].port}/${DATABASE}`

function initialise() {
  mkdirSync(ROOT, { recursive: true })
  chmodSync(ROOT, 0o755)
  if (!existsSync(PASSWORD_FILE)) writeFileSync(PASSWORD_FILE, randomBytes(24).toString('base64url') + '\n', { mode: 0o600 })
  // The nodes' own connections to one another (the coordinator to the workers, and back for metadata).
  writeFileSync(PGPASS, NODES.map((n) => `127.0.0.1:${n.port}:*:postgres:${password()}`).join('\n') + '\n', { mode: 0o600 })
  own(PGPASS)
  const fresh = []
  for (const node of NODES) {
    const dir = folder(node)
    if (existsSync(join(dir, 'PG_VERSION'))) continue
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    own(dir)
    const pwfile = join(dir, '..', `${node.name}.pw`)
    writeFileSync(pwfile, password() + '\n', { mode: 0o600 })
    own(pwfile)
    sh(join(PG_BIN, 'initdb'), ['-D', dir, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'], { asPostgres: true, quiet: true })
    rmSync(pwfile)
    writeFileSync(join(dir, 'postgresql.auto.conf'), [
      "shared_preload_libraries = 'citus'", `port = ${node.port}`, "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`, 'max_connections = 300', 'wal_level = logical', 'fsync = on',
      'citus.enable_create_database_propagation = on',
    ].join('\n') + '\n')
    own(join(dir, 'postgresql.auto.conf'))
    fresh.push(node)
  }
  return fresh
}

function start() {
  ensureCitus()
  const fresh = initialise()
  for (const node of NODES) {
    if (running(node)) continue
    const r = pgCtl(node, ['start', '-w', '-t', '60', '-D', folder(node), '-l', join(folder(node), 'server.log')])
    if (r.status !== 0) fail(`${node.name} did not start (port ${node.port}); its log: ${join(folder(node), 'server.log')}\n${r.stdout}${r.stderr}`)
  }
  if (fresh.length === NODES.length || !psql(NODES[0], `select 1 from pg_database where datname = '${DATABASE}'`).trim()) {
    // The console's database on every node, each with the extension; then the coordinator learns its workers.
    for (const node of NODES) {
      if (!psql(node, `select 1 from pg_database where datname = '${DATABASE}'`).trim()) psql(node, `create database ${DATABASE}`)
      psql(node, 'create extension if not exists citus', DATABASE)
    }
    psql(NODES[0], `select citus_set_coordinator_host('127.0.0.1', ${NODES[0].port})`, DATABASE)
    for (const w of NODES.slice(1)) psql(NODES[0], `select citus_add_node('127.0.0.1', ${w.port})`, DATABASE)
  }
  const workers = psql(NODES[0], 'select count(*) from citus_get_active_worker_nodes()', DATABASE).trim()
  const version = psql(NODES[0], "select extversion from pg_extension where extname = 'citus'", DATABASE).trim()
  console.log(`✓ Citus ${version}: a coordinator on 127.0.0.1:${NODES[0].port} and ${workers} workers (${NODES.slice(1).map((n) => n.port).join(', ')}), data in ${ROOT}`)
  console.log(`DATABASE_URL=${url()}`)
}

function stop() {
  for (const node of [...NODES].reverse()) {
    if (!running(node)) continue
    const r = pgCtl(node, ['stop', '-w', '-m', 'fast', '-D', folder(node)])
    if (r.status !== 0) fail(`${node.name} did not stop: ${r.stderr}`)
    console.log(`✓ ${node.name} stopped`)
  }
}

const command = process.argv[2] ?? 'start'
if (command === 'start') start()
else if (command === 'stop') stop()
else if (command === 'status') {
  for (const node of NODES) console.log(`${node.name} (127.0.0.1:${node.port}): ${running(node) ? 'running' : 'stopped'}`)
  process.exit(NODES.every(running) ? 0 : 3)
} else if (command === 'url') {
  if (!existsSync(PASSWORD_FILE)) fail('no cluster yet: `npm run citus` makes one')
  console.log(url())
} else fail(`unknown command ${command}: start (default), stop, status or url`)
