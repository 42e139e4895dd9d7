import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { databaseUnavailable, openPostgres } from '../db/postgres'
import type { Db } from '../db'

/*
 * A database that cannot serve, whichever it is (DATABASE_URL's included, which nobody restarts): refused, or a
 * black hole that accepts and never answers (its server stopped, the network cut). Every request that needs it
 * answers 503 with Retry-After and a translated sentence within the connection time-out, never 500 "未知错误",
 * never a hang.
 */
const CONNECT_MS = 500
const listening = (s: Server) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)))

describe('a database that cannot serve', () => {
  const sockets: Socket[] = []
  const hole = createServer((socket) => void sockets.push(socket))
  const closed = createServer()
  let dbs: { refused: Db; hole: Db }
  beforeAll(async () => {
    const [holePort, closedPort] = [await listening(hole), await listening(closed)]
    // A port that was free a moment ago and now refuses: nothing listens on it.
    await new Promise((r) => closed.close(r))
    const open = (port: number) => openPostgres(`postgres://u:p@127.0.0.1:${port}/x`, { connectTimeoutMs: CONNECT_MS, statementTimeoutMs: 500 })
    dbs = { refused: await open(closedPort), hole: await open(holePort) }
  })
  afterAll(async () => {
    for (const s of sockets) s.destroy()
    await new Promise((r) => hole.close(r))
    await Promise.all(Object.values(dbs).map((d) => d.close()))
  })

  for (const [name, bound] of [['refused', 300], ['hole', CONNECT_MS + 700]] as const) {
    it(`${name === 'refused' ? 'refused' : 'a black hole'}: 503, Retry-After and the sentence in the caller's language, within ${bound} ms`, async () => {
      const app = createApp({ db: dbs[name], config: { distDir: '/nonexistent-dist' } })
      for (const [lang, msg] of [['zh-CN', '服务暂时不可用（数据库没有响应），请 5 秒后重试'], ['en', 'The service is unavailable for the moment (its database is not answering); try again in 5 seconds']]) {
        const began = performance.now()
        const res = await app.request('/api/code/captcha', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': lang }, body: '{}' })
        expect([res.status, res.headers.get('retry-after'), (await res.json()).msg]).toEqual([503, '5', msg])
        expect(performance.now() - began).toBeLessThan(bound)
      }
    })
  }

  it('tells a database that cannot serve now from a bug', () => {
    const pgError = (code: string, severity = 'ERROR') => Object.assign(new Error(code), { code, severity })
    const sys = (code: string, syscall: string) => Object.assign(new Error(code), { code, syscall })
    for (const e of [pgError('57014'), pgError('57P01', 'FATAL'), pgError('57P03', 'FATAL'), pgError('08006'), pgError('53300', 'FATAL'),
      sys('ECONNREFUSED', 'connect'), sys('ENOENT', 'connect'), sys('ECONNRESET', 'read'), new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'), new Error('timeout exceeded when trying to connect'), new Error('wrapped', { cause: new Error('Connection terminated due to connection timeout') })]) {
      expect(databaseUnavailable(e), e.message).toBe(true)
    }
    // A violated constraint, a bad statement, a missing file, an ordinary bug: a 500 for the log, not "try again".
    for (const e of [pgError('23505'), pgError('42P01'), sys('ENOENT', 'open'), new TypeError('x is undefined'), 'a string']) {
      expect(databaseUnavailable(e), String(e)).toBe(false)
    }
  })
})
