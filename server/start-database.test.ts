import { describe, expect, it } from 'vitest'
import { postgresLevel } from './start-database'

// The one rule both a server and a cluster's primary log the embedded PostgreSQL's own lines by.
describe('start-database: PostgreSQL lines', () => {
  it('logs errors and warnings at warn, recovery notes at info, and leaves routine lines out', () => {
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [26087] ERROR:  relation "x" does not exist')).toBe('warn')
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [26087] FATAL:  terminating connection due to administrator command')).toBe('warn')
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] PANIC:  could not write to file "pg_wal/xlogtemp.1": No space left on device')).toBe('warn')
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] LOG:  database system was interrupted; last known up at 2026-12-02')).toBe('info')
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] LOG:  redo starts at 0/1A2B3C4')).toBe('info')
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] FATAL:  the database system is starting up')).toBeNull()
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] LOG:  checkpoint starting: shutdown immediate')).toBeNull()
    expect(postgresLevel('2026-12-02 00:06:42.285 UTC [1] LOG:  database system is ready to accept connections')).toBeNull()
  })
})
