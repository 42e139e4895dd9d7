import type { ColumnType } from './define-list'

/*
 * How wide a column may shrink. Columns share the grid's width in proportion to their declared widths (AG Grid
 * flex), so a list fits its window when it can; none goes narrower than its header's words in the current language
 * or than the values its type shows (a time, a mobile, a figure), so neither is cut. A list whose minimums exceed the
 * window scrolls sideways instead.
 */

/** The narrowest width at which a value of the type still shows whole (13 px figures, cell padding included). */
const VALUE_MIN: Record<ColumnType, number> = {
  text: 80, phone: 112, money: 90, count: 70, ratio: 70, sizeKb: 80, datetime: 152, date: 98, month: 76, status: 90,
  thumbnail: 80, content: 140,
}

/** The widths column-types.ts gives the types (AG Grid's default of 200 for plain text). */
export const TYPE_WIDTH: Record<ColumnType, number> = {
  text: 200, phone: 130, money: 110, count: 100, ratio: 100, sizeKb: 100, datetime: 165, date: 110, month: 90, status: 110,
  thumbnail: 80, content: 320,
}

/** Header padding both sides and the resize handle; a sortable header also keeps room for its arrow. */
const HEADER_CHROME = 24
const SORT_ICON = 20

let context: CanvasRenderingContext2D | null | undefined
const cache = new Map<string, number>()

/**
 * Width of a text in the grid's font, measured by the browser (a canvas), so Chinese and English headers each get
 * their own. Without a DOM (unit tests, the server) an estimate: a CJK character as wide as the font size.
 */
export function textWidth(text: string, px: number, weight = 400): number {
  const key = `${weight}/${px}/${text}`
  const known = cache.get(key)
  if (known !== undefined) return known
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d')
  let width: number
  if (context) {
    const family = getComputedStyle(document.body).fontFamily || 'sans-serif'
    context.font = `${weight} ${px}px ${family}`
    width = Math.ceil(context.measureText(text).width)
  } else {
    width = [...text].reduce((sum, ch) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? px : px * 0.6), 0)
  }
  cache.set(key, width)
  return width
}

/** The narrowest the column may get: its header's words on one line, and its type's values whole. */
export function minColumnWidth(header: string, type: ColumnType, sortable: boolean): number {
  const head = textWidth(header, 13, 500) + HEADER_CHROME + (sortable ? SORT_ICON : 0)
  return Math.max(VALUE_MIN[type], Math.ceil(head))
}

/** The row actions column: each inline action's label (12 px, 6 px padding each side, 4 px apart), the "more" button, cell padding. */
export function actionsColumnWidth(labels: readonly string[], hasMore: boolean): number {
  const buttons = labels.reduce((sum, l) => sum + textWidth(l, 12) + 12, 0) + Math.max(0, labels.length - 1) * 4
  const more = hasMore ? (labels.length ? 4 : 0) + 26 : 0
  return Math.max(72, Math.ceil(buttons + more + 2 * 12 + 2))
}
