import { createServer } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { closeConnectionsWhenShuttingDown, shutdownGracefully, trackHandlers } from './shutdown'

/*
 * A stop with idle keep-alive connections: each is kept for the time its answers announced, never closed before it
 * (a client may send its next request on it until then), and the stop ends once they have gone.
 */
const KEEP_MS = 1000

async function serverWithShutdown() {
  const handlers = trackHandlers(async () => new Response('ok'))
  const server = createServer((_req, res) => void handlers.fetch().then(async (r) => res.end(await r.text())))
  const ending = closeConnectionsWhenShuttingDown(server, KEEP_MS)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const order: string[] = []
  const stop = () => {
    ending.begin()
    return shutdownGracefully({
      server, handlersIdle: handlers.idle, workers: [], graceMs: 30_000, log: () => {},
      closeDb: async () => void order.push('database closed'),
    })
  }
  return { port: (server.address() as AddressInfo).port, stop, order }
}

/** A raw HTTP/1.1 client on one connection: what it is told, and when the server closes it. */
async function client(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise((r) => socket.once('connect', r))
  let text = ''
  let waiting: (() => void) | null = null
  socket.on('data', (b) => {
    text += b.toString()
    if (/\r\n\r\nok$/.test(text)) waiting?.()
  })
  const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())))
  const ask = () => new Promise<string>((resolve) => {
    text = ''
    waiting = () => resolve(text)
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
  })
  return { ask, closed }
}

describe('idle keep-alive connections at a stop', () => {
  it('announces the keep-alive time, keeps an idle connection that long after a stop begins, then ends', async () => {
    const s = await serverWithShutdown()
    const c = await client(s.port)
    const head = await c.ask()
    const answered = performance.now()
    expect(head).toMatch(new RegExp(`keep-alive: timeout=${KEEP_MS / 1000}\\r\\n`, 'i'))
    const stopped = s.stop().then(() => s.order.push('stopped'))
    const closedAt = await c.closed
    await stopped
    expect(s.order).toEqual(['database closed', 'stopped'])
    // Timers never fire early: the connection lived the announced time after its answer (a few ms of slack for the
    // answer's own travel), however busy the machine.
    expect(closedAt - answered).toBeGreaterThanOrEqual(KEEP_MS - 20)
  })

  it('answers a request sent on a kept connection after the stop began, telling the client to close it', async () => {
    const s = await serverWithShutdown()
    const c = await client(s.port)
    await c.ask()
    const stopped = s.stop()
    expect(await c.ask()).toMatch(/connection: close\r\n/i)
    await c.closed
    await stopped
    expect(s.order).toEqual(['database closed'])
  })
})
