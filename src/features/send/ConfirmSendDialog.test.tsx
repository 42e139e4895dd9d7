import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { ConfirmSendDialog, type SendSummary } from './ConfirmSendDialog'

const summary = (optedOut?: SendSummary['optedOut']): SendSummary => ({ numbers: 3, messages: 3, cost: 0.15, balance: 10, time: null, optedOut })
const show = (s: SendSummary, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  renderWithProviders(<ConfirmSendDialog summary={s} busy={false} onConfirm={() => {}} onClose={() => {}} />, { locale })

describe('ConfirmSendDialog', () => {
  it('says how many recipients opted out and will not be sent, naming the first ones, in both languages', async () => {
    const out = { count: 7, mobiles: ['13800000001', '13800000002', '13800000003', '13800000004', '13800000005', '13800000006', '13800000007'] }
    const { unmount } = show(summary(out))
    const line = await screen.findByTestId('send-opted-out')
    expect(line).toHaveTextContent('7 个号码已退订，将不发送')
    expect(line).toHaveTextContent('13800000001、13800000002、13800000003、13800000004、13800000005 等，共 7 个')
    expect(line).not.toHaveTextContent('13800000006')
    // The button sends the numbers that are left.
    expect(screen.getByTestId('confirm-send')).toHaveTextContent('3')
    unmount()
    show(summary({ count: 2, mobiles: ['13800000001', '13800000002'] }), 'en')
    expect(await screen.findByTestId('send-opted-out')).toHaveTextContent('2 numbers removed: opted out')
    expect(screen.getByTestId('send-opted-out')).toHaveTextContent('Opted out: 13800000001, 13800000002')
  })

  it('names the numbers over the marketing cap apart from the opted out, before money moves, in both languages', async () => {
    const s = { ...summary({ count: 1, mobiles: ['13800000009'] }), overCap: { count: 2, mobiles: ['13800000001', '13800000002'] } }
    const { unmount } = show(s)
    const line = await screen.findByTestId('send-over-cap')
    expect(line).toHaveTextContent('2 个号码已移除：今天已收到每日营销条数上限，将不发送')
    expect(line).toHaveTextContent('超过上限的号码：13800000001、13800000002')
    expect(line).not.toHaveTextContent('13800000009')
    expect(screen.getByTestId('send-opted-out')).toHaveTextContent('13800000009')
    unmount()
    show({ ...s, overCap: { count: 6, mobiles: ['1', '2', '3', '4', '5', '6'] } }, 'en')
    expect(await screen.findByTestId('send-over-cap')).toHaveTextContent('6 numbers removed: they have had today’s cap of marketing messages')
    expect(screen.getByTestId('send-over-cap')).toHaveTextContent('Over the cap: 1, 2, 3, 4, 5 (6 in all)')
  })

  it('says nothing of opt-outs when no recipient has opted out', async () => {
    show(summary({ count: 0, mobiles: [] }))
    await screen.findByTestId('send-summary')
    expect(screen.queryByTestId('send-opted-out')).toBeNull()
    expect(screen.queryByTestId('send-over-cap')).toBeNull()
  })

  it('names the platform zone beside the chosen send time, in both languages', async () => {
    const { unmount } = show({ ...summary(), time: '2026-12-02 06:32' })
    expect(await screen.findByTestId('send-summary')).toHaveTextContent('2026-12-02 06:32:00 北京时间（UTC+8）')
    unmount()
    show({ ...summary(), time: '2026-12-02 06:32' }, 'en')
    expect(await screen.findByTestId('send-summary')).toHaveTextContent('2026-12-02 06:32:00 Beijing time (UTC+8)')
  })
})
