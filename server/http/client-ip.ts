import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { isIP } from 'node:net'

/** The key of requests that reached the app without a socket (in-process `app.request`, as the tests make them). */
export const NO_SOCKET = 'in-process'

/** Callers on this machine: a loopback peer, or an in-process request (tests) that has no socket. */
export const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', NO_SOCKET])

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

const unmapped = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1')

/**
 * The address that sent the request: the socket's peer, or, behind a reverse proxy (TRUST_PROXY=1), the last
 * X-Forwarded-For entry, which is the one our proxy appended. Earlier entries are whatever the client wrote, so
 * they are never believed; without TRUST_PROXY the header is ignored altogether.
 */
export function clientIp(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() ?? ''
    if (isIP(unmapped(last))) return unmapped(last)
  }
  const socket = socketAddress(c)
  return socket ? unmapped(socket) : NO_SOCKET
}

/**
 * What rate limits and lockouts count by: the address itself for IPv4, its /64 for IPv6, since one subscriber
 * usually holds a whole /64 and could otherwise step through 2^64 addresses.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip
  const [head, tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') && tail ? tail.split(':') : []
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

/** The network an address key belongs to, for limits one subscriber's many addresses share: IPv4 /24, IPv6 /64. */
export function networkKey(address: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(address)
  return v4 ? `${v4[1]}.0/24` : address
}
