import { generateKeyPairSync } from 'node:crypto'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApi, type StubAnswer } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { AccountLoginForm } from './AccountLoginForm'
import { RegisterForm } from './RegisterForm'
import { SmsLoginForm } from './SmsLoginForm'

const publicKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
const refusal = (msg: string) => ({ status: 400, body: { code: 400, msg, data: null } })

let server: ReturnType<typeof stubApi>
let captchas = 0

/** The sign-in endpoints: a new captcha name each time, the server's key, and `answers` for the calls under test. */
function serve(answers: Record<string, () => StubAnswer>) {
  captchas = 0
  server = stubApi({
    'POST /api/code/captcha': () => ({ redomStr: `captcha-name-${++captchas}`, image: 'data:image/png;base64,AA==' }),
    'POST /api/user/publicKey': () => ({ publicKey }),
    ...answers,
  })
}

const field = (label: string) => screen.getByLabelText(label)
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? ''

beforeEach(() => serve({}))

describe('password sign-in', () => {
  it('refuses empty fields by their rules without a call, the first one focused', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AccountLoginForm onChallenge={() => {}} onSignedIn={() => undefined} autoFocus />)
    await user.type(field('密码'), '123{Enter}')
    expect(errorOf(field('账号'))).toBe('此项不能为空')
    expect(errorOf(field('密码'))).toBe('密码至少 6 位')
    expect(errorOf(field('验证码'))).toBe('此项不能为空')
    expect(field('账号')).toHaveFocus()
    expect(server.to('POST /api/user/login')).toEqual([])
  })

  it('sends the password sealed; a refusal shows the server words, keeps what was typed and asks for a new captcha', async () => {
    serve({ 'POST /api/user/login': () => refusal('验证码错误') })
    const onSignedIn = vi.fn()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AccountLoginForm onChallenge={() => {}} onSignedIn={onSignedIn} autoFocus />)
    await user.type(field('账号'), 'admin')
    await user.type(field('密码'), 'Admin@12345')
    await user.type(field('验证码'), 'ABCD{Enter}')
    expect(await screen.findByTestId('form-message')).toHaveTextContent('验证码错误')
    const [sent] = server.to('POST /api/user/login').map((c) => c.body as Record<string, string>)
    expect(sent).toMatchObject({ username: 'admin', code: 'ABCD', redomStr: 'captcha-name-1' })
    expect(sent?.password).not.toContain('Admin@12345')
    expect(field('账号')).toHaveValue('admin')
    expect(field('密码')).toHaveValue('Admin@12345')
    // The captcha is spent whatever the answer: its field is emptied and the next one fetched.
    expect(field('验证码')).toHaveValue('')
    await waitFor(() => expect(captchas).toBe(2))
    expect(onSignedIn).not.toHaveBeenCalled()
  })
})

describe('SMS-code sign-in', () => {
  it('the code send checks only the account and the captcha; the sign-in needs no captcha', async () => {
    serve({ 'POST /api/user/sendLoginAuthCode': () => null, 'POST /api/user/loginBySmsCode': () => refusal('短信验证码错误') })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<SmsLoginForm onChallenge={() => {}} onSignedIn={() => undefined} />)
    await user.click(screen.getByTestId('send-code'))
    expect(errorOf(field('账号'))).toBe('此项不能为空')
    expect(errorOf(field('验证码'))).toBe('此项不能为空')
    expect(field('短信验证码')).not.toHaveAttribute('aria-invalid')
    expect(field('账号')).toHaveFocus()

    await user.type(field('账号'), 'acme01')
    await user.type(field('验证码'), 'WXYZ')
    await user.click(screen.getByTestId('send-code'))
    expect(await screen.findByRole('status')).toHaveTextContent('验证码已发送')
    expect(server.to('POST /api/user/sendLoginAuthCode').map((c) => c.body)).toMatchObject([{ userId: 'acme01', captcha: 'WXYZ', redomStr: 'captcha-name-1' }])
    expect(field('验证码')).toHaveValue('')

    await user.type(field('短信验证码'), '123456{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('短信验证码错误')
    expect(server.to('POST /api/user/loginBySmsCode').map((c) => c.body)).toMatchObject([{ username: 'acme01', code: '123456' }])
    expect(field('短信验证码')).toHaveValue('123456')
  })
})

