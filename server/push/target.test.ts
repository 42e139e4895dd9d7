import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signPush, verifyPush } from './sign'
import { postTo, PushTargetError, resolveTarget, type Resolve } from './target'

const to = (addresses: string[]): Resolve => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

describe('push target (SSRF)', () => {
  it.each([
    ['http://127.0.0.1/hook'],
    ['http://10.1.2.3/hook'],
    ['http://172.16.0.9/hook'],
    ['http://192.168.1.1/hook'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://100.64.0.1/hook'],
    ['http://0.0.0.0/hook'],
    ['http://[::1]/hook'],
    ['http://[::ffff:127.0.0.1]/hook'],
    ['http://[fd00:ec2::254]/hook'],
    ['http://[fe80::1]/hook'],
    ['http://[2002:7f00:1::1]/hook'],
  ])('refuses %s', async (url) => {
    await expect(resolveTarget(url)).rejects.toThrow(PushTargetError)
  })

  // Each IPv6 form that carries an IPv4 address, judged by that address: a private one inside is refused whatever
  // the wrapping, a public one inside passes.
  it.each([
    ['v4-compatible loopback', 'http://[::127.0.0.1]:9/', 'loopback'],
    ['v4-compatible metadata', 'http://[::a9fe:a9fe]/', 'linkLocal'],
    ['v4-mapped private', 'http://[::ffff:10.0.0.1]/', 'private'],
    ['NAT64 loopback', 'http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['local-use NAT64 /96', 'http://[64:ff9b:1::10.0.0.1]/', 'private'],
    ['local-use NAT64 /64 (10.0.0.1 at bytes 9-12)', 'http://[64:ff9b:1:0:0a:0:100:0]/', 'private'],
    ['local-use NAT64 /48 (169.254.169.254 at bytes 6-7, 9-10)', 'http://[64:ff9b:1:a9fe:a9:fe00::]/', 'linkLocal'],
    ['6to4 metadata', 'http://[2002:a9fe:a9fe::1]/', 'linkLocal'],
    ['Teredo with a loopback client (inverted)', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'loopback'],
    ['Teredo with a private relay', 'http://[2001:0:a00:1:8000:63bf:a247:27dd]/', 'private'],
  ])('refuses %s (%s) as %s', async (_name, url, range) => {
    await expect(resolveTarget(url)).rejects.toThrow(new RegExp(`\\(${range}\\) refused`))
  })

  it('accepts those forms around a public IPv4 (93.184.216.34)', async () => {
    for (const host of ['64:ff9b::5db8:d822', '2002:5db8:d822::1', '2001:0:4136:e378:8000:63bf:a247:27dd', '::5db8:d822']) {
      expect((await resolveTarget(`http://[${host}]/`)).address, host).toBe(host)
    }
  })

  it('judges the addresses a name resolves to the same way', async () => {
    await expect(resolveTarget('https://hooks.example.com/a', { resolve: to(['::7f00:1']) })).rejects.toThrow(/\(loopback\) refused/)
    await expect(resolveTarget('https://hooks.example.com/a', { resolve: to(['93.184.216.34', '64:ff9b::a9fe:a9fe']) })).rejects.toThrow(/linkLocal/)
  })

  it('refuses a name that resolves to loopback, and one with any private address among public ones', async () => {
    await expect(resolveTarget('https://hooks.example.com/a', { resolve: to(['127.0.0.1']) })).rejects.toThrow(/loopback/)
    await expect(resolveTarget('https://hooks.example.com/a', { resolve: to(['93.184.216.34', '10.0.0.5']) })).rejects.toThrow(/private/)
  })

  it('refuses other schemes and a name that does not resolve', async () => {
    await expect(resolveTarget('ftp://93.184.216.34/a')).rejects.toThrow(/scheme/)
    await expect(resolveTarget('file:///etc/passwd')).rejects.toThrow(/scheme/)
    const nx: Resolve = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    }
    await expect(resolveTarget('https://nowhere.invalid/a', { resolve: nx })).rejects.toThrow(/ENOTFOUND/)
  })

  it('accepts a public address, and a private one only when allowed', async () => {
    expect((await resolveTarget('https://hooks.example.com/a', { resolve: to(['93.184.216.34']) })).address).toBe('93.184.216.34')
    expect((await resolveTarget('http://127.0.0.1:9/a', { allowPrivate: true })).address).toBe('127.0.0.1')
  })
})

describe('postTo', () => {
  let server: Server
  let port: number
  const seen: { host?: string; path?: string; headers: IncomingHttpHeaders }[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ host: req.headers.host, path: req.url, headers: req.headers })
      if (req.url === '/redirect') res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` }).end()
      else if (req.url === '/big') res.writeHead(200).end('x'.repeat(1_000_000))
      else res.writeHead(204).end()
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

  it('connects to the checked address whatever the name would resolve to later', async () => {
    // receiver.invalid resolves nowhere; the pinned lookup takes the socket to the address that was checked.
    const t = await resolveTarget(`http://receiver.invalid:${port}/hook`, { allowPrivate: true, resolve: to(['127.0.0.1']) })
    expect(await postTo(t, '{}', {}, 5_000)).toEqual({ status: 204, error: '' })
    expect(seen.at(-1)).toMatchObject({ host: `receiver.invalid:${port}`, path: '/hook' })
  })

  it('does not follow a redirect, and reads a large answer only partly', async () => {
    const before = seen.length
    const r = await postTo(await resolveTarget(`http://127.0.0.1:${port}/redirect`, { allowPrivate: true }), '{}', {}, 5_000)
    expect(r).toEqual({ status: 302, error: 'HTTP 302' })
    expect(seen.length).toBe(before + 1)
    expect((await postTo(await resolveTarget(`http://127.0.0.1:${port}/big`, { allowPrivate: true }), '{}', {}, 5_000)).status).toBe(200)
  })

  it('reports a refused connection as an error', async () => {
    const closed = createServer()
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok))
    const p = (closed.address() as AddressInfo).port
    await new Promise<void>((ok) => closed.close(() => ok()))
    expect(await postTo(await resolveTarget(`http://127.0.0.1:${p}/`, { allowPrivate: true }), '{}', {}, 5_000)).toEqual({ status: null, error: 'ECONNREFUSED' })
  })
})

describe('push signature', () => {
  const secret = 'a'.repeat(64)
  const body = '{"delivery_id":"1","items":[]}'
  const now = 1_750_000_000
  const headers = { timestamp: String(now), signature: signPush(secret, String(now), body) }

  it('verifies the body it signed', () => expect(verifyPush(secret, headers, body, now)).toBe(true))
  it('fails a tampered body, another secret, or a changed timestamp', () => {
    expect(verifyPush(secret, headers, body.replace('"1"', '"2"'), now)).toBe(false)
    expect(verifyPush('b'.repeat(64), headers, body, now)).toBe(false)
    expect(verifyPush(secret, { ...headers, timestamp: String(now + 1) }, body, now)).toBe(false)
  })
  it('refuses a replay once the timestamp is older than the tolerance', () => {
    expect(verifyPush(secret, headers, body, now + 299)).toBe(true)
    expect(verifyPush(secret, headers, body, now + 301)).toBe(false)
  })
})
