import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { pushErrorText } from '../../src/domain/push-error'

/**
 * Where a push may go (SSRF): the address is an account's to choose, so the server must not become its way into
 * the server's own network. The host is resolved once, every address it resolves to is checked, and the socket
 * connects to the checked address (a `lookup` that answers only it), so a name cannot resolve to a public address
 * for the check and to 127.0.0.1 for the connection. Only the IANA `unicast` range passes: loopback, private,
 * link-local (cloud metadata, 169.254.169.254), CGNAT, unique-local (fd00:ec2::254), unspecified, multicast and
 * reserved do not. An IPv6 address that carries an IPv4 one is judged by the IPv4 inside (embeddedIpv4s), so
 * `[::127.0.0.1]` is loopback however it is written. Redirects are not followed: a 3xx is a failed attempt.
 */
export class PushTargetError extends Error {}

export interface ResolvedTarget {
  url: URL
  address: string
  family: 4 | 6
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true })

/** A slow DNS server must not hold a request or an attempt (the system resolver answers from a small thread pool). */
const RESOLVE_TIMEOUT_MS = 5_000
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), ms)))
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

const v4At = (bytes: number[], at: number[]) => new ipaddr.IPv4(at.map((i) => bytes[i]))
const under = (a: ipaddr.IPv6, prefix: string, bits: number) => a.match(ipaddr.IPv6.parse(prefix), bits)

/**
 * The IPv4 addresses an IPv6 address carries, where a packet sent to it would end up: v4-mapped (::ffff:0:0/96) and
 * v4-compatible (::/96, ::1 and :: included), NAT64 (64:ff9b::/96 in the last 32 bits; the local-use 64:ff9b:1::/48 at
 * each place RFC 6052 allows a network to put it, /48, /56, /64 and /96, since which one it uses is not visible),
 * 6to4 (2002::/16, bits 16-47) and Teredo (2001::/32: the relay's IPv4 in bits 32-63 and the client's in the last
 * 32 bits, inverted). None for any other address.
 */
export function embeddedIpv4s(a: ipaddr.IPv6): ipaddr.IPv4[] {
  const b = a.toByteArray()
  if (under(a, '::ffff:0:0', 96) || under(a, '::', 96) || under(a, '64:ff9b::', 96)) return [v4At(b, [12, 13, 14, 15])]
  if (under(a, '64:ff9b:1::', 48)) {
    return [[12, 13, 14, 15], [9, 10, 11, 12], [7, 9, 10, 11], [6, 7, 9, 10]].map((at) => v4At(b, at))
  }
  if (under(a, '2002::', 16)) return [v4At(b, [2, 3, 4, 5])]
  if (under(a, '2001::', 32)) return [v4At(b, [4, 5, 6, 7]), new ipaddr.IPv4(b.slice(12).map((x) => x ^ 0xff))]
  return []
}

/**
 * `unicast`, `loopback`, `private` … of an address. An IPv6 one carrying IPv4 ones is unicast only when all of them
 * are, otherwise it is named by the first that is not (a zero-filled place, `unspecified`, only when no other).
 * ::1 and :: keep their own names.
 */
export function addressRange(address: string): string {
  const a = ipaddr.parse(address)
  const own = a.range()
  if (a.kind() === 'ipv4' || own === 'loopback' || own === 'unspecified') return own
  const inside = embeddedIpv4s(a as ipaddr.IPv6)
  if (!inside.length) return own
  const refused = inside.map((v4) => v4.range()).filter((r) => r !== 'unicast')
  return refused.find((r) => r !== 'unspecified') ?? refused[0] ?? 'unicast'
}

export async function resolveTarget(raw: string, opts: { allowPrivate?: boolean; resolve?: Resolve } = {}): Promise<ResolvedTarget> {
  if (!URL.canParse(raw)) throw new PushTargetError(pushErrorText.invalidAddress())
  const url = new URL(raw)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PushTargetError(pushErrorText.scheme(url.protocol))
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const found = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await withTimeout((opts.resolve ?? systemResolve)(host), RESOLVE_TIMEOUT_MS).catch((e: NodeJS.ErrnoException) => {
        throw new PushTargetError(pushErrorText.unresolved(host, e.code ?? e.message))
      })
  if (!found.length) throw new PushTargetError(pushErrorText.unresolved(host))
  for (const a of found) {
    const range = addressRange(a.address)
    if (range !== 'unicast' && !opts.allowPrivate) throw new PushTargetError(pushErrorText.refused(a.address, range))
  }
  const first = found[0]
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}

export interface PostResult {
  status: number | null
  error: string
}

/** Bytes of the answer read at most: only the status counts, the rest is drained away unread. */
const RESPONSE_MAX = 16 * 1024

/**
 * POSTs `body` to the resolved target within `timeoutMs` (connecting, sending and reading the answer). Never throws:
 * a refusal, a time-out or a connection error comes back as `error`, with the status when one arrived.
 */
export function postTo(t: ResolvedTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  // Node's connect calls this instead of DNS: the only address the socket may reach is the one checked above.
  const pinned: LookupFunction = (_host, options, cb) => {
    if (options.all) cb(null, [{ address: t.address, family: t.family }])
    else cb(null, t.address, t.family)
  }
  const request = t.url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((done) => {
    let settled = false
    const finish = (r: PostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      done(r)
    }
    const req = request(t.url, {
      method: 'POST',
      lookup: pinned,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      agent: false,
    }, (res: IncomingMessage) => {
      const status = res.statusCode ?? null
      let read = 0
      res.on('data', (chunk: Buffer) => {
        read += chunk.length
        if (read > RESPONSE_MAX) res.destroy()
      })
      const end = () => finish({ status, error: status !== null && status >= 200 && status < 300 ? '' : pushErrorText.http(status) })
      res.on('end', end)
      res.on('close', end)
      res.on('error', end)
    })
    const timer = setTimeout(() => {
      req.destroy()
      finish({ status: null, error: pushErrorText.timeout(timeoutMs) })
    }, timeoutMs)
    req.on('error', (e: NodeJS.ErrnoException) => finish({ status: null, error: e.code ?? e.message }))
    req.end(body)
  })
}
