import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { queryClient } from '@/api/query-client'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { AllowedAddressesSection } from './AllowedAddressesSection'

const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? ''

describe('allowed sign-in addresses in settings', () => {
  it('shows the address the server sees, checks each range, and saves the list one a line', async () => {
    queryClient.clear()
    const api = stubApi({
      'POST /api/user/allowedAddresses/get': () => ({ ranges: ['10.5.0.0/16'], your_address: '10.5.0.1', editable: true }),
      'POST /api/user/allowedAddresses/set': (body) => ({
        status: 200, body: { code: 200, msg: '登录地址限制已保存', data: { ...(body as object), your_address: '10.5.0.1', editable: true } },
      }),
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<AllowedAddressesSection />)
    expect(await screen.findByTestId('allowed-addresses-here')).toHaveTextContent('您当前的地址：10.5.0.1')
    const field = screen.getByLabelText('允许的地址') as HTMLTextAreaElement
    expect(field.value).toBe('10.5.0.0/16')
    await user.type(field, '{Enter}10.0.0.0/33')
    await user.click(screen.getByTestId('allowed-addresses-submit'))
    expect(errorOf(field)).toBe('请填写 IP 地址或网段，如 203.0.113.0/24')
    expect(api.to('POST /api/user/allowedAddresses/set')).toEqual([])
    await user.clear(field)
    await user.type(field, '10.5.0.0/16{Enter}2001:db8::/32, 203.0.113.7')
    await user.click(screen.getByTestId('allowed-addresses-submit'))
    await waitFor(() => expect(api.to('POST /api/user/allowedAddresses/set')).toHaveLength(1))
    expect(api.to('POST /api/user/allowedAddresses/set')[0].body).toEqual({ ranges: ['10.5.0.0/16', '2001:db8::/32', '203.0.113.7'] })
  })

  it("a sub-account reads its enterprise's list without a form", async () => {
    queryClient.clear()
    stubApi({ 'POST /api/user/allowedAddresses/get': () => ({ ranges: ['10.5.0.0/16', '2001:db8::/32'], your_address: '10.5.0.2', editable: false }) })
    renderWithProviders(<AllowedAddressesSection />)
    expect(await screen.findByTestId('allowed-addresses-section')).toHaveTextContent('10.5.0.0/16、2001:db8::/32')
    expect(screen.queryByLabelText('允许的地址')).toBeNull()
  })
})
