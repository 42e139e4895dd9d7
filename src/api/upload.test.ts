import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const toastError = vi.fn()
const logoutLocal = vi.fn()

vi.mock('@/components/ui/toast', () => ({ toast: { error: (m: string) => toastError(m) } }))
vi.mock('@/stores/session', () => ({ getToken: () => 'tok', logoutLocal: () => logoutLocal() }))
vi.mock('@/stores/prefs', () => ({ getLocale: () => 'en' }))
vi.mock('./navigation', () => ({ goToLogin: vi.fn() }))

const { upload } = await import('./transfer')
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  vi.clearAllMocks()
  vi.unstubAllGlobals()
})

describe('upload (spec section 8, Uploads)', () => {
  it('sends multipart with the bearer token and returns data', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, msg: 'ok', data: { url: '/f/1' } }))
    await expect(upload('/file/upload', new FormData())).resolves.toEqual({ url: '/f/1' })
    const init = fetchMock.mock.calls[0][1]
    expect(init?.body).toBeInstanceOf(FormData)
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok' })
  })

  it('rejects a 400 with the response body and no toast', async () => {
    const body = { code: 400, msg: 'bad rows', data: { rows: [3] } }
    fetchMock.mockResolvedValueOnce(json(400, body))
    await expect(upload('/file/upload', new FormData())).rejects.toMatchObject({ status: 400, data: body })
    expect(toastError).not.toHaveBeenCalled()
  })

  it('logs out on 401 and toasts other failures with the unknown-error text', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 401, msg: 'x', data: null }))
    await expect(upload('/file/upload', new FormData())).rejects.toMatchObject({ status: 401 })
    expect(logoutLocal).toHaveBeenCalledOnce()
    fetchMock.mockResolvedValueOnce(new Response('', { status: 413 }))
    await expect(upload('/file/upload', new FormData())).rejects.toMatchObject({ status: 413 })
    expect(toastError).toHaveBeenCalledWith('Unknown error')
  })
})
