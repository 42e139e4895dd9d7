import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { queryClient } from '@/api/query-client'
import { stubApi } from '@/test/fetch-stub'
import { renderWithProviders } from '@/test/render'
import { ConfirmSendDialog, type SendSummary } from './ConfirmSendDialog'
import { marketingNotice } from './marketing-notice'

const platform = { window_start: 480, window_end: 1260, daily_cap: 3 }
const own = { window_start: 540, window_end: 1200, daily_cap: 2 }
const rule = () => {
  queryClient.clear()
  return stubApi({ 'POST /api/marketing/getRule': () => ({ platform, own, effective: own }) })
}

describe('what a marketing send is told before it goes', () => {
  it('names the hours in force and, outside them, when the send will go (the next window in platform time)', async () => {
    rule()
    // 2026-12-02 23:10 in Shanghai: after the enterprise's 20:00 end, so tomorrow at its 09:00 start.
    const late = new Date('2026-12-02T15:10:00Z')
    expect(await marketingNotice(true, null, late)).toEqual({ start: '09:00', end: '20:00', cap: 2, from: '2026-12-03 09:00:00' })
    // 08:30 there: before the window opens, so today at 09:00.
    expect((await marketingNotice(true, null, new Date('2026-12-02T00:30:00Z')))?.from).toBe('2026-12-02 09:00:00')
    // Inside the window: it goes when asked.
    expect((await marketingNotice(true, null, new Date('2026-12-02T04:00:00Z')))?.from).toBeNull()
    // A timed send is judged at its chosen time, not now.
    expect((await marketingNotice(true, '2026-12-05T13:30:00.000Z', new Date('2026-12-02T04:00:00Z')))?.from).toBe('2026-12-06 09:00:00')
  })

  it('says nothing of the rule for a send not marked as marketing, and does not ask for it', async () => {
    const api = rule()
    expect(await marketingNotice(false, null, new Date('2026-12-02T15:10:00Z'))).toBeUndefined()
    expect(api.to('POST /api/marketing/getRule')).toEqual([])
  })

  it('the confirmation shows the later send time and the rule', async () => {
    const summary: SendSummary = {
      numbers: 2, messages: 2, cost: 0.1, balance: 10, time: null, text: '【Acme】双十二五折，回T退订',
      marketing: { start: '09:00', end: '20:00', cap: 2, from: '2026-12-03 09:00:00' },
    }
    renderWithProviders(<ConfirmSendDialog summary={summary} busy={false} onConfirm={() => {}} onClose={() => {}} />, { locale: 'zh-CN' })
    expect((await screen.findByTestId('send-marketing')).textContent).toBe('现在不在营销时段内：将作为定时批次于 2026-12-03 09:00:00 发送当前生效：09:00–20:00，每个号码每天至多 2 条')
    expect(screen.getByTestId('send-summary').textContent).toContain('2026-12-03 09:00:00')
    expect(screen.getByTestId('send-summary').textContent).not.toContain('立即')
  })
})
