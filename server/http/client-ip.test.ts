import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { addressKey, clientIp, NO_SOCKET } from './client-ip'

async function ipOf(trustProxy: boolean, headers: Record<string, string>, remoteAddress?: string) {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustProxy)))
  const env = remoteAddress ? { incoming: { socket: { remoteAddress } } } : undefined
  const res = await app.request('/', { headers }, env)
  return res.text()
}

describe('clientIp', () => {
  it('takes the socket peer and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    expect(await ipOf(false, { 'x-forwarded-for': '1.2.3.4' }, '::ffff:10.0.0.9')).toBe('10.0.0.9')
    expect(await ipOf(false, { 'x-forwarded-for': '1.2.3.4' })).toBe(NO_SOCKET)
  })

  it('behind a trusted proxy, believes only the entry the proxy appended (the last)', async () => {
    expect(await ipOf(true, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }, '10.0.0.1')).toBe('203.0.113.9')
    expect(await ipOf(true, { 'x-forwarded-for': 'not-an-address' }, '10.0.0.1')).toBe('10.0.0.1')
    expect(await ipOf(true, {}, '10.0.0.1')).toBe('10.0.0.1')
  })
})

describe('addressKey', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey(NO_SOCKET)).toBe(NO_SOCKET)
  })
})
