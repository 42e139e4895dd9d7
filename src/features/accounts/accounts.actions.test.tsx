import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ConfirmHost } from '@/components/ui/confirm'
import type { Row } from '@/grid'
import { i18nObject } from '@/i18n/i18n-util'
import TypesafeI18n from '@/i18n/i18n-react'
import { stubApi } from '@/test/fetch-stub'
import { chargeCustomer } from './accounts.actions'

const LL = i18nObject('zh-CN')
const ROW = { cus_id: 'acme', cus_name: 'Acme', balance: 100 } as unknown as Row
const helpers = { LL } as never

const routes = () => stubApi({
  'POST /api/customer/prodTypes': () => [{ prod_type: 0, name: '普通短信', name_en: 'SMS' }],
  'POST /api/customer/customerCharge': () => ({ status: 200, body: { code: 200, msg: '充值成功', data: null } }),
})

describe('the charge of a customer', () => {
  it('starts on the amount; Escape on the confirmation goes back to the form as typed, charging nothing', async () => {
    const api = routes()
    const user = userEvent.setup({ delay: null })
    render(<TypesafeI18n locale="zh-CN"><ConfirmHost /></TypesafeI18n>)
    void chargeCustomer(ROW, helpers)
    const dialog = await screen.findByRole('dialog', { name: LL.customers.chargeTitle({ account: 'acme' }) })
    const amount = within(dialog).getByLabelText(LL.customers.amount())
    await waitFor(() => expect(amount).toHaveFocus())
    await user.type(amount, '50')
    await user.type(within(dialog).getByLabelText(LL.customers.remark()), '季度充值')
    await user.click(screen.getByTestId('charge-save'))
    await screen.findByRole('dialog', { name: LL.customers.moneyConfirm.chargeTitle({ kind: LL.status.rechargeAccount() }) })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LL.customers.moneyConfirm.chargeTitle({ kind: LL.status.rechargeAccount() }) })).toBeNull())
    const again = screen.getByRole('dialog', { name: LL.customers.chargeTitle({ account: 'acme' }) })
    expect(within(again).getByLabelText(LL.customers.amount())).toHaveValue('50')
    expect(within(again).getByLabelText(LL.customers.remark())).toHaveValue('季度充值')
    expect(api.to('POST /api/customer/customerCharge')).toEqual([])
    // A second Escape leaves the charge itself, still charging nothing.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.to('POST /api/customer/customerCharge')).toEqual([])
  })

  it.each([['Enter', '{Enter}'], ['Ctrl+Enter', '{Control>}{Enter}{/Control}']])('%s on the confirmation charges once, as typed', async (_, keys) => {
    const api = routes()
    const user = userEvent.setup({ delay: null })
    render(<TypesafeI18n locale="zh-CN"><ConfirmHost /></TypesafeI18n>)
    void chargeCustomer(ROW, helpers)
    const dialog = await screen.findByRole('dialog', { name: LL.customers.chargeTitle({ account: 'acme' }) })
    const amount = within(dialog).getByLabelText(LL.customers.amount())
    await waitFor(() => expect(amount).toHaveFocus())
    await user.type(amount, '50')
    await user.type(within(dialog).getByLabelText(LL.customers.remark()), '季度充值')
    await user.keyboard('{Control>}{Enter}{/Control}')
    const question = await screen.findByRole('dialog', { name: LL.customers.moneyConfirm.chargeTitle({ kind: LL.status.rechargeAccount() }) })
    await waitFor(() => expect(within(question).getByRole('button', { name: /充值/ })).toHaveFocus())
    await user.keyboard(keys)
    await waitFor(() => expect(api.to('POST /api/customer/customerCharge')).toHaveLength(1))
    expect(api.to('POST /api/customer/customerCharge')[0].body).toEqual({ cus_id: 'acme', recharge_type: 0, amount: '50', prod_type: 0, remark: '季度充值' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
