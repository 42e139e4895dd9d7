import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEFAULT_OPT_OUT_SETTINGS } from '@/domain/opt-outs'
import { i18nObject } from '@/i18n/i18n-util'
import { stubApi } from '@/test/fetch-stub'
import { editSettings, removeOptOut } from './opt-outs.actions'

const LL = i18nObject('zh-CN')
const helpers = { LL, refresh: () => {}, search: {}, selected: [], ctx: { authUser: {} as never, roles: [], flags: {} } }
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent

describe('opt-out list writes', () => {
  it('takes a number off only with a reason, and sends the row\'s number with it', async () => {
    const api = stubApi({ 'POST /api/optOut/remove': () => ({ status: 200, body: { code: 200, msg: '已将 1 个号码移出退订名单', data: { removed: 1 } } }) })
    const user = userEvent.setup({ delay: null })
    let result: string | void | undefined
    void removeOptOut({ mobile: '13800138000', status: 1 }, helpers).then((r) => (result = r))
    await screen.findByRole('dialog', { name: '将 13800138000 移出退订名单' })
    const reason = screen.getByLabelText('移出原因')
    await waitFor(() => expect(reason).toHaveFocus())
    await user.click(screen.getByTestId('opt-out-remove-save'))
    expect(api.to('POST /api/optOut/remove')).toEqual([])
    expect(errorOf(reason)).toBe('此项不能为空')
    await user.type(reason, '用户来电要求恢复')
    await user.click(screen.getByTestId('opt-out-remove-save'))
    await waitFor(() => expect(result).toBe('已将 1 个号码移出退订名单'))
    expect(api.to('POST /api/optOut/remove').map((c) => c.body)).toEqual([{ mobiles: ['13800138000'], reason: '用户来电要求恢复' }])
  })

  it('starts the keyword settings from the saved ones, one a line, and saves the lists and the exemption', async () => {
    const api = stubApi({
      'POST /api/optOut/settings': () => DEFAULT_OPT_OUT_SETTINGS,
      'POST /api/optOut/saveSettings': (body) => body,
    })
    const user = userEvent.setup({ delay: null })
    void editSettings(LL)
    await screen.findByRole('dialog', { name: '退订设置' })
    const out = screen.getByLabelText('退订关键词') as HTMLTextAreaElement
    expect(out.value).toBe(DEFAULT_OPT_OUT_SETTINGS.out_keywords.join('\n'))
    await user.clear(out)
    await user.type(out, 'TD，退订{Enter}ｔｄ')
    await user.click(screen.getByTestId('opt-out-settings-save'))
    // td and full-width ｔｄ are TD as the matching rule reads them.
    expect(errorOf(out)).toBe(LL.errors.keywordDuplicate())
    expect(api.to('POST /api/optOut/saveSettings')).toEqual([])
    await user.clear(out)
    await user.type(out, 'TD{Enter}退订 ')
    await user.selectOptions(screen.getByLabelText('验证码短信'), '1')
    await user.click(screen.getByTestId('opt-out-settings-save'))
    await waitFor(() => expect(api.to('POST /api/optOut/saveSettings')).toHaveLength(1))
    expect(api.to('POST /api/optOut/saveSettings')[0].body).toEqual({ out_keywords: ['TD', '退订'], in_keywords: ['订阅', 'START'], exempt_verification: true })
  })
})
