import type { GridApi, IRowNode, RowClassRules, RowHeightParams } from 'ag-grid-community'
import type { Row } from './define-list'

/*
 * One line per row: a cell's long text is cut with an ellipsis (its whole text in the tooltip and in the row's
 * detail). A key expands the focused row to the height its texts need when they wrap, and collapses it again. The
 * height goes through the row node (setRowHeight/onRowHeightChanged) and getRowHeight (no autoHeight, which measures every row on every
 * render); the row's class `sms-expanded` lets its cells wrap (grid.css).
 */
export const EXPANDED_CLASS = 'sms-expanded'
/** Line height and vertical padding of a wrapped cell, as grid.css draws `.sms-expanded` cells. */
export const WRAPPED_LINE = 20
export const WRAPPED_PADDING = 8

/** What a row's cells show and how tall a text is wrapped in a cell of `width` px. */
export interface MeasureText {
  text(rowIndex: number, colId: string): string
  height(text: string, width: number): number
}

/** The drawn cells' own text, measured with the font and side padding of a drawn cell. */
export function domMeasure(root: ParentNode | null): MeasureText {
  const cell = root?.querySelector<HTMLElement>('.ag-row .ag-cell')
  const style = cell ? getComputedStyle(cell) : null
  return {
    text: (rowIndex, colId) =>
      root?.querySelector(`.ag-row[row-index="${rowIndex}"]:not(.ag-row-pinned) [col-id="${CSS.escape(colId)}"]`)?.textContent?.trim() ?? '',
    height(text, width) {
      const probe = document.createElement('div')
      Object.assign(probe.style, {
        position: 'absolute', visibility: 'hidden', left: '-10000px', top: '0', boxSizing: 'border-box', width: `${width}px`,
        paddingLeft: style?.paddingLeft ?? '12px', paddingRight: style?.paddingRight ?? '12px', font: style?.font ?? '13px sans-serif',
        lineHeight: `${WRAPPED_LINE}px`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere',
      })
      probe.textContent = text
      document.body.append(probe)
      const h = probe.offsetHeight
      probe.remove()
      return h
    },
  }
}

/** The height a row needs to show each column's whole (formatted) text, never less than the density's row. */
export function expandedHeight(texts: readonly { text: string; width: number }[], base: number, measure: MeasureText['height']): number {
  const tallest = texts.reduce((h, { text, width }) => (text ? Math.max(h, measure(text, width)) : h), 0)
  return Math.max(base, Math.ceil(tallest + WRAPPED_PADDING))
}

export interface RowExpander {
  getRowHeight(p: RowHeightParams<Row>): number | undefined
  rowClassRules: RowClassRules<Row>
  /** Expands the focused row, or collapses it when expanded; false when no row is focused. */
  toggleFocused(api: GridApi<Row>, base: number, measure: MeasureText): boolean
  isExpanded(node: IRowNode<Row>): boolean
  /** A new page: its rows start on one line. */
  clear(): void
}

export function createRowExpander(): RowExpander {
  const heights = new Map<string, number>()
  const expanded = (node: IRowNode<Row>) => node.id !== undefined && heights.has(node.id)
  return {
    getRowHeight: (p) => (p.node.id !== undefined ? heights.get(p.node.id) : undefined),
    rowClassRules: { [EXPANDED_CLASS]: (p) => expanded(p.node) },
    isExpanded: expanded,
    clear: () => heights.clear(),
    toggleFocused(api, base, measure) {
      const cell = api.getFocusedCell()
      if (!cell || cell.rowPinned) return false
      const node = api.getDisplayedRowAtIndex(cell.rowIndex)
      if (!node?.id) return false
      if (heights.has(node.id)) heights.delete(node.id)
      else {
        const texts = api.getAllDisplayedColumns().map((c) => ({ text: measure.text(cell.rowIndex, c.getColId()), width: c.getActualWidth() }))
        heights.set(node.id, expandedHeight(texts, base, (t, w) => measure.height(t, w)))
      }
      // resetRowHeights only marks the heights estimated; the row's own height is set here, getRowHeight keeps it
      // whenever the grid asks again (a density change, a redraw).
      node.setRowHeight(heights.get(node.id) ?? base)
      api.onRowHeightChanged()
      // The class that lets the cells wrap is read when a row is drawn.
      api.redrawRows({ rowNodes: [node] })
      api.setFocusedCell(cell.rowIndex, cell.column)
      return true
    },
  }
}
