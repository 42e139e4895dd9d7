import { describe, expect, it } from 'vitest'
import { clearColumnState, columnStateKey, loadColumnState, saveColumnState } from './column-state'

function memoryStore(): Storage {
  const m = new Map<string, string>()
  return {
    get length() { return m.size },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  }
}

describe('column state storage', () => {
  it('keys the layout by user and list', () => {
    expect(columnStateKey('c1', 'home-sms.mt-records')).not.toBe(columnStateKey('c2', 'home-sms.mt-records'))
    expect(columnStateKey('c1', 'a')).not.toBe(columnStateKey('c1', 'b'))
  })

  it('keeps order, width, visibility and pin but not the sort', () => {
    const s = memoryStore()
    saveColumnState('k', [{ colId: 'b', width: 90, hide: true, sort: 'asc', pinned: null }, { colId: 'a', width: 120, hide: false }], s)
    expect(loadColumnState('k', s)).toEqual([{ colId: 'b', width: 90, hide: true, pinned: null }, { colId: 'a', width: 120, hide: false }])
  })

  it('keeps a column that still shares the width by its flex, without the width of the moment', () => {
    const s = memoryStore()
    saveColumnState('k', [{ colId: 'a', width: 180, flex: 220, hide: false }, { colId: 'b', width: 90, flex: null, hide: false }], s)
    expect(loadColumnState('k', s)).toEqual([{ colId: 'a', flex: 220, hide: false }, { colId: 'b', width: 90, hide: false }])
  })

  it('reads broken or missing storage as no saved layout, and clears on reset', () => {
    const s = memoryStore()
    expect(loadColumnState('k', s)).toBeNull()
    s.setItem('k', '{not json')
    expect(loadColumnState('k', s)).toBeNull()
    saveColumnState('k', [{ colId: 'a' }], s)
    clearColumnState('k', s)
    expect(loadColumnState('k', s)).toBeNull()
  })
})
