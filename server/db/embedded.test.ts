import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_SETTINGS, startEmbedded, type EmbeddedPostgres } from './embedded'

describe('the embedded PostgreSQL of a new data folder', () => {
  const started: EmbeddedPostgres[] = []
  const dirs: string[] = []
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()))
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  })

  // No TCP port: another program (another embedded PostgreSQL on the host, often) cannot take its address while it
  // is down, and two folders started at the same moment cannot race for one. A folder too deep for a socket path
  // (sun_path, 108 bytes) listens on 127.0.0.1 on a port found free at that start.
  it('listens on a socket in its own folder, two at once each on their own; a folder too deep for a socket on a free loopback port', async () => {
    for (let i = 0; i < 3; i++) {
      const d = await mkdtemp(join(tmpdir(), 'sms-pg-new-'))
      chmodSync(d, 0o755) // as root PostgreSQL runs as the user postgres, which must reach the folder
      dirs.push(d)
    }
    const deep = join(dirs[2], 'a-folder-deep-enough'.repeat(4))
    mkdirSync(deep, { mode: 0o755 })
    const folders = [join(dirs[0], 'postgres'), join(dirs[1], 'postgres'), join(deep, 'postgres')]
    const results = await Promise.allSettled(folders.map((dir) => startEmbedded({ dir, noSync: true })))
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value)
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started'])
    for (const p of started.slice(0, 2)) {
      expect(p.address).toBe(join(p.dir, '.s.PGSQL.5432'))
      expect(statSync(p.address).isSocket()).toBe(true)
      // postmaster.pid's sixth line is the first TCP address listened on: none.
      expect(readFileSync(join(p.dir, 'postmaster.pid'), 'utf8').split('\n')[5]).toBe('')
    }
    expect(started[2].address).toMatch(/^127\.0\.0\.1:\d+$/)
    for (const p of started) {
      const c = new pg.Client({ connectionString: p.url })
      await c.connect()
      expect((await c.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      // It runs with the product's settings (SERVER_SETTINGS), not PostgreSQL's defaults (wal_buffers 4 MB).
      expect((await c.query('show wal_buffers')).rows).toEqual([{ wal_buffers: SERVER_SETTINGS.wal_buffers }])
      const listening = (await c.query<{ l: string }>("select current_setting('listen_addresses') as l")).rows[0].l
      expect(listening).toBe(p === started[2] ? '127.0.0.1' : '')
      await c.end()
    }
  }, 120_000)
})
