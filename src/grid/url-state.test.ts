import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listQuerySchema, searchDateTime, searchInt, searchText } from '@/domain/lists/query'
import type { ColumnDef, SearchField } from './define-list'
import { buildDownloadPayload, buildPayload, readView, writeView } from './url-state'

const L = () => 'x'
const searchSchema = listQuerySchema.extend({
  mobile: searchText(20),
  status: searchInt(),
  start_time: searchDateTime(),
  end_time: searchDateTime(),
  kind: z.enum(['a', 'b']).optional(),
})
const fields: SearchField[] = [
  { name: 'mobile', kind: 'text', label: L },
  { name: 'status', kind: 'select', label: L, options: [{ value: 0, label: L }, { value: 700, label: L }] },
  { name: 'range', kind: 'dateRange', label: L, defaultValue: 'currentMonth' },
  { name: 'kind', kind: 'text', label: L },
]
const columns: ColumnDef[] = [
  { field: 'submit_time', header: L, sortable: true },
  { field: 'content', header: L },
]
const def = { searchSchema, columns, fixed: { prod_type: 2 }, defaultSort: { orderBy: 'submit_time', order: 'desc' as const } }
const now = new Date('2024-03-14T12:00:00+08:00')

describe('list URL state', () => {
  it('gives a fresh URL the field defaults, page 1 and 20 rows', () => {
    expect(readView(def, fields, {}, now)).toEqual({
      filters: { start_time: '2024-03-01', end_time: '2024-03-14' }, pageNumber: 1, pageSize: 20,
    })
  })

  it('restores filters, page, size and sort from the URL', () => {
    const raw = { mobile: '138', status: 700, start_time: '2024-01-01', pageNumber: 3, pageSize: 100, orderBy: 'submit_time', order: 'asc' }
    expect(readView(def, fields, raw, now)).toEqual({
      filters: { mobile: '138', status: 700, start_time: '2024-01-01' }, pageNumber: 3, pageSize: 100, orderBy: 'submit_time', order: 'asc',
    })
  })

  it('drops invalid values one by one and keeps the valid ones', () => {
    const raw = { mobile: '1'.repeat(30), start_time: 'yesterday', kind: 'b', pageNumber: -2, pageSize: 33, orderBy: 'content' }
    expect(readView(def, fields, raw, now)).toEqual({ filters: { kind: 'b' }, pageNumber: 1, pageSize: 20 })
  })

  it('turns a hand-typed numeric mobile back into text and a select value into its option', () => {
    const v = readView(def, fields, { mobile: 13800000000, status: '700' }, now)
    expect(v.filters).toEqual({ mobile: '13800000000', status: 700 })
  })

  it('ignores values of fields this user does not see', () => {
    expect(readView(def, fields.slice(0, 1), { mobile: '1', kind: 'a' }, now).filters).toEqual({ mobile: '1' })
  })

  it('writes a short URL and reads back the same view', () => {
    const view = { filters: { mobile: '1', status: '' }, pageNumber: 2, pageSize: 20 as const, orderBy: 'submit_time', order: 'asc' as const }
    const url = writeView(view)
    expect(url).toEqual({ mobile: '1', pageNumber: 2, orderBy: 'submit_time', order: 'asc' })
    expect(readView(def, fields, url, now)).toEqual({ ...view, filters: { mobile: '1' } })
  })

  it('builds the list payload with fixed fields and the default sort, and the download payload without paging', () => {
    const view = readView(def, fields, { mobile: '1', pageSize: 50 }, now)
    expect(buildPayload(def, view)).toEqual({ mobile: '1', prod_type: 2, pageNumber: 1, pageSize: 50, orderBy: 'submit_time', order: 'desc' })
    expect(buildDownloadPayload(def, view, 'csv')).toEqual({ mobile: '1', prod_type: 2, orderBy: 'submit_time', order: 'desc', format: 'csv' })
  })
})
