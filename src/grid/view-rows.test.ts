import { describe, expect, it } from 'vitest'
import type { ColumnDef, LL } from './define-list'
import { exportTable } from './view-rows'

const LL = {
  grid: { index: () => '序号', total: () => '合计' },
  status: { success: () => '成功' },
} as unknown as LL
const columns: ColumnDef[] = [
  { field: 'mobile', header: () => '手机号', type: 'phone' },
  { field: 'st', header: () => '状态', type: 'status', status: () => ({ key: 'success', tone: 'ok' }) },
  { field: 'n', header: () => '数量', type: 'count' },
]

describe('export view table', () => {
  it('follows the displayed column order, skips unknown (action) columns and writes displayed values', () => {
    const t = exportTable(['n', '__index', 'mobile', 'st', '__actions'], { columns }, LL, [{ __index: 21, mobile: '138', n: 1200 }], null)
    expect(t.header).toEqual(['数量', '序号', '手机号', '状态'])
    expect(t.body).toEqual([[1200, 21, '138', '成功']])
  })

  it('appends the totals row labelled in the index column', () => {
    const t = exportTable(['__index', 'mobile', 'n'], { columns }, LL, [{ __index: 1, mobile: '1', n: 2 }], { n: 99 })
    expect(t.body.at(-1)).toEqual(['合计', '', 99])
  })
})
