// A PostgreSQL for benchmarks: BENCH_DATABASE_URL or TEST_DATABASE_URL when set, else a throwaway cluster of the
// machine's PostgreSQL (as .ci/run starts one: initdb in a temp dir, fsync off, a free port; as root it belongs to
// the postgres user, which PostgreSQL requires), stopped and removed by stop(). Null when there is neither.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

function pgBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const v = readdirSync(root).sort((a, b) => Number(b) - Number(a)).find((d) => existsSync(join(root, d, 'bin', 'initdb')))
  return v ? join(root, v, 'bin') : null
}

export async function benchPostgres() {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (url) return { url, label: 'PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)', stop: () => {} }
  const bin = pgBin()
  if (!bin) return null
  const root = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'sms-bench-pg-'))
  const as = (cmd, args) =>
    root ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { encoding: 'utf8' }) : spawnSync(join(bin, cmd), args, { encoding: 'utf8' })
  if (root) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout))
  const port = await freePort()
  const data = join(dir, 'data')
  const init = as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres'])
  const start = init.status === 0 && as('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', '-l', join(dir, 'log'), 'start'])
  if (!start || start.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    console.log(`PostgreSQL: could not start a throwaway cluster (${(init.stderr || start?.stderr || '').trim().split('\n')[0]})`)
    return null
  }
  const version = bin.split('/').at(-2)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: `PostgreSQL ${version} (throwaway cluster, fsync off)`,
    stop: () => {
      as('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Runs `fn(url)` on a new database `<prefix>_<random>` of `server`, dropped afterwards (forced) whatever happens. */
export async function withThrowawayDatabase(server, prefix, fn) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(server.url)
  url.pathname = `/${name}`
  try {
    return await fn(url.toString())
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}
