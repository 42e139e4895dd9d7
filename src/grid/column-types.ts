import type { ColTypeDef, ValueFormatterParams } from 'ag-grid-community'
import type { ColumnType, LL } from './define-list'
import { formatValue, statusWord } from './format'
import { StatusCell } from './StatusCell'
import { ThumbCell } from './ThumbCell'

/*
 * The console's column types, defined once as AG Grid `columnTypes` (STYLE.md "Declare, don't copy"). A column
 * declaration names its type; alignment, width, formatting and tooltips come from here.
 */
const fmt = (type: ColumnType, locale?: string) => (p: ValueFormatterParams) => formatValue(type, p.value, locale)
const numeric: ColTypeDef = { cellClass: 'sms-num', headerClass: 'sms-num-header' }

// Tooltips by `tooltip` callbacks (tooltipValueGetter is deprecated since AG Grid 36.2, which says so in an overlay on
// the grid); undefined shows none. The grid shows them only over a cut text (tooltipShowMode 'whenTruncated').
export function columnTypes(LL: LL, locale: string): Record<ColumnType, ColTypeDef> {
  return {
    text: { tooltip: (p) => (typeof p.value === 'string' && p.value ? p.value : undefined) },
    phone: { width: 130, cellClass: 'sms-mono' },
    money: { ...numeric, width: 110, valueFormatter: fmt('money', locale) },
    count: { ...numeric, width: 100, valueFormatter: fmt('count') },
    ratio: { ...numeric, width: 100, valueFormatter: fmt('ratio') },
    sizeKb: { ...numeric, width: 100, valueFormatter: fmt('sizeKb') },
    datetime: { width: 165, valueFormatter: fmt('datetime') },
    date: { width: 110, valueFormatter: fmt('date') },
    month: { width: 90, valueFormatter: fmt('month') },
    // The value is the declaration's {key, tone}; words from the status dictionary, colour from the tone.
    status: {
      width: 110,
      valueFormatter: (p: ValueFormatterParams) => (p.value && typeof p.value === 'object' ? statusWord(LL, (p.value as { key: string }).key) : ''),
      cellRenderer: StatusCell,
    },
    // Media: the image itself or the kind's icon; the name is the cell's text for export and screen readers.
    thumbnail: { width: 80, cellRenderer: ThumbCell, valueFormatter: fmt('thumbnail') },
    // Long texts (a message's content): one line like every cell, cut with an ellipsis; the whole text in the tooltip,
    // in the row's detail (Enter) and in the row expanded by its key (row-expand.ts).
    content: {
      width: 320,
      tooltip: (p) => (p.value === null || p.value === undefined || p.value === '' ? undefined : String(p.value)),
    },
  }
}
