import type { Server } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

/**
 * Counts the app's handlers still running. A connection can end before its handler does (a client that gives up
 * mid-request), so an empty server is not yet an idle one: the database closes only when both are done.
 */
export function trackHandlers<A extends unknown[]>(fetch: (...args: A) => Response | Promise<Response>) {
  let running = 0
  let idle: (() => void) | null = null
  const settle = () => {
    if (--running === 0 && idle) idle()
  }
  return {
    fetch: async (...args: A): Promise<Response> => {
      running++
      try {
        return await fetch(...args)
      } finally {
        settle()
      }
    },
    /** Resolves once no handler is running. */
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve))),
  }
}

export interface ShutdownParts {
  server: Server
  /** Resolves once no request handler is running (trackHandlers). */
  handlersIdle: () => Promise<void>
  /** The background workers' stop functions; each resolves once its current step is done. */
  workers: (() => Promise<void>)[]
  closeDb: () => Promise<void>
  /** Requests still running after this long are cut off so the process does end. */
  graceMs: number
  log: (m: string) => void
}

/**
 * Marks every response given from now on `Connection: close`. Installed at start so it runs before the app's own
 * listener; it only acts once the shutdown has begun. An idle keep-alive connection is kept `keepAliveMs`
 * (KEEP_ALIVE_TIMEOUT_MS), the time every answer announces (`Keep-Alive: timeout=<seconds>`). Node itself keeps it
 * one second more, a margin for clients that round; once a stop has begun, each idle connection is closed when it
 * has been idle for the announced time, so a stop waits `keepAliveMs` at most for idle connections and never closes
 * one sooner than its client was told.
 */
export function closeConnectionsWhenShuttingDown(server: Server, keepAliveMs: number): { begin: () => void } {
  server.keepAliveTimeout = keepAliveMs
  let shuttingDown = false
  /** Open connections with no request running, and since when. */
  const idleSince = new Map<Socket, number>()
  const closeWhenDue = (socket: Socket) => {
    const since = idleSince.get(socket)
    if (since === undefined) return
    const left = since + keepAliveMs - performance.now()
    if (left <= 0) socket.destroy()
    else setTimeout(() => closeWhenDue(socket), left).unref()
  }
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, performance.now())
    socket.once('close', () => idleSince.delete(socket))
  })
  server.prependListener('request', (req, res) => {
    idleSince.delete(req.socket)
    if (shuttingDown) res.setHeader('connection', 'close')
    res.once('finish', () => {
      if (req.socket.destroyed) return
      idleSince.set(req.socket, performance.now())
      if (shuttingDown) closeWhenDue(req.socket)
    })
  })
  return {
    begin: () => {
      shuttingDown = true
      for (const socket of idleSince.keys()) closeWhenDue(socket)
    },
  }
}

/**
 * The order a rolling restart needs: stop accepting connections (in a cluster the primary sends new ones to the
 * other processes), let the requests in flight finish, each answered with `Connection: close`, while idle keep-alive
 * connections end at their keep-alive time-out, which the clients were told in the `Keep-Alive` header, so no
 * client sends a request into a socket being closed. Then the workers finish their current step, and only then the
 * database closes (before, requests in flight failed with "Cannot use a pool after calling end on the pool").
 */
export async function shutdownGracefully(p: ShutdownParts): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    // net.Server's close, not http.Server's: the latter (Node ≥ 19) also drops idle keep-alive sockets at once,
    // which races a client that is just sending its next request on one.
    NetServer.prototype.close.call(p.server, () => resolve())
  })
  const cutOff = setTimeout(() => {
    p.log(`requests still running after ${p.graceMs} ms: closing their connections`)
    p.server.closeAllConnections()
  }, p.graceMs)
  cutOff.unref()
  await closed
  await Promise.race([p.handlersIdle(), new Promise((resolve) => setTimeout(resolve, p.graceMs).unref())])
  clearTimeout(cutOff)
  await Promise.all(p.workers.map((stop) => stop()))
  await p.closeDb()
}
