import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const toastError = vi.fn()
const logoutLocal = vi.fn(() => true)
const goToLogin = vi.fn()
const rememberSessionEnd = vi.fn()
let token: string | null = 'tok-1'

vi.mock('@/components/ui/toast', () => ({ toast: { error: (m: string, detail?: string[]) => (detail ? toastError(m, detail) : toastError(m)), success: vi.fn(), info: vi.fn() } }))
vi.mock('@/stores/session', () => ({ getToken: () => token, logoutLocal: () => logoutLocal(), rememberSessionEnd: (r: string) => rememberSessionEnd(r) }))
vi.mock('@/stores/prefs', () => ({ getLocale: () => 'zh-CN' }))
vi.mock('./navigation', () => ({ goToLogin: () => goToLogin() }))

const { api, ApiError } = await import('./http')
const { getErrorLog, clearErrorLog } = await import('@/stores/error-log')

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  token = 'tok-1'
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.clearAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('api()', () => {
  it('POSTs JSON with the bearer token and language, and returns data', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 200, msg: 'ok', data: { a: 1 } }))
    await expect(api('/user/getUserInfo', { x: 1 })).resolves.toEqual({ a: 1 })
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/user/getUserInfo')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"x":1}')
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Accept-Language': 'zh-CN' })
  })

  it('shows the server message for a non-200 answer and rejects with ApiError', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { code: 403, msg: '没有权限', data: null }))
    const err = await api('/user/getMenu').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 403, msg: '没有权限' })
    expect(toastError).toHaveBeenCalledWith('没有权限', ['服务器回答 HTTP 403'])
  })

  it('falls back to "unknown error" when the body carries no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }))
    await expect(api('/x')).rejects.toMatchObject({ status: 500 })
    expect(toastError).toHaveBeenCalledWith('未知错误', ['服务器回答 HTTP 500'])
  })

  it('keeps the failed call\'s request id in the error, beneath the toast and, for a server failure, in the error log', async () => {
    clearErrorLog()
    const answer = (status: number, id: string) =>
      new Response(JSON.stringify({ code: status, msg: '服务繁忙', data: null }), { status, headers: { 'Content-Type': 'application/json', 'X-Request-Id': id } })
    fetchMock.mockResolvedValueOnce(answer(500, 'req-5xx-0001'))
    await expect(api('/x')).rejects.toMatchObject({ status: 500, requestId: 'req-5xx-0001' })
    expect(toastError).toHaveBeenCalledWith('服务繁忙', ['服务器回答 HTTP 500', '请求编号：req-5xx-0001（联系客服时请提供）'])
    expect(getErrorLog()[0].message).toContain('req-5xx-0001')
    fetchMock.mockResolvedValueOnce(answer(409, 'req-4xx-0002'))
    await expect(api('/x')).rejects.toMatchObject({ status: 409, requestId: 'req-4xx-0002' })
    expect(toastError).toHaveBeenLastCalledWith('服务繁忙', ['服务器回答 HTTP 409', '请求编号：req-4xx-0002（联系客服时请提供）'])
    // A refusal the user can act on is not an error of the console: the log keeps only the server failure.
    expect(getErrorLog()).toHaveLength(1)
  })

  it('keeps silent calls (sign-in) free of toasts', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 400, msg: '验证码错误或已过期', data: {} }))
    await expect(api('/user/login', {}, { silent: true, auth: false })).rejects.toMatchObject({ msg: '验证码错误或已过期' })
    expect(toastError).not.toHaveBeenCalled()
  })

  it('logs out locally and goes to /login on HTTP 401', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { code: 401, msg: 'expired', data: null }))
    await expect(api('/user/getTopMenu')).rejects.toMatchObject({ status: 401, kind: 'auth' })
    expect(logoutLocal).toHaveBeenCalledOnce()
    expect(goToLogin).toHaveBeenCalledOnce()
  })

  it('says why the server ended the session, and ends it once: the calls failing after it only reject', async () => {
    fetchMock.mockResolvedValue(json(401, { code: 401, msg: 'revoked', data: { reason: 'revoked' } }))
    await expect(api('/user/getTopMenu')).rejects.toMatchObject({ status: 401, kind: 'auth', msg: '登录已在别处退出或被撤销（退出登录、修改密码），请重新登录' })
    expect(rememberSessionEnd).toHaveBeenCalledWith('revoked')
    logoutLocal.mockReturnValue(false)
    await expect(api('/user/getMenu')).rejects.toMatchObject({ status: 401, kind: 'auth' })
    expect(goToLogin).toHaveBeenCalledOnce()
    expect(rememberSessionEnd).toHaveBeenCalledOnce()
    expect(toastError).not.toHaveBeenCalled()
    logoutLocal.mockReturnValue(true)
  })

  it('never calls the server when a token is needed but missing', async () => {
    token = null
    await expect(api('/user/getTopMenu')).rejects.toMatchObject({ status: 401 })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(goToLogin).toHaveBeenCalledOnce()
  })

  it('says of a failed money-moving write what became of the money and whether a retry is safe', async () => {
    const answer = new Response(JSON.stringify({ code: 500, msg: '未知错误', data: null }), { status: 500, headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-send-1' } })
    fetchMock.mockResolvedValueOnce(answer)
    await expect(api('/user/groupSend', {}, { money: 'send' })).rejects.toMatchObject({ status: 500 })
    expect(toastError).toHaveBeenLastCalledWith('未知错误', [
      '服务器回答 HTTP 500', '请求编号：req-send-1（联系客服时请提供）', '这次发送没有执行：没有扣费，没有生成批次',
      '可以放心重试：这次发送带有幂等键，服务器已处理过的发送只会回答原来的批次，不会重复发送或扣费',
    ])
    // No answer: nobody knows whether a charge went through, and a charge has no key to make a second one harmless.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(api('/customer/customerCharge', {}, { money: 'charge' })).rejects.toMatchObject({ kind: 'network' })
    expect(toastError).toHaveBeenLastCalledWith('网络连接失败，请检查网络后重试', [
      '没有收到服务器的回答', '不确定这次充值是否已执行：重试前请先查看该客户的充值记录，重复提交会再充一次',
    ])
    // A refusal moved nothing and is answered by changing the request, not by trying it again.
    fetchMock.mockResolvedValueOnce(json(409, { code: 409, msg: '账号已停用', data: null }))
    await expect(api('/subAccount/charge', {}, { money: 'transfer' })).rejects.toMatchObject({ status: 409 })
    expect(toastError).toHaveBeenLastCalledWith('账号已停用', ['服务器回答 HTTP 409', '这次划拨没有执行，两个账号的余额都没有变化'])
  })

  it('maps a network failure to a translated toast', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(api('/x')).rejects.toMatchObject({ kind: 'network' })
    expect(toastError).toHaveBeenCalledWith('网络连接失败，请检查网络后重试')
  })

  it('aborts after the time-out (600 s for long calls) and says it timed out', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementationOnce(
      (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    )
    const call = api('/user/groupSend', {}, { long: true }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(599_999)
    expect(toastError).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await call).toMatchObject({ kind: 'timeout' })
    expect(toastError).toHaveBeenCalledWith('请求超时，请稍后重试')
  })
})
