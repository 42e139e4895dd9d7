import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { Db } from '../db'
import type { DatabaseWatch } from '../db/supervise'
import { loadMigrations } from '../db/migrate'
import type { Deps } from '../deps'
import { clientIp, LOOPBACK } from '../http/client-ip'
import type { JobRuns } from '../jobs/runs'
import { logger } from '../log'

let shuttingDown = false

/** From now on /readyz answers 503, so a load balancer sends no new work here while the requests in flight finish. */
export function markShuttingDown(): void {
  shuttingDown = true
}

/** A run under way this long is a stuck job, whatever its interval: no step of any job takes a tenth of this. */
const STUCK_MS = 10 * 60_000

const head = (() => {
  let version: number | undefined
  return () => (version ??= Math.max(0, ...loadMigrations().map((m) => m.version)))
})()

/**
 * What is not ready: `said` in a few fixed words the answer gives (no addresses, paths or messages), `detail` for
 * the log. Empty when ready.
 */
async function notReady(db: Db, database: DatabaseWatch, jobRuns: JobRuns): Promise<{ said: string; detail: string }[]> {
  if (shuttingDown) return [{ said: 'shutting down', detail: 'shutting down' }]
  const why: { said: string; detail: string }[] = []
  // The supervisor knows before any statement would: the embedded database is being restarted.
  const trouble = database.trouble()
  if (trouble) why.push({ said: trouble, detail: trouble })
  else {
    try {
      const { rows } = await db.query<{ v: number | null }>('select max(version) as v from schema_migrations')
      if (Number(rows[0]?.v) !== head()) why.push({ said: 'migrations behind', detail: `migrations at ${rows[0]?.v}, head is ${head()}` })
    } catch (e) {
      why.push({ said: 'database unavailable', detail: `database: ${(e as Error).message}` })
    }
  }
  const now = Date.now()
  for (const [job, s] of jobRuns) {
    for (const r of s.running) if (now - r.since > STUCK_MS) why.push({ said: 'a background job is stuck', detail: `${job}: a run under way for ${Math.round((now - r.since) / 1000)} s` })
  }
  return why
}

/** Loopback callers, or any caller with `Authorization: Bearer <METRICS_TOKEN>`. */
function mayScrape(c: Context, o: { metricsToken?: string; trustProxy?: boolean }): boolean {
  if (LOOPBACK.has(clientIp(c, o.trustProxy))) return true
  const given = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1]
  if (!o.metricsToken || !given) return false
  const [a, b] = [Buffer.from(given), Buffer.from(o.metricsToken)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * /healthz: the process answers. /readyz: the database answers (and is not being restarted), its migrations are at
 * this build's head, no background job is stuck, and no shutdown has begun. Neither needs a token; /readyz says
 * which of these fails in fixed words (`not ready: database restarting (attempt 2 of 8)`), the details go to the
 * log. /metrics: Prometheus text, from loopback or with METRICS_TOKEN.
 */
export function healthRoutes(deps: Pick<Deps, 'db' | 'database' | 'config' | 'jobRuns' | 'metrics'>) {
  const { db, config: o, metrics: registry } = deps
  const app = new Hono()
  app.get('/healthz', (c) => c.text('ok'))
  app.get('/readyz', async (c) => {
    const why = await notReady(db, deps.database, deps.jobRuns)
    if (!why.length) return c.text('ok')
    logger().warn({ why: why.map((w) => w.detail) }, 'not ready')
    return c.text(`not ready: ${[...new Set(why.map((w) => w.said))].join('; ')}`, 503)
  })
  app.get('/metrics', async (c) => {
    if (!mayScrape(c, o)) return c.text('forbidden', 403)
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType })
  })
  return app
}
