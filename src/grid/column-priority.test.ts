import { describe, expect, it } from 'vitest'
import { columnsToHide, type PlacedColumn } from './column-priority'

const col = (id: string, width: number, priority = 2): PlacedColumn => ({ id, width, priority })

describe('columnsToHide', () => {
  const cols = [col('index', 72, 1), col('name', 140, 3), col('type', 120, 3), col('month', 90), col('sent', 100, 1), col('rate', 100, 1), col('content', 300)]

  it('hides nothing when the key figures already fit', () => {
    expect(columnsToHide(cols, 700)).toEqual([])
  })
  it('hides priority 3 before 2, the rightmost first, only as many as needed', () => {
    // 622 px up to the last key column.
    expect(columnsToHide(cols, 600)).toEqual(['type'])
    expect(columnsToHide(cols, 400)).toEqual(['type', 'name'])
    expect(columnsToHide(cols, 300)).toEqual(['type', 'name', 'month'])
  })
  it('never hides a key column, nor anything right of the last one', () => {
    const hidden = columnsToHide(cols, 10)
    expect(hidden).not.toContain('sent')
    expect(hidden).not.toContain('rate')
    expect(hidden).not.toContain('content')
  })
  it('leaves lists without key columns alone', () => {
    expect(columnsToHide([col('a', 500), col('b', 500, 3)], 100)).toEqual([])
  })
})
