import { chmodSync, readFileSync } from 'node:fs'
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

  // Two first starts at the same moment (two test shards, two operators) probe the same free port while each makes
  // its folder; the one that binds second writes the next free port into its folder and starts there.
  it('two folders made at the same moment each get a port of their own and both start', async () => {
    for (let i = 0; i < 2; i++) {
      const d = await mkdtemp(join(tmpdir(), 'sms-pg-new-'))
      chmodSync(d, 0o755) // as root PostgreSQL runs as the user postgres, which must reach the folder
      dirs.push(d)
    }
    const lines: string[] = []
    const results = await Promise.allSettled(dirs.map((d) => startEmbedded({ dir: join(d, 'postgres'), noSync: true, log: (l) => lines.push(l) })))
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value)
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started'])
    const [a, b] = started
    expect(a.port).not.toBe(b.port)
    for (const p of started) {
      // The port it runs on is the one its folder names, so the next start finds it there.
      const conf = [...readFileSync(join(p.dir, 'postgresql.conf'), 'utf8').matchAll(/^port = (\d+)/gm)].pop()
      expect(Number(conf![1])).toBe(p.port)
      const c = new pg.Client({ connectionString: p.url })
      await c.connect()
      expect((await c.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      // It runs with the product's settings (SERVER_SETTINGS), not PostgreSQL's defaults (wal_buffers 4 MB).
      expect((await c.query('show wal_buffers')).rows).toEqual([{ wal_buffers: SERVER_SETTINGS.wal_buffers }])
      await c.end()
    }
  }, 120_000)
})
