import { wrap, type Remote } from 'comlink'

/**
 * The worker stopped before answering: its module failed to load, it threw outside a call, or a reply could not
 * be read. Its state is gone; the next call starts a fresh worker.
 */
export class WorkerFailedError extends Error {
  constructor(cause: unknown) {
    const message = (cause as { message?: unknown } | null)?.message
    super(typeof message === 'string' && message ? message : 'The worker stopped', { cause })
    this.name = 'WorkerFailedError'
  }
}

/** Runs `run` against the worker's comlink remote; what `run` returns, or a WorkerFailedError if the worker fails. */
export type WorkerCall<T> = <P extends Promise<unknown>>(run: (api: Remote<T>) => P) => Promise<Awaited<P>>

interface Running<T> {
  worker: Worker
  api: Remote<T>
  /** Rejects when the worker fails; every pending call races it. */
  failed: Promise<never>
}

function open<T>(start: () => Worker, stopped: (r: Running<T>) => void): Running<T> {
  const worker = start()
  let fail: (e: WorkerFailedError) => void = () => {}
  const failed = new Promise<never>((_, reject) => (fail = reject))
  // No call may be pending when the worker fails.
  failed.catch(() => {})
  const running: Running<T> = { worker, api: wrap<T>(worker), failed }
  const stop = (event: Event) => {
    worker.removeEventListener('error', stop)
    worker.removeEventListener('messageerror', stop)
    worker.terminate()
    stopped(running)
    fail(new WorkerFailedError(event))
  }
  worker.addEventListener('error', stop)
  worker.addEventListener('messageerror', stop)
  return running
}

/**
 * A comlink worker started on the first call and started again after it fails. comlink alone never settles a call
 * whose worker died, so each call also races the worker's `error` and `messageerror` events. In Chromium those fire
 * for a module that fails to load (refused request, 404, a failing import) and for an uncaught error; a worker that
 * runs out of heap takes the whole tab down instead, and one that closes itself fires nothing. No call is timed
 * out: a 15 MB spreadsheet legitimately takes seconds.
 *
 * `start` must hold the literal `new Worker(new URL('…', import.meta.url), { type: 'module' })` for Vite to bundle
 * the worker, so each client passes its own.
 */
export function workerRemote<T>(start: () => Worker): WorkerCall<T> {
  let running: Running<T> | null = null
  const stopped = (r: Running<T>) => {
    if (running === r) running = null
  }
  return <P extends Promise<unknown>>(run: (api: Remote<T>) => P): Promise<Awaited<P>> => {
    let r: Running<T>
    try {
      r = running ??= open(start, stopped)
    } catch (e) {
      return Promise.reject(new WorkerFailedError(e))
    }
    let call: Promise<unknown>
    try {
      call = run(r.api)
    } catch (e) {
      call = Promise.reject(e)
    }
    return Promise.race([call, r.failed]) as Promise<Awaited<P>>
  }
}
