import { expose, proxy, transfer } from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import { workerRemote, WorkerFailedError } from './remote'

/** What the fake worker exposes: quick answers, a call that waits until the test releases it, bytes, a callback. */
function testApi() {
  let release: (v: string) => void = () => {}
  return {
    echo: (s: string) => `echo ${s}`,
    wait: () => new Promise<string>((resolve) => (release = resolve)),
    release: (v: string) => release(v),
    sum: (bytes: Uint8Array) => bytes.reduce((a, b) => a + b, 0),
    refuse: () => {
      throw new Error('refused')
    },
    // Awaited: a proxied callback answers over its own channel, which need not keep order with the reply.
    progress: async (report: (n: number) => unknown) => {
      await report(1)
      await report(2)
      return 'done'
    },
  }
}
type TestApi = ReturnType<typeof testApi>

/**
 * A Worker whose other end is a MessageChannel port exposing testApi() with comlink, so the page side speaks the
 * real protocol; `fail` dispatches what the browser dispatches when a worker dies.
 */
class FakeWorker extends EventTarget {
  readonly port: MessagePort
  terminated = false
  constructor() {
    super()
    const { port1, port2 } = new MessageChannel()
    expose(testApi(), port2)
    this.port = port1
  }
  postMessage(message: unknown, transfer: Transferable[] = []) {
    if (!this.terminated) this.port.postMessage(message, transfer)
  }
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions | boolean) {
    if (type === 'message') this.port.addEventListener(type, listener, options)
    else super.addEventListener(type, listener, options)
  }
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: EventListenerOptions | boolean) {
    if (type === 'message') this.port.removeEventListener(type, listener, options)
    else super.removeEventListener(type, listener, options)
  }
  start() {
    this.port.start()
  }
  terminate() {
    this.terminated = true
    this.port.close()
  }
  fail(type: 'error' | 'messageerror' = 'error') {
    this.dispatchEvent(new Event(type))
  }
}

let started: FakeWorker[] = []
const remote = () =>
  workerRemote<TestApi>(() => {
    const w = new FakeWorker()
    started.push(w)
    return w as unknown as Worker
  })

afterEach(() => {
  for (const w of started) w.terminate()
  started = []
})

describe('workerRemote', () => {
  it('starts the worker on the first call and keeps it for the next calls', async () => {
    const call = remote()
    expect(started).toHaveLength(0)
    expect(await call((api) => api.echo('a'))).toBe('echo a')
    expect(await call((api) => api.echo('b'))).toBe('echo b')
    expect(started).toHaveLength(1)
  })

  it('transfers buffers and passes proxied callbacks', async () => {
    const call = remote()
    const bytes = new Uint8Array([1, 2, 3])
    const sum = call((api) => api.sum(transfer(bytes, [bytes.buffer])))
    expect(bytes.byteLength).toBe(0)
    expect(await sum).toBe(6)
    const reports: number[] = []
    expect(await call((api) => api.progress(proxy((n: number) => void reports.push(n))))).toBe('done')
    expect(reports).toEqual([1, 2])
  })

  it("passes the worker's own refusal on and keeps the worker", async () => {
    const call = remote()
    const refused = await call((api) => api.refuse()).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Error)
    expect(refused).not.toBeInstanceOf(WorkerFailedError)
    expect((refused as Error).message).toBe('refused')
    expect(await call((api) => api.echo('c'))).toBe('echo c')
    expect(started).toHaveLength(1)
  })

  for (const type of ['error', 'messageerror'] as const) {
    it(`rejects every pending call with WorkerFailedError on ${type}, and the next call starts a new worker`, async () => {
      const call = remote()
      const first = call((api) => api.wait())
      const second = call((api) => api.wait())
      await call((api) => api.echo('started'))
      started[0].fail(type)
      await expect(first).rejects.toBeInstanceOf(WorkerFailedError)
      await expect(second).rejects.toBeInstanceOf(WorkerFailedError)
      expect(started[0].terminated).toBe(true)
      expect(await call((api) => api.echo('again'))).toBe('echo again')
      expect(started).toHaveLength(2)
      expect(started[1].terminated).toBe(false)
    })
  }

  it('leaves calls of the new worker alone when the old one reports again', async () => {
    const call = remote()
    await call((api) => api.echo('x'))
    started[0].fail()
    const pending = call((api) => api.wait())
    started[0].fail()
    await call((api) => api.release('released'))
    expect(await pending).toBe('released')
    expect(started).toHaveLength(2)
  })

  it('rejects with WorkerFailedError when the worker cannot be constructed, and tries again on the next call', async () => {
    let attempts = 0
    const call = workerRemote<TestApi>(() => {
      if (++attempts === 1) throw new DOMException('blocked', 'SecurityError')
      const w = new FakeWorker()
      started.push(w)
      return w as unknown as Worker
    })
    const refused = await call((api) => api.echo('x')).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(WorkerFailedError)
    expect((refused as Error).message).toBe('blocked')
    expect(await call((api) => api.echo('y'))).toBe('echo y')
  })
})
