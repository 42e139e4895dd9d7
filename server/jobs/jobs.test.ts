import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeDeps } from '../make-deps'
import { setup, type Harness } from '../test/harness'
import { balanceWarnJob } from '../warn/deliver'
import { startJobs } from '../worker-loop'
import { defineJob } from './define'
import { JOBS } from '.'

describe('the job registry', () => {
  let h: Harness
  beforeAll(async () => {
    h = await setup({ historyRows: 200 })
  })
  afterAll(() => h.close())

  const metrics = async () => (await h.app.request('/metrics')).text()
  const gauge = (text: string, name: string, job: string) => Number(text.match(new RegExp(`^${name}\\{job="${job}"\\} ([\\d.e+-]+)$`, 'm'))?.[1])

  it('names each background job once, the balance-warning texts among them', () => {
    const names = JOBS.map((j) => j.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names.sort()).toEqual(['audit-prune', 'balance-warn', 'carrier-sim', 'failure-alert', 'orphan-sweep', 'push-prune', 'report-push', 'scheduler', 'signature-review', 'template-review', 'ue-checker'])
    for (const j of JOBS) expect(j.every(h.deps.config), j.name).toBeGreaterThan(0)
  })

  it('shows on /metrics the queue depth and oldest age of every job that declares a queue', async () => {
    const text = await metrics()
    const queued = JOBS.filter((j) => j.queue)
    expect(queued.length).toBeGreaterThanOrEqual(6)
    for (const j of queued) {
      expect(gauge(text, 'job_queue_depth', j.name), j.name).toBeGreaterThanOrEqual(0)
      expect(gauge(text, 'job_queue_oldest_age_seconds', j.name), j.name).toBeGreaterThanOrEqual(0)
    }
    expect(text).not.toMatch(/job_queue_depth\{job="orphan-sweep"\}/)
  })

  it('keeps a balance-warning text in its queue, seen on /metrics, until the balance-warn job sends it', async () => {
    await h.db.query(`insert into warn_sms (cus_id, mobile, text, created_at) values ('acme', '13900001111', 'queued text', now() - interval '1 minute')`)
    // The queue gauges read the queues at most once a second: past the last test's scrape.
    await new Promise((r) => setTimeout(r, 1100))
    const before = await metrics()
    expect(gauge(before, 'job_queue_depth', 'balance-warn')).toBe(1)
    expect(gauge(before, 'job_queue_oldest_age_seconds', 'balance-warn')).toBeGreaterThanOrEqual(60)
    expect(h.carrier.outbox.filter((e) => e.text === 'queued text')).toHaveLength(0)
    expect(await h.runJob(balanceWarnJob)).toEqual({ sent: 1 })
    expect(h.carrier.outbox.filter((e) => e.phone === '13900001111' && e.text === 'queued text')).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 1100))
    const after = await metrics()
    expect(gauge(after, 'job_queue_depth', 'balance-warn')).toBe(0)
    expect(gauge(after, 'job_queue_oldest_age_seconds', 'balance-warn')).toBe(0)
  })

  it('runs every job it is given on its interval, never overlapping itself, and stops once the run under way is done', async () => {
    const deps = makeDeps({ db: h.db, config: { workerIntervalMs: 10 } })
    const seen = { a: 0, b: 0, overlaps: 0, finished: 0 }
    let inA = false
    const a = defineJob({
      name: 'test-a', every: (c) => c.workerIntervalMs!,
      tick: async (_d, run) => {
        if (inA) seen.overlaps++
        inA = true
        expect(run.count).toBe(seen.a++)
        await new Promise((r) => setTimeout(r, 25))
        inA = false
        seen.finished++
      },
    })
    const b = defineJob({ name: 'test-b', every: () => 15, tick: async (d) => (seen.b++, d === deps) })
    const stop = startJobs(deps, [a, b])
    await expect.poll(() => seen.a >= 3 && seen.b >= 3, { timeout: 5000 }).toBe(true)
    expect([...deps.jobRuns.keys()].sort()).toEqual(['test-a', 'test-b'])
    await stop()
    expect(seen.overlaps).toBe(0)
    expect(seen.finished).toBe(seen.a)
    expect(deps.jobRuns.size).toBe(0)
    const text = await deps.metrics.metrics()
    expect(text).toMatch(new RegExp(`job_runs_total\\{job="test-a"\\} ${seen.a}\\n`))
  })
})
