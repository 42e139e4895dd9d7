import { beforeEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from './memory-storage.test-util'

vi.stubGlobal('sessionStorage', memoryStorage())

type Module = typeof import('./last-batch')
const load = async (): Promise<Module> => import('./last-batch')

beforeEach(() => vi.resetModules())

describe('last batch', () => {
  it('keeps the batch sent last for the tab (a reload too), and forgets it on log-out', async () => {
    let m = await load()
    expect(m.getLastBatch()).toBeNull()
    m.rememberLastBatch({ batchId: 'B1', timed: false, path: '/home-sms/mt-records?batch_id=B1' })
    m.rememberLastBatch({ batchId: 'T2', timed: true, path: '/intl-sms/timed-batches?time_batch=T2' })
    expect(m.getLastBatch()).toEqual({ batchId: 'T2', timed: true, path: '/intl-sms/timed-batches?time_batch=T2' })
    // A reload: the module starts again from the tab's storage.
    vi.resetModules()
    m = await load()
    expect(m.getLastBatch()).toEqual({ batchId: 'T2', timed: true, path: '/intl-sms/timed-batches?time_batch=T2' })
    // A log-out ends a session that is there (a second one finds none and does nothing).
    const { logoutLocal, setToken } = await import('./session')
    setToken('the-session', 3600, false)
    logoutLocal()
    expect(m.getLastBatch()).toBeNull()
    vi.resetModules()
    expect((await load()).getLastBatch()).toBeNull()
  })

  it('ignores a damaged stored value', async () => {
    sessionStorage.setItem('sms.lastBatch', '{not json')
    expect((await load()).getLastBatch()).toBeNull()
    sessionStorage.setItem('sms.lastBatch', JSON.stringify({ batchId: 3 }))
    vi.resetModules()
    expect((await load()).getLastBatch()).toBeNull()
  })
})
