import { generateKeyPairSync } from 'node:crypto'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { LoginPage } from './LoginPage'

const publicKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
const authUser = {
  cusId: 'acme01', userName: '艾克米市场部', userType: 3, showClientStatus: 1, clientForbidUnknown: 0, showContentFilterWhere: 1, moreType: 0,
  balance: 10, mobile: '13800138001', email: '', parentId: 'acme', prodTypes: [0],
}
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? ''

describe('the sign-in of an account with two-factor', () => {
  it('asks for the code after the password, keeps the form on a wrong one, and signs in with the right one', async () => {
    let tries = 0
    const server = stubApi({
      'POST /api/code/captcha': () => ({ redomStr: 'captcha-name-1', image: 'data:image/png;base64,AA==' }),
      'POST /api/user/publicKey': () => ({ publicKey }),
      'POST /api/user/login': () => ({ status: 200, body: { code: 200, msg: '请输入身份验证器中的动态验证码', type: 0, data: { two_factor: true, challenge: 'challenge-0123456789' } } }),
      'POST /api/user/login2fa': () => (++tries === 1
        ? { status: 400, body: { code: 400, msg: '动态验证码错误或已使用', type: 1, data: null } }
        : { status: 200, body: { code: 200, msg: '登录成功', type: 0, data: { token: 'the-session', expiresIn: 3600 } } }),
      'POST /api/user/getUserInfo': () => ({ userInfo: { authUser, name: '艾克米市场部', avatar: '' }, roles: ['sub'], permission: [] }),
    })
    const onSignedIn = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginPage onSignedIn={onSignedIn} />)
    await user.type(await screen.findByLabelText('账号'), 'acme01')
    await user.type(screen.getByLabelText('密码'), 'Acme01@12345')
    await user.type(screen.getByLabelText('验证码'), 'ABCD{Enter}')

    const code = await screen.findByLabelText('动态验证码')
    await waitFor(() => expect(code).toHaveFocus())
    expect(screen.getByTestId('two-factor-step')).toHaveTextContent('此账号已开启两步验证')
    expect(onSignedIn).not.toHaveBeenCalled()
    // Empty: refused here, no call.
    await user.keyboard('{Enter}')
    expect(errorOf(code)).toBe('请输入动态验证码或恢复码')
    expect(server.to('POST /api/user/login2fa')).toEqual([])

    await user.type(code, '123456{Enter}')
    expect(await screen.findByTestId('form-message')).toHaveTextContent('动态验证码错误或已使用')
    expect(code).toHaveValue('123456')
    await user.clear(code)
    await user.type(code, ' 654321 {Enter}')
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(server.to('POST /api/user/login2fa').map((c) => c.body)).toEqual([
      { challenge: 'challenge-0123456789', code: '123456' }, { challenge: 'challenge-0123456789', code: '654321' },
    ])
  })

  it('goes back to the password form', async () => {
    stubApi({
      'POST /api/code/captcha': () => ({ redomStr: 'captcha-name-1', image: 'data:image/png;base64,AA==' }),
      'POST /api/user/publicKey': () => ({ publicKey }),
      'POST /api/user/login': () => ({ two_factor: true, challenge: 'challenge-0123456789' }),
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginPage onSignedIn={() => {}} />)
    await user.type(await screen.findByLabelText('账号'), 'acme01')
    await user.type(screen.getByLabelText('密码'), 'Acme01@12345')
    await user.type(screen.getByLabelText('验证码'), 'ABCD{Enter}')
    await screen.findByLabelText('动态验证码')
    await user.click(screen.getByTestId('two-factor-back'))
    expect(await screen.findByLabelText('账号')).toBeTruthy()
    expect(screen.queryByTestId('two-factor-step')).toBeNull()
  })

  it('an account required to have two-factor enrols after its password: the key, the first code, the recovery codes, then the session', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>'
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`)
    const server = stubApi({
      'POST /api/code/captcha': () => ({ redomStr: 'captcha-name-1', image: 'data:image/png;base64,AA==' }),
      'POST /api/user/publicKey': () => ({ publicKey }),
      'POST /api/user/login': () => ({ two_factor_setup: true, challenge: 'challenge-0123456789' }),
      'POST /api/user/login2fa/begin': () => ({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_svg: svg }),
      'POST /api/user/login2fa': () => ({ token: 'the-session', expiresIn: 3600, recovery_codes: codes }),
      'POST /api/user/getUserInfo': () => ({ userInfo: { authUser, name: '艾克米市场部', avatar: '' }, roles: ['sub'], permission: [] }),
    })
    const onSignedIn = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<LoginPage onSignedIn={onSignedIn} />)
    await user.type(await screen.findByLabelText('账号'), 'acme01')
    await user.type(screen.getByLabelText('密码'), 'Acme01@12345')
    await user.type(screen.getByLabelText('验证码'), 'ABCD{Enter}')

    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    const code = screen.getByLabelText('动态验证码')
    await waitFor(() => expect(code).toHaveFocus())
    await user.type(code, '123456{Enter}')
    // The codes this once, and no session until the user says they kept them.
    expect(await screen.findByTestId('two-factor-recovery')).toHaveTextContent(codes[9])
    expect(onSignedIn).not.toHaveBeenCalled()
    expect(server.to('POST /api/user/getUserInfo')).toEqual([])
    await user.click(screen.getByTestId('two-factor-codes-done'))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1))
    expect(server.to('POST /api/user/login2fa/begin').map((c) => c.body)).toEqual([{ challenge: 'challenge-0123456789' }])
    expect(server.to('POST /api/user/login2fa').map((c) => c.body)).toEqual([{ challenge: 'challenge-0123456789', code: '123456' }])
  })
})
