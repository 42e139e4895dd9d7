import { afterEach, describe, expect, it, vi } from 'vitest'

const session = { token: 'old' as string | null, issuedAt: 0, expiresIn: 3600 }
const setToken = vi.fn((t: string, _e: number, _fresh: boolean) => (session.token = t))
let answer: () => Promise<{ token: string; expiresIn: number }> = async () => ({ token: 'new', expiresIn: 3600 })
const refreshToken = vi.fn(() => answer())

vi.mock('@/stores/session', () => ({
  getToken: () => session.token,
  getTokenTiming: () => ({ issuedAt: session.issuedAt, expiresIn: session.expiresIn }),
  setToken: (t: string, e: number, fresh: boolean) => setToken(t, e, fresh),
}))
vi.mock('./user', () => ({ refreshToken: () => refreshToken() }))

const { checkRefresh } = await import('./refresh')

afterEach(() => {
  vi.clearAllMocks()
  session.token = 'old'
})

describe('checkRefresh', () => {
  it('calls /user/refesh once when due and keeps tabs and lock (not a fresh login)', async () => {
    await checkRefresh(3000_000)
    expect(refreshToken).toHaveBeenCalledOnce()
    expect(setToken).toHaveBeenCalledWith('new', 3600, false)
  })

  it('does not call before the token time', async () => {
    await checkRefresh(2999_000)
    expect(refreshToken).not.toHaveBeenCalled()
  })

  it('starts no second refresh while the first is running', async () => {
    let finish: (v: { token: string; expiresIn: number }) => void = () => {}
    answer = () => new Promise((r) => (finish = r))
    const first = checkRefresh(3100_000)
    await checkRefresh(3110_000)
    expect(refreshToken).toHaveBeenCalledOnce()
    finish({ token: 'new', expiresIn: 3600 })
    await first
  })

  it('drops the answer when the user logged out meanwhile', async () => {
    answer = async () => {
      session.token = null
      return { token: 'late', expiresIn: 3600 }
    }
    await checkRefresh(3200_000)
    expect(setToken).not.toHaveBeenCalled()
  })
})
