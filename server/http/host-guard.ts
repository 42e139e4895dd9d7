import type { Context, MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config'
import { clientIp, LOOPBACK } from './client-ip'
import { ApiError } from './envelope'

type HostConfig = Pick<ServerConfig, 'publicOrigins' | 'trustProxy'>

/** Probes and scrapers on the machine itself may name any host (a container's own address, a bare IP). */
const LOCAL_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

const firstValue = (raw: string | undefined) => raw?.split(',')[0]?.trim() || undefined

/**
 * The host the browser asked for: the Host header, or behind a trusted proxy what it says in X-Forwarded-Host.
 * undefined when the request names none (HTTP/1.0, an in-process call): no browser sends such a request, and a
 * rebinding attack needs a browser.
 */
export function requestedHost(c: Context, config: Pick<ServerConfig, 'trustProxy'>): string | undefined {
  const forwarded = config.trustProxy ? firstValue(c.req.header('x-forwarded-host')) : undefined
  const raw = forwarded ?? c.req.header('host')
  if (raw === undefined) return undefined
  // Normalised as a URL would (lower case, no default port), so `Example.com:80` is `example.com`.
  return URL.canParse(`http://${raw}`) ? new URL(`http://${raw}`).host : raw
}

/** host[:port] of each configured origin, as URL.host writes it (the default port of its scheme left out). */
function hostsOf(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>()
  for (const o of origins) hosts.add(new URL(o).host)
  return hosts
}

/**
 * Refuses a request for a host that is not one of PUBLIC_ORIGIN's with 421 Misdirected Request, before any route
 * runs. A page of a DNS name rebound to this server's address is same-origin to itself: its requests carry
 * `Sec-Fetch-Site: same-origin` and its own Origin, so only the Host tells them apart. Loopback callers may still
 * reach /healthz, /readyz and /metrics by any name.
 */
export function hostGuard(config: HostConfig): MiddlewareHandler {
  const hosts = hostsOf(config.publicOrigins)
  return async (c, next) => {
    const host = requestedHost(c, config)
    if (host !== undefined && !hosts.has(host)) {
      if (!(LOCAL_PATHS.has(c.req.path) && LOOPBACK.has(clientIp(c, config.trustProxy)))) throw new ApiError(421, 'misdirectedHost')
    }
    await next()
  }
}
