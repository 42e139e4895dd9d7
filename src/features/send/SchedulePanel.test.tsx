import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { SchedulePanel } from './SchedulePanel'
import { scheduleProblem, toIso } from './schedule'

// 2026-11-21 09:00 in Shanghai; the field reads and writes Shanghai time whatever zone the machine has.
const NOW = Date.parse('2026-11-21T01:00:00Z')

function Harness({ error = null }: { error?: string | null }) {
  const [s, setS] = useState({ timed: true, time: '' })
  return (
    <>
      <SchedulePanel timed={s.timed} time={s.time} error={error} onChange={setS} />
      <output data-testid="value">{s.time}</output>
    </>
  )
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] })
})
afterEach(() => vi.useRealTimers())

describe('SchedulePanel', () => {
  it('is a text field for yyyy-MM-dd HH:mm with the platform zone named beside it', async () => {
    renderWithProviders(<Harness />)
    const field = screen.getByLabelText('发送时间')
    expect(field).toHaveAttribute('type', 'text')
    expect(field).toHaveAttribute('placeholder', 'yyyy-MM-dd HH:mm')
    expect(field).toHaveAccessibleDescription(/北京时间（UTC\+8）/)
    expect(screen.getByTestId('timed-zone')).toHaveTextContent('北京时间（UTC+8）')
  })

  it('keeps a wrong text as typed, says on leaving the field what shape it wants, and clears that once it reads', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<Harness />)
    const field = screen.getByLabelText('发送时间')
    await user.type(field, '2026-11-21 9:30')
    await user.tab()
    expect(await screen.findByRole('alert')).toHaveTextContent('请按 年-月-日 时:分 填写存在的时间，如 2026-11-21 10:01')
    expect(field).toHaveValue('2026-11-21 9:30')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await user.clear(field)
    await user.type(field, '2026-11-21 09:30')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(toIso(screen.getByTestId('value').textContent!)).toBe('2026-11-21T01:30:00.000Z')
  })

  it('steps by a minute with the arrow keys and an hour with PageUp/PageDown; a quick choice is Shanghai time', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<Harness />)
    const field = screen.getByLabelText('发送时间')
    await user.click(screen.getByRole('button', { name: '30 分钟后' }))
    expect(field).toHaveValue('2026-11-21 09:31')
    expect(scheduleProblem('2026-11-21 09:31')).toBeNull()
    await user.click(field)
    await user.keyboard('{ArrowUp}{ArrowUp}{PageDown}')
    expect(field).toHaveValue('2026-11-21 08:33')
    await user.keyboard('{ArrowDown}')
    expect(field).toHaveValue('2026-11-21 08:32')
  })

  it("shows the send's own problem over its own", () => {
    renderWithProviders(<Harness error="定时时间须至少晚于当前时间 10 分钟" />)
    expect(screen.getByRole('alert')).toHaveTextContent('定时时间须至少晚于当前时间 10 分钟')
  })
})
