import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { i18nObject } from '@/i18n/i18n-util'
import { stubApi } from '@/test/fetch-stub'
import { editMarketingRule } from './opt-outs.actions'

const LL = i18nObject('zh-CN')
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent
const platform = { window_start: 480, window_end: 1260, daily_cap: 3 }
const own = { window_start: 540, window_end: 1200, daily_cap: 2 }

describe('the marketing hours and cap form', () => {
  it("starts from the enterprise's rule in force, checks times and order, and saves its own rule", async () => {
    const api = stubApi({
      'POST /api/marketing/getRule': () => ({ platform, own, effective: own }),
      'POST /api/marketing/setRule': () => ({ status: 200, body: { code: 200, msg: '营销时段与频次已保存', data: { platform, own, effective: own } } }),
    })
    const user = userEvent.setup({ delay: null })
    let result: string | void | undefined
    void editMarketingRule(LL, false).then((r) => (result = r))
    const dialog = await screen.findByRole('dialog', { name: '营销时段与频次' })
    // The platform's bounds are named, since the enterprise can only narrow them.
    expect(dialog.textContent).toContain('平台默认：08:00–21:00，每个号码每天至多 3 条')
    const start = screen.getByLabelText('开始时间') as HTMLInputElement
    const end = screen.getByLabelText('结束时间') as HTMLInputElement
    const cap = screen.getByLabelText('每号每天上限（条）') as HTMLInputElement
    expect([start.value, end.value, cap.value]).toEqual(['09:00', '20:00', '2'])

    await user.clear(start)
    await user.type(start, '9点')
    await user.clear(end)
    await user.type(end, '08:30')
    await user.clear(cap)
    await user.type(cap, '0')
    await user.click(screen.getByTestId('marketing-rule-save'))
    expect(errorOf(start)).toBe('请按 HH:mm 填写时间，如 08:00')
    expect(errorOf(cap)).toBe('请填写 1 到 100 之间的整数')
    expect(api.to('POST /api/marketing/setRule')).toEqual([])

    await user.clear(start)
    await user.type(start, '09:30')
    await user.clear(cap)
    await user.type(cap, '1')
    await user.click(screen.getByTestId('marketing-rule-save'))
    expect(errorOf(end)).toBe('结束时间须晚于开始时间')
    await user.clear(end)
    await user.type(end, '20:00')
    await user.click(screen.getByTestId('marketing-rule-save'))
    await waitFor(() => expect(result).toBe('营销时段与频次已保存'))
    expect(api.to('POST /api/marketing/setRule').map((c) => c.body)).toEqual([{ window_start: '09:30', window_end: '20:00', daily_cap: 1 }])
  })

  it("shows the server's refusal of a wider rule on its field, and keeps what was typed", async () => {
    stubApi({
      'POST /api/marketing/getRule': () => ({ platform, own: null, effective: platform }),
      'POST /api/marketing/setRule': () => ({
        status: 200,
        body: { code: 400, msg: '不能超出平台默认：08:00–21:00，每个号码每天至多 3 条', data: { fields: { window_start: 'marketingWiden' } } },
      }),
    })
    const user = userEvent.setup({ delay: null })
    void editMarketingRule(LL, false)
    await screen.findByRole('dialog', { name: '营销时段与频次' })
    const start = screen.getByLabelText('开始时间') as HTMLInputElement
    await user.clear(start)
    await user.type(start, '07:00')
    await user.click(screen.getByTestId('marketing-rule-save'))
    await waitFor(() => expect(errorOf(start)).toBe('不能超出平台默认：08:00–21:00，每个号码每天至多 3 条'))
    expect(start.value).toBe('07:00')
    expect(screen.getByRole('dialog', { name: '营销时段与频次' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("an administrator's form starts from and saves the platform's default", async () => {
    const api = stubApi({
      'POST /api/marketing/getRule': () => ({ platform, own: null, effective: platform }),
      'POST /api/marketing/setDefault': (body) => ({ platform, own: null, effective: platform, body }),
    })
    const user = userEvent.setup({ delay: null })
    void editMarketingRule(LL, true)
    const dialog = await screen.findByRole('dialog', { name: '营销时段与频次' })
    expect(dialog.textContent).toContain('平台默认适用于所有企业')
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('08:00')
    await user.click(screen.getByTestId('marketing-rule-save'))
    await waitFor(() => expect(api.to('POST /api/marketing/setDefault')).toHaveLength(1))
    expect(api.to('POST /api/marketing/setDefault')[0].body).toEqual({ window_start: '08:00', window_end: '21:00', daily_cap: 3 })
    expect(api.to('POST /api/marketing/setRule')).toEqual([])
  })
})
