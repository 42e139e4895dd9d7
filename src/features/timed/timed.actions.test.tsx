import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '@/api/query-client'
import { measureContent } from '@/domain/billing'
import { chargeFor } from '@/domain/money'
import type { Row } from '@/grid'
import { i18nObject } from '@/i18n/i18n-util'
import { setLocale } from '@/stores/prefs'
import { stubApi } from '@/test/fetch-stub'
import { editContent } from './timed.actions'

const zh = i18nObject('zh-CN')
const en = i18nObject('en')
const BASE = 'https://s.example.cn'
// 13 characters, not all ASCII: one message of up to 70.
const TEXT = '【艾克米】明天上午十点开会'
const batch = (extra: object = {}) => ({
  time_batch: 'T26120300000001', cus_id: 'acme', prod_type: 0, batch_count: 3, batch_type: 0, send_status: 0,
  timing_time: '2026-12-04T02:00:00.000Z', create_time: '2026-12-03T10:00:00.000Z', decodeContent: TEXT, kind: 'group', ...extra,
}) as unknown as Row
const routes = (price = 0.045) => stubApi({
  'POST /api/shortChainTool/smsLinkInfo': () => ({ base: BASE, short_url_length: 31, price }),
  'POST /api/pageTimeBatch/list': () => ({ records: [batch()], total: 1 }),
  'POST /api/pageTimeBatch/edit': () => ({ status: 200, body: { code: 200, msg: '修改成功', data: { time_batch: 'T26120300000001' } } }),
})
const figure = (id: string) => within(screen.getByRole('dialog')).getByTestId(id).textContent

afterEach(() => {
  queryClient.clear()
  setLocale('zh-CN')
})

describe('the timed batch content edit', () => {
  it('shows the send page figures for the batch as the text is typed, and says before saving that the cost changes', async () => {
    const api = routes()
    const refresh = vi.fn()
    const user = userEvent.setup({ delay: null })
    const done = editContent(batch(), { LL: zh, refresh } as never)
    const dialog = await screen.findByRole('dialog', { name: zh.lists.messages.editTitle() })
    const figures = within(dialog).getByTestId('content-figures')
    expect(figures).toHaveTextContent('字数 13')
    expect(figure('messages-per-number')).toBe('每个号码 1 条')
    expect(figure('total-messages')).toBe('合计 3 条')
    expect(figure('estimated-cost')).toBe('预计费用 0.135 元')
    expect(screen.queryByTestId('timed-edit-change')).toBeNull()
    // The price is the batch's account's, asked for it.
    expect(api.to('POST /api/shortChainTool/smsLinkInfo')[0].body).toEqual({ cus_id: 'acme' })

    const longer = `${TEXT}，请各部门负责人提前十分钟到达三楼会议室，带好本季度的销售数据与下季度的计划书，会议预计持续两个小时，结束后请将会议纪要发到部门邮箱。`
    const box = within(dialog).getByLabelText(zh.lists.messages.editContentLabel())
    await user.type(box, longer.slice(TEXT.length))
    const chars = [...longer].length
    expect(chars).toBeGreaterThan(70)
    expect(figures).toHaveTextContent(`字数 ${chars}`)
    expect(figure('messages-per-number')).toBe('每个号码 2 条')
    expect(figure('total-messages')).toBe('合计 6 条')
    expect(figure('estimated-cost')).toBe('预计费用 0.270 元')
    expect(figure('timed-edit-change')).toBe('保存后每个号码由 1 条变为 2 条，预计费用由 0.135 元 变为 0.270 元')
    // What the scheduler bills when the batch goes (server/send/scheduler.ts): measureContent × the numbers × the price.
    expect(chargeFor(measureContent(longer).messages * 3, 0.045)).toBe(0.27)

    await user.click(screen.getByTestId('timed-edit-save'))
    await done
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.to('POST /api/pageTimeBatch/edit')[0].body).toEqual({ time_batch: 'T26120300000001', content: longer })
    expect(refresh).toHaveBeenCalledOnce()
  })

  it('in English, measures a link batch with its short link in place, and counts messages when no price is known', async () => {
    setLocale('en')
    stubApi({
      'POST /api/shortChainTool/smsLinkInfo': () => ({ status: 403, body: { code: 403, msg: 'forbidden', data: null } }),
      'POST /api/pageTimeBatch/edit': () => ({ msg: 'ok' }),
    })
    const user = userEvent.setup({ delay: null })
    const text = `Sale {link}`
    void editContent(batch({ kind: 'link', decodeContent: text, batch_count: 2 }), { LL: en, refresh: vi.fn() } as never)
    const dialog = await screen.findByRole('dialog', { name: en.lists.messages.editTitle() })
    const url = `${window.location.origin}/s/aB3dE5gH`
    expect(within(dialog).getByTestId('content-figures')).toHaveTextContent(`${'Sale '.length + url.length} characters`)
    expect(figure('messages-per-number')).toBe('1 message per number')
    expect(figure('total-messages')).toBe('2 messages in all')
    expect(screen.queryByTestId('estimated-cost')).toBeNull()
    const box = within(dialog).getByLabelText(en.lists.messages.editContentLabel())
    await user.type(box, ` ${'x'.repeat(160 - 'Sale '.length - url.length)}`)
    expect(figure('messages-per-number')).toBe('2 messages per number')
    expect(figure('timed-edit-change')).toBe('Saving changes each number from 1 to 2 messages: 2 to 4 messages in all')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('bills an international batch per country: its counts, no single cost, and no price asked', async () => {
    const api = stubApi({})
    void editContent(batch({ prod_type: 1, kind: 'intl', decodeContent: 'Your code is 1234' }), { LL: zh, refresh: vi.fn() } as never)
    const dialog = await screen.findByRole('dialog', { name: zh.lists.messages.editTitle() })
    expect(within(dialog).getByTestId('content-figures')).toHaveTextContent(zh.timedEdit.byCountry())
    expect(figure('total-messages')).toBe('合计 3 条')
    expect(within(dialog).queryByTestId('estimated-cost')).toBeNull()
    expect(api.calls).toEqual([])
    await userEvent.setup({ delay: null }).keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('edits a point-to-point batch from one of its details, saying its numbers keep their own texts', async () => {
    const api = stubApi({
      'POST /api/pageTimeBatch/list': () => ({ records: [batch({ batch_type: 1, decodeContent: '【艾克米】{p1} 您好' })], total: 1 }),
    })
    const user = userEvent.setup({ delay: null })
    const detail = { sn: 7, decodeMobile: '13800000001', decodeContent: '【艾克米】张三 您好', send_status: 0, time_batch: 'T26120300000001', cus_id: 'acme' }
    void editContent(detail as unknown as Row, { LL: zh, refresh: vi.fn() } as never)
    const dialog = await screen.findByRole('dialog', { name: zh.lists.messages.editTitle() })
    expect(within(dialog).getByLabelText(zh.lists.messages.editContentLabel())).toHaveValue('【艾克米】{p1} 您好')
    expect(figure('timed-edit-p2p')).toBe(zh.timedEdit.pointToPoint())
    expect(screen.queryByTestId('content-figures')).toBeNull()
    expect(api.to('POST /api/pageTimeBatch/list')[0].body).toMatchObject({ time_batch: 'T26120300000001' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