describe('a refused code send', () => {
  it('shows the server words with the wait, and the button counts a short wait down', async () => {
    const tooSoon = { status: 429, body: { code: 429, msg: '验证码刚刚发出，请 42 秒后再获取', data: { seconds: 42 }, type: 1 } }
    serve({ 'POST /api/user/sendLoginAuthCode': () => tooSoon })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<SmsLoginForm onChallenge={() => {}} onSignedIn={() => undefined} />)
    await user.type(field('账号'), 'acme01')
    await user.type(field('验证码'), 'WXYZ')
    await user.click(screen.getByTestId('send-code'))
    expect(await screen.findByTestId('form-message')).toHaveTextContent('验证码刚刚发出，请 42 秒后再获取')
    await waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent(/^4[12] 秒后重试$/))
    expect(screen.getByTestId('send-code')).toBeDisabled()
  })

  it('shows a spent budget in minutes and leaves the button free', async () => {
    const spent = { status: 429, body: { code: 429, msg: '获取验证码次数已达上限，请 600 分钟后再试', data: { seconds: 36_000 }, type: 1 } }
    serve({ 'POST /api/user/sendAuthCode': () => spent })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegisterForm onRegistered={() => undefined} />)
    await user.type(field('企业ID'), 'e2e_reg')
    await user.type(field('手机号'), '13512348888')
    await user.type(field('验证码'), 'ABCD')
    await user.click(screen.getByTestId('send-code'))
    expect(await screen.findByTestId('form-message')).toHaveTextContent('获取验证码次数已达上限，请 600 分钟后再试')
    expect(screen.getByTestId('send-code')).toHaveTextContent('获取验证码')
    expect(screen.getByTestId('send-code')).toBeEnabled()
  })
})

describe('registration', () => {
  it('refuses a confirmation that differs from the password under the confirmation', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegisterForm onRegistered={() => undefined} />)
    await user.type(field('企业ID'), 'e2e_reg')
    await user.type(field('企业名称'), '测试企业')
    await user.type(field('密码'), 'Secret@123')
    await user.type(field('确认密码'), 'Secret@124')
    await user.type(field('手机号'), '13512348888')
    await user.type(field('验证码'), 'ABCD')
    await user.type(field('短信验证码'), '123456{Enter}')
    expect(errorOf(field('确认密码'))).toBe('两次输入的密码不一致')
    expect(field('确认密码')).toHaveFocus()
    expect(server.to('POST /api/user/epRegist')).toEqual([])
  })

  it('the code send checks the enterprise id, the phone and the captcha, and spends the captcha', async () => {
    serve({ 'POST /api/user/sendAuthCode': () => refusal('该手机号已注册') })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<RegisterForm onRegistered={() => undefined} />)
    await user.type(field('手机号'), '1351234')
    await user.click(screen.getByTestId('send-code'))
    expect(errorOf(field('企业ID'))).toBe('此项不能为空')
    expect(errorOf(field('手机号'))).toBe('手机号长度应为 11 位')
    expect(field('企业名称')).not.toHaveAttribute('aria-invalid')

    await user.type(field('企业ID'), 'e2e_reg')
    await user.type(field('手机号'), '8888')
    await user.type(field('验证码'), 'ABCD')
    await user.click(screen.getByTestId('send-code'))
    expect(await screen.findByTestId('form-message')).toHaveTextContent('该手机号已注册')
    expect(server.to('POST /api/user/sendAuthCode').map((c) => c.body)).toMatchObject([{ epId: 'e2e_reg', phone: '13512348888', captcha: 'ABCD' }])
    expect(field('验证码')).toHaveValue('')
    expect(field('企业ID')).toHaveValue('e2e_reg')
  })
})

describe('the captcha while the server cannot serve', () => {
  it('says the service is unavailable when the captcha answers 503, asks again by itself and shows the captcha once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      let down = true
      serve({
        'POST /api/code/captcha': () => (down
          ? { status: 503, body: { code: 503, msg: '服务暂时不可用（数据库没有响应），请 5 秒后重试', data: null } }
          : { redomStr: 'captcha-name-back', image: 'data:image/png;base64,AA==' }),
      })
      renderWithProviders(<AccountLoginForm onChallenge={() => {}} onSignedIn={() => undefined} autoFocus />)
      expect(await screen.findByText('服务暂时不可用，恢复后验证码会自动显示')).toBeInTheDocument()
      expect(screen.getByText('服务暂不可用')).toBeInTheDocument()
      expect(screen.queryByTestId('captcha')).toBeNull()
      down = false
      await vi.advanceTimersByTimeAsync(5000)
      expect(await screen.findByTestId('captcha')).toBeInTheDocument()
      expect(screen.queryByText('服务暂时不可用，恢复后验证码会自动显示')).toBeNull()
      expect(server.to('POST /api/code/captcha')).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a refusal that is not the server being down (400) shows no such words', async () => {
    serve({ 'POST /api/code/captcha': () => refusal('请求参数有误') })
    renderWithProviders(<AccountLoginForm onChallenge={() => {}} onSignedIn={() => undefined} autoFocus />)
    await waitFor(() => expect(server.to('POST /api/code/captcha')).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('服务暂时不可用，恢复后验证码会自动显示')).toBeNull()
  })
})
