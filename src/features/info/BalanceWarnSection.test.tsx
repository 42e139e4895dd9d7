import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { BalanceWarnSection } from './BalanceWarnSection'

const SAVED = { threshold: 100, mobiles: ['13800138000'], balance: 250.5, lastWarnedAt: null }

describe('BalanceWarnSection', () => {
  it('draws the form once the saved setting has come, so nothing typed is replaced by its arrival', async () => {
    let answer: (v: unknown) => void = () => {}
    stubApi({ 'POST /api/warn/getCusBneWarnInfo': () => new Promise((resolve) => (answer = resolve)) })
    renderWithProviders(<BalanceWarnSection />)
    expect(await screen.findByTestId('balance-warn-loading')).toBeTruthy()
    // Nothing to type into while the setting is on its way.
    expect(screen.queryByLabelText('预警值（元）')).toBeNull()
    answer(SAVED)
    const threshold = (await screen.findByLabelText('预警值（元）')) as HTMLInputElement
    expect(threshold.value).toBe('100')
    const user = userEvent.setup()
    await user.clear(threshold)
    await user.type(threshold, '20')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByTestId('balance-warn-mobiles'))
    expect(threshold.value).toBe('20')
  })

  it('says when the setting cannot be read, with a way to ask again, instead of an empty form', async () => {
    let fail = true
    stubApi({ 'POST /api/warn/getCusBneWarnInfo': () => (fail ? { status: 500, body: { code: 500, msg: 'x', data: null } } : SAVED) })
    renderWithProviders(<BalanceWarnSection />)
    expect((await screen.findByRole('alert')).textContent).toContain('服务器暂时无法处理您的请求')
    expect(screen.queryByLabelText('预警值（元）')).toBeNull()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }))
    expect(((await screen.findByLabelText('预警值（元）')) as HTMLInputElement).value).toBe('100')
  })
})
