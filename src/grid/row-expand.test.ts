import { describe, expect, it, vi } from 'vitest'
import type { GridApi } from 'ag-grid-community'
import { createRowExpander, expandedHeight, WRAPPED_PADDING } from './row-expand'
import type { Row } from './define-list'

/** 20 px a line, one line per 10 characters of a column 100 px wide. */
const height = (text: string, width: number) => Math.ceil(text.length / (width / 10)) * 20
const CONTENT = 'y'.repeat(25)
const measure = { text: (_: number, colId: string) => (colId === 'content' ? CONTENT : ''), height }

describe('row expansion', () => {
  it("takes the tallest column's wrapped text plus the cell padding, never less than the density's row", () => {
    expect(expandedHeight([{ text: 'x'.repeat(35), width: 100 }, { text: 'short', width: 100 }], 28, height)).toBe(80 + WRAPPED_PADDING)
    expect(expandedHeight([{ text: 'short', width: 100 }], 28, height)).toBe(28)
    expect(expandedHeight([{ text: '', width: 100 }], 40, height)).toBe(40)
  })

  it("gives the focused row its height through getRowHeight, and takes it back on the second toggle", () => {
    const node = { id: '3', data: { content: CONTENT }, setRowHeight: vi.fn() }
    const column = { getActualWidth: () => 100, getColId: () => 'content' }
    const api = {
      getFocusedCell: () => ({ rowIndex: 3, rowPinned: null, column }),
      getDisplayedRowAtIndex: () => node,
      getAllDisplayedColumns: () => [column],
      onRowHeightChanged: vi.fn(),
      redrawRows: vi.fn(),
      setFocusedCell: vi.fn(),
    } as unknown as GridApi<Row>
    const x = createRowExpander()
    const params = { node } as unknown as Parameters<typeof x.getRowHeight>[0]
    expect(x.getRowHeight(params)).toBeUndefined()
    expect(x.toggleFocused(api, 28, measure)).toBe(true)
    expect(x.getRowHeight(params)).toBe(60 + WRAPPED_PADDING)
    expect(node.setRowHeight).toHaveBeenLastCalledWith(60 + WRAPPED_PADDING)
    expect(api.onRowHeightChanged).toHaveBeenCalledTimes(1)
    expect(api.setFocusedCell).toHaveBeenCalledWith(3, column)
    x.toggleFocused(api, 28, measure)
    expect(x.getRowHeight(params)).toBeUndefined()
    expect(node.setRowHeight).toHaveBeenLastCalledWith(28)
    x.toggleFocused(api, 28, measure)
    x.clear()
    expect(x.getRowHeight(params)).toBeUndefined()
  })
})
