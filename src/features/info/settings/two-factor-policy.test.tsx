import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { queryClient } from '@/api/query-client'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { setUserInfo } from '@/stores/session'
import { TwoFactorSection } from './TwoFactorSection'

const userOf = (userType: 1 | 2 | 3) => ({
  userInfo: {
    authUser: {
      cusId: 'acme', userName: 'acme', userType, showClientStatus: 1, clientForbidUnknown: 0, showContentFilterWhere: 0,
      moreType: 0, balance: 100, mobile: '13800138000', parentId: userType === 3 ? 'acme' : null, prodTypes: [0],
    },
    name: 'acme', avatar: '',
  },
  roles: [], permission: [],
})

afterEach(() => setUserInfo(null))

describe('two-factor required, in settings', () => {
  it('an enterprise requires it of its sub-accounts by a choice and Save', async () => {
    queryClient.clear()
    setUserInfo(userOf(2) as never)
    const api = stubApi({
      'POST /api/user/twoFactor/status': () => ({ enabled: false, recovery_left: 0 }),
      'POST /api/user/twoFactor/policy/get': () => ({ required: false, scope: 'sub_accounts', editable: true }),
      'POST /api/user/twoFactor/policy/set': (body) => ({
        status: 200, body: { code: 200, msg: '两步验证要求已保存', data: { ...(body as object), scope: 'sub_accounts', editable: true } },
      }),
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<TwoFactorSection />)
    expect(await screen.findByTestId('two-factor-policy-section')).toHaveTextContent('尚未开启两步验证的子账号会被退出登录')
    expect(screen.getByLabelText('不要求')).toBeChecked()
    await user.click(screen.getByLabelText('要求开启'))
    await user.click(screen.getByTestId('two-factor-policy-submit'))
    await waitFor(() => expect(api.to('POST /api/user/twoFactor/policy/set')).toHaveLength(1))
    expect(api.to('POST /api/user/twoFactor/policy/set')[0].body).toEqual({ required: true })
  })

  it('a sub-account has no such choice', async () => {
    queryClient.clear()
    setUserInfo(userOf(3) as never)
    const api = stubApi({ 'POST /api/user/twoFactor/status': () => ({ enabled: false, recovery_left: 0 }) })
    renderWithProviders(<TwoFactorSection />)
    await waitFor(() => expect(screen.getByTestId('two-factor-status')).toHaveTextContent('未开启'))
    expect(screen.queryByTestId('two-factor-policy-section')).toBeNull()
    expect(api.to('POST /api/user/twoFactor/policy/get')).toEqual([])
  })
})
