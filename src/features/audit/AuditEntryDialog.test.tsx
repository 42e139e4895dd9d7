import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AuditRow } from '@/domain/lists/audit'
import { i18nObject } from '@/i18n/i18n-util'
import { renderWithProviders } from '@/test/render'
import { changesSummary } from './audit-entry'
import { AuditEntryDialog } from './AuditEntryDialog'

/** A value the server cut at 300 characters (server/audit/diff.ts): its start and an ellipsis. */
const CUT = `https://hooks.example.com/${'a'.repeat(274)}…`

const ENTRY: AuditRow = {
  id: 41,
  created_at: '2026-03-01T02:03:04.000Z',
  cus_id: 'acme',
  enterprise_id: 'acme',
  actor_id: 'admin',
  actor_type: 1,
  api_key_id: null,
  via: 'console',
  client_ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  request_id: 'req-7f3a',
  action: 'balanceWarnChanged',
  target_type: 'setting',
  target_id: 'balanceWarn',
  changes: [
    { field: 'threshold', before: 100, after: 250.5 },
    { field: 'mobiles', before: ['13800138000'], after: [] },
    { field: 'password', changed: true },
    { field: 'push_url', before: CUT, after: 'https://b.example.com/r', cut: true },
    { field: '…', after: 3, cut: true },
  ],
}

const rowOf = (field: string) => screen.getByRole('row', { name: new RegExp(`^${field}`) })
const cells = (field: string) => within(rowOf(field)).getAllByRole('cell').map((c) => c.textContent)

describe('an activity-log entry in its dialog', () => {
  it('says who acted, when and from where, and each changed field before and after', () => {
    renderWithProviders(<AuditEntryDialog row={ENTRY} onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: '操作详情：修改余额预警' })
    const detail = within(dialog).getByTestId('audit-entry')
    // An administrator acting on the enterprise's account is marked so; times in the platform's zone (UTC+8).
    expect(detail).toHaveTextContent('操作人admin（管理员）')
    expect(detail).toHaveTextContent('时间2026-03-01 10:03:04')
    expect(detail).toHaveTextContent('客户端地址203.0.113.7')
    expect(detail).toHaveTextContent('客户端Mozilla/5.0 (X11; Linux x86_64)')
    expect(detail).toHaveTextContent('请求号req-7f3a')
    expect(detail).toHaveTextContent('对象设置 balanceWarn')
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['字段', '变更前', '变更后'])
    expect(cells('threshold')).toEqual(['100', '250.5'])
    expect(cells('mobiles')).toEqual(['["13800138000"]', '[]'])
  })

  it('shows a secret only as changed, and marks the value the server cut', () => {
    renderWithProviders(<AuditEntryDialog row={ENTRY} onClose={() => {}} />)
    expect(cells('password')).toEqual(['已更改（内容不记录）'])
    const [before, after] = within(rowOf('push_url')).getAllByRole('cell')
    expect(before.textContent).toBe(`${CUT}已截断`)
    expect(within(before).getByTestId('audit-cut')).toHaveAttribute('title', '超过 300 个字符，服务器只保留了开头')
    // The shorter value of the same change was kept whole: no mark on it.
    expect(after.textContent).toBe('https://b.example.com/r')
    expect(screen.getByText('另有 3 个字段未记录')).toBeVisible()
  })

  it('in English: a field made has no before, an empty text and a yes/no say so; Close closes it', async () => {
    let closed = 0
    const made: AuditRow = {
      ...ENTRY, actor_id: 'acme', actor_type: 2, via: 'api', api_key_id: 'k_9', action: 'groupAdded', target_type: 'group', target_id: '12',
      changes: [{ field: 'name', after: 'VIP' }, { field: 'remark', before: 'old', after: '' }, { field: 'exempt', before: false, after: true }],
    }
    renderWithProviders(<AuditEntryDialog row={made} onClose={() => closed++} />, { locale: 'en' })
    const dialog = screen.getByRole('dialog', { name: 'Entry: Group added' })
    expect(within(dialog).getByTestId('audit-entry')).toHaveTextContent('Done byacme')
    expect(within(dialog).getByTestId('audit-entry')).toHaveTextContent('ThroughAPI · key k_9')
    expect(cells('name')).toEqual(['—', 'VIP'])
    expect(cells('remark')).toEqual(['old', '(empty)'])
    expect(cells('exempt')).toEqual(['No', 'Yes'])
    await userEvent.setup().click(within(within(dialog).getByRole('group', { name: 'Dialog actions' })).getByRole('button', { name: 'Close' }))
    expect(closed).toBe(1)
  })
})

describe('the list row\'s one-line summary', () => {
  it('names each field with its values, a secret as changed and a cut value as cut', () => {
    expect(changesSummary(i18nObject('zh-CN'), ENTRY)).toBe(
      `threshold: 100 → 250.5; mobiles: ["13800138000"] → []; password: 已更改; push_url: ${CUT} → https://b.example.com/r (已截断); 另有 3 个字段未记录`,
    )
  })
})
