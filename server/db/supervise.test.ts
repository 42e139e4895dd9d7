import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { EmbeddedPostgres } from './embedded'
import { RESTART_DELAY, superviseEmbedded } from './supervise'

/* The supervisor's rules on stand-ins for the embedded PostgreSQL (the real one: server/db-supervision.test.ts). */
type Exit = { code: number | null; signal: NodeJS.Signals | null }
function fakePostgres(pid: number, url = 'postgres://x') {
  let exit!: (e: Exit) => void
  const exited = new Promise<Exit>((r) => (exit = r))
  let stopped = 0
  const pg = {
    url, address: '/x/.s.PGSQL.5432', pid, dir: '/x', initialised: false, timings: { initdbMs: 0, startMs: 0 },
    exited, lastWords: () => 'PANIC:  could not write to file "pg_wal/xlogtemp.1": No space left on device',
    stop: async () => void (stopped++, exit({ code: 0, signal: null })),
  } satisfies EmbeddedPostgres
  return { pg, kill: () => exit({ code: null, signal: 'SIGKILL' }), stopped: () => stopped }
}
const quiet = pino({ level: 'silent' })
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms))

describe('the embedded PostgreSQL\'s supervisor', () => {
  it('waits 0.25 s before the first restart, doubling up to 15 s apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(RESTART_DELAY)).toEqual([250, 500, 1000, 2000, 4000, 8000, 15_000, 15_000])
  })

  it('a database that keeps dying right after it came back is given up after the attempts, not restarted forever', async () => {
    const first = fakePostgres(1)
    const made: ReturnType<typeof fakePostgres>[] = []
    let gaveUp = ''
    const s = superviseEmbedded({
      first: first.pg, attempts: 3, log: quiet, delayMs: () => 1, giveUp: (why) => (gaveUp = why),
      start: async () => {
        const next = fakePostgres(made.length + 2)
        made.push(next)
        return next.pg
      },
    })
    first.kill()
    for (let i = 0; i < 3; i++) {
      while (made.length < i + 1) await tick()
      expect(s.trouble()).toBeUndefined()
      made[i].kill()
    }
    while (!gaveUp) await tick()
    expect(made).toHaveLength(3)
    expect([gaveUp, s.trouble()]).toEqual(['signal SIGKILL', 'database down'])
  })

  it('a stop during the wait before an attempt ends it at once and starts nothing', async () => {
    const first = fakePostgres(1)
    let starts = 0
    const s = superviseEmbedded({ first: first.pg, attempts: 3, log: quiet, delayMs: () => 60_000, giveUp: () => undefined, start: async () => (starts++, fakePostgres(2).pg) })
    first.kill()
    await tick()
    expect(s.trouble()).toBe('database restarting (attempt 1 of 3)')
    const began = performance.now()
    await s.stop()
    expect(performance.now() - began).toBeLessThan(1000)
    expect(starts).toBe(0)
  })

  it('an exit it was asked for (stop) is not restarted', async () => {
    const first = fakePostgres(1)
    let starts = 0
    const s = superviseEmbedded({ first: first.pg, attempts: 3, log: quiet, delayMs: () => 1, giveUp: () => undefined, start: async () => (starts++, fakePostgres(2).pg) })
    await s.stop()
    await tick(20)
    expect([starts, first.stopped(), s.trouble()]).toEqual([0, 1, undefined])
  })

  it('a database back on another address (a folder too deep for a socket, its port taken meanwhile) is stopped, and the process told to start again', async () => {
    const first = fakePostgres(1)
    const back = fakePostgres(2, 'postgres://other-port')
    let gaveUp = ''
    const s = superviseEmbedded({ first: first.pg, attempts: 3, log: quiet, delayMs: () => 1, giveUp: (why) => (gaveUp = why), start: async () => back.pg })
    first.kill()
    while (!gaveUp) await tick()
    expect([back.stopped(), s.trouble()]).toEqual([1, 'database down'])
    expect(gaveUp).toMatch(/came back on another address/)
  })
})
