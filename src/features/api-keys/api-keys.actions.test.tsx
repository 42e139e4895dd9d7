import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmHost } from '@/components/ui/confirm'
import { i18nObject } from '@/i18n/i18n-util'
import TypesafeI18n from '@/i18n/i18n-react'
import { stubApi } from '@/test/fetch-stub'
import { createKey, rotateKey } from './api-keys.actions'

const LL = i18nObject('zh-CN')
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent
// 2026-12-03 20:00 in Shanghai: 90 days on is 2027-03-03 there, a day later than the UTC date would say after 16:00 UTC.
const NOW = Date.parse('2026-12-03T12:00:00Z')
const SECRET = 'f'.repeat(60) + '1a2b'
const made = (extra: object = {}) => ({ status: 200, body: { code: 200, msg: '已创建 API 密钥“订单系统”', data: { key_id: 'ak_0123456789abcdef0123', name: '订单系统', secret: SECRET, previous_until: null, ...extra } } })

describe('the API key create form', () => {
  it('asks for a scope and refuses a bad address range on its own field, sending nothing', async () => {
    const api = stubApi({ 'POST /api/apiKey/create': () => made() })
    const user = userEvent.setup({ delay: null })
    void createKey(LL, NOW)
    const dialog = await screen.findByRole('dialog', { name: '创建 API 密钥' })
    const name = within(dialog).getByLabelText('名称')
    await waitFor(() => expect(name).toHaveFocus())
    await user.type(name, '订单系统')
    await user.type(within(dialog).getByLabelText('允许的调用地址（可不填）'), '203.0.113.0/24{Enter}10.0.0.300')
    await user.click(screen.getByTestId('api-key-save'))
    const send = within(dialog).getByLabelText('发送短信')
    expect(errorOf(send)).toBe('请至少勾选一项权限')
    expect(send).toHaveFocus()
    expect(api.to('POST /api/apiKey/create')).toEqual([])

    await user.keyboard(' ')
    expect(send).toBeChecked()
    await user.click(screen.getByTestId('api-key-save'))
    const ranges = within(dialog).getByLabelText('允许的调用地址（可不填）')
    expect(errorOf(ranges)).toBe('第 2 个“10.0.0.300”不是 IP 地址或网段，请填写如 203.0.113.0/24')
    expect(ranges).toHaveFocus()
    expect(errorOf(send)).not.toBe('请至少勾选一项权限')
    expect(api.to('POST /api/apiKey/create')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows a refusal of the server on the field it names, keeping what was typed', async () => {
    const api = stubApi({
      'POST /api/apiKey/create': () => ({ status: 400, body: { code: 400, msg: '参数错误', data: { fields: { ranges: 'invalidValue' } } } }),
    })
    const user = userEvent.setup({ delay: null })
    void createKey(LL, NOW)
    const dialog = await screen.findByRole('dialog', { name: '创建 API 密钥' })
    await user.type(within(dialog).getByLabelText('名称'), 'ERP')
    await user.click(within(dialog).getByLabelText('查询记录与统计'))
    await user.type(within(dialog).getByLabelText('允许的调用地址（可不填）'), '203.0.113.7')
    await user.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(api.to('POST /api/apiKey/create')).toHaveLength(1))
    const ranges = within(dialog).getByLabelText('允许的调用地址（可不填）') as HTMLTextAreaElement
    await waitFor(() => expect(errorOf(ranges)).toBe(LL.errors.invalidValue()))
    expect(ranges.value).toBe('203.0.113.7')
    expect(screen.queryByTestId('api-key-secret')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('sends the checked scopes in catalogue order, the ranges one a line and the expiry, then shows the secret once until the user says it is kept', async () => {
    const api = stubApi({ 'POST /api/apiKey/create': () => made() })
    const user = userEvent.setup({ delay: null })
    let result: string | void | undefined
    void createKey(LL, NOW).then((r) => (result = r ?? 'none'))
    const dialog = await screen.findByRole('dialog', { name: '创建 API 密钥' })
    await user.type(within(dialog).getByLabelText('名称'), '订单系统')
    await user.click(within(dialog).getByLabelText('修改模板'))
    await user.click(within(dialog).getByLabelText('发送短信'))
    await user.type(within(dialog).getByLabelText('允许的调用地址（可不填）'), '203.0.113.0/24{Enter}2001:db8::/32')
    const expiry = within(dialog).getByLabelText('有效期')
    expect(within(expiry).getByRole('option', { name: '90 天（至 2027-03-03）' })).toBeInTheDocument()
    await user.selectOptions(expiry, '30')
    await user.click(screen.getByTestId('api-key-save'))
    await waitFor(() => expect(api.to('POST /api/apiKey/create')).toHaveLength(1))
    expect(api.to('POST /api/apiKey/create')[0].body).toEqual({
      name: '订单系统', scopes: ['send', 'templates.write'], ranges: ['203.0.113.0/24', '2001:db8::/32'], expires_days: 30,
    })

    const shown = await screen.findByRole('dialog', { name: '保存新的 API 密钥' })
    expect(within(shown).getByTestId('api-key-secret-value')).toHaveTextContent(SECRET)
    expect(within(shown).getByTestId('api-key-secret-id')).toHaveTextContent('ak_0123456789abcdef0123')
    expect(shown).toHaveTextContent('密钥只显示这一次，关闭后无法再查看')
    const done = within(shown).getByTestId('api-key-secret-done')
    await waitFor(() => expect(done).toHaveFocus())
    // Neither Esc nor a click beside it loses the secret; no close button is offered.
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: '保存新的 API 密钥' })).toBeInTheDocument()
    expect(within(shown).queryByRole('button', { name: LL.common.close() })).toBeNull()
    expect(result).toBeUndefined()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(result).toBe('已创建 API 密钥“订单系统”'))
    expect(document.body).not.toHaveTextContent(SECRET)
  })
})

