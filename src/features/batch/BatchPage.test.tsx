import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BatchDetail, ResendPreview } from '@/domain/batch'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/fetch-stub'
import { BatchPage } from './BatchPage'

const navigate = vi.hoisted(() => vi.fn())
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }))

const NOW = '2026-12-03T14:00:00.000Z'
const detail = (d: Partial<BatchDetail>): BatchDetail => ({
  batch_id: 'B26120300000001', cus_id: 'acme02', cus_name: '艾克米客服部', prod_type: 0, batch_type: 1, content: '【艾克米】周末特惠，回T退订',
  signature: '【艾克米】', sender_id: null, create_time: NOW, receive_count: 3, sent_count: 3, success_count: 1, failure_count: 0,
  unknown_count: 2, timeout_count: 2, opted_out: 0, messages: 3, cost: 0.15, resent_from: null, resends: [], resend_not_recorded: false,
  status_hidden: false, now: NOW, ...d,
})
const preview = (p: Partial<ResendPreview>): ResendPreview =>
  ({ target: 'unknown', numbers: 2, opted_out: 0, over_cap: 0, messages: 2, cost: 0.1, balance: 100, send_time: null, ...p })

describe('BatchPage resend', () => {
  beforeEach(() => navigate.mockReset())

  it('offers the resend of a video batch whose template was kept, and turns it off with the reason when it was not', async () => {
    stubApi({ 'POST /api/batch/detail': () => detail({ prod_type: 2, resend_not_recorded: true, signature: '' }) })
    renderWithProviders(<BatchPage batchId="B26120300000001" />)
    const unknown = await screen.findByTestId('batch-resend-unknown')
    expect(unknown).toBeDisabled()
    expect(screen.getByTestId('batch-resend-blocked')).toHaveTextContent('该批次发送时没有记下所用的模板，无法重发；请在发送页重新发送')
    expect(unknown).toHaveAttribute('title', '该批次发送时没有记下所用的模板，无法重发；请在发送页重新发送')
    expect(unknown).toHaveAccessibleDescription('该批次发送时没有记下所用的模板，无法重发；请在发送页重新发送')
  })

  it('says before a marketing resend outside the hours when it goes and what the cap leaves out, then opens its timed batch', async () => {
    const api = stubApi({
      'POST /api/batch/detail': () => detail({ prod_type: 1, signature: '', sender_id: 'Globex1' }),
      'POST /api/batch/resendPreview': () => preview({ over_cap: 1, numbers: 1, send_time: '2026-12-04T00:00:00.000Z' }),
      'POST /api/batch/resend': () => ({
        batch_id: 'T26120300000009', timed: true, quiet_hours: true, send_time: '2026-12-04T00:00:00.000Z', numbers: 1, invalid: 0, duplicates: 0,
        opted_out: 0, over_cap: 0, messages: 1, cost: 0.05, balance_after: 100, status: 0, sms_type: 'marketing', resent_from: 'B26120300000001',
      }),
    })
    renderWithProviders(<BatchPage batchId="B26120300000001" />)
    const unknown = await screen.findByTestId('batch-resend-unknown')
    expect(unknown).toBeEnabled()
    expect(screen.queryByTestId('batch-resend-blocked')).toBeNull()
    await userEvent.click(unknown)
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('今天已达营销条数上限的 1 个号码也不重发。')
    expect(dialog).toHaveTextContent('现在不在营销时段内：重发将作为定时批次于 2026-12-04 08:00:00 发送。')
    await userEvent.click(within(dialog).getByRole('button', { name: '重发 1 个号码' }))
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/intl-sms/timed-batches?time_batch=T26120300000009' }))
    expect(api.to('POST /api/batch/resend')[0].body).toMatchObject({ batch_id: 'B26120300000001', target: 'unknown' })
  })

  it('links a resend still waiting as a timed batch to its timed batch, marked so', async () => {
    stubApi({
      'POST /api/batch/detail': () => detail({ resends: [{ batch_id: 'T26120300000009', target: 'failed', create_time: NOW, timed: true }] }),
    })
    renderWithProviders(<BatchPage batchId="B26120300000001" />)
    const resends = await screen.findByTestId('batch-resends')
    expect(resends).toHaveTextContent('T26120300000009 失败重发 · 定时批次，尚未发送')
    await userEvent.click(within(resends).getByRole('button', { name: 'T26120300000009' }))
    expect(navigate).toHaveBeenCalledWith({ to: '/home-sms/timed-batches?time_batch=T26120300000009' })
  })
})