describe('rotating an API key', () => {
  it('asks the overlap, confirms it naming the key and the time, and shows the new secret with the old one\'s end', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
    const until = new Date(NOW + 72 * 3_600_000).toISOString()
    const api = stubApi({ 'POST /api/apiKey/rotate': () => made({ previous_until: until }) })
    const user = userEvent.setup({ delay: null })
    render(<TypesafeI18n locale="zh-CN"><ConfirmHost /></TypesafeI18n>)
    void rotateKey({ key_id: 'ak_0123456789abcdef0123', name: '订单系统', kind: 'key' }, { LL })
    const dialog = await screen.findByRole('dialog', { name: '轮换 API 密钥“订单系统”' })
    const overlap = within(dialog).getByLabelText('旧密钥继续可用') as HTMLSelectElement
    expect(overlap.value).toBe('24')
    await user.selectOptions(overlap, '72')
    await user.click(screen.getByTestId('api-key-rotate-save'))
    const question = await screen.findByRole('dialog', { name: '确认轮换 API 密钥' })
    expect(question).toHaveTextContent('将为“订单系统”（ak_0123456789abcdef0123）生成新密钥，旧密钥在 2026-12-06 20:00 后失效')
    expect(api.to('POST /api/apiKey/rotate')).toEqual([])
    await user.click(within(question).getByRole('button', { name: '轮换' }))
    await waitFor(() => expect(api.to('POST /api/apiKey/rotate')).toHaveLength(1))
    expect(api.to('POST /api/apiKey/rotate')[0].body).toEqual({ key_id: 'ak_0123456789abcdef0123', overlap_hours: 72 })
    const shown = await screen.findByRole('dialog', { name: '保存轮换后的 API 密钥' })
    expect(within(shown).getByTestId('api-key-secret-previous')).toHaveTextContent('旧密钥在 2026-12-06 20:00 前仍可使用')
    await user.click(within(shown).getByTestId('api-key-secret-done'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '保存轮换后的 API 密钥' })).toBeNull())
  })
})
