import { formatCount } from '@/domain/count-format'
import { formatDateTime } from '@/domain/date-time'
import { formatMoney } from '@/domain/money'
import type { ColumnDef, LL, Row } from './define-list'

/*
 * Display values of the column types, shared by the grid (valueFormatter) and "Export view" so the file shows
 * exactly what the screen shows. Pure: no AG Grid, tested in Node.
 */
const num = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return null
}

/** The shapes a time is shown in: each a prefix of the platform's one pattern (src/domain/date-time.ts). */
export type TimePattern = 'yyyy-MM-dd HH:mm:ss' | 'yyyy-MM-dd HH:mm' | 'yyyy-MM-dd'

/**
 * Wall-clock strings from the server (`yyyy-MM-dd HH:mm:ss`, already the platform's time) are shown as sent;
 * instants (ISO with a zone, epoch ms, Date) in the platform's time zone, not the browser's.
 */
export function formatTime(v: unknown, pattern: TimePattern): string {
  if (v === null || v === undefined || v === '') return ''
  if (typeof v === 'string' && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(v.slice(10))) {
    const wall = v.replace('T', ' ').slice(0, pattern.length)
    if (/^\d{4}-\d{2}-\d{2}/.test(wall)) return wall
  }
  const shown = formatDateTime(v instanceof Date || typeof v === 'number' ? v : String(v))
  return shown ? shown.slice(0, pattern.length) : String(v)
}

/** The words of a status key, from the `status` dictionary area; the key itself when the dictionary lacks it. */
export function statusWord(LL: LL, key: string): string {
  const area = (LL as unknown as { status?: Record<string, unknown> }).status
  const word = area?.[key]
  return typeof word === 'function' ? String((word as () => string)()) : key
}

/** The raw value of a cell: the declaration's derived value, else the row's field. */
export function cellValue(col: ColumnDef, row: Row, LL: LL): unknown {
  return col.value ? col.value(row, LL) : row[col.field]
}

export function formatCell(col: ColumnDef, row: Row, LL: LL): string {
  if (col.type === 'status') {
    const s = col.status?.(row)
    return s ? statusWord(LL, s.key) : ''
  }
  return formatValue(col.type, cellValue(col, row, LL))
}

/** `locale` is the interface's language: money carries its currency (src/domain/money.ts). */
export function formatValue(type: ColumnDef['type'], v: unknown, locale = 'zh-CN'): string {
  if (v === null || v === undefined) return ''
  const n = num(v)
  switch (type) {
    case 'count':
      return n === null ? String(v) : formatCount(n)
    case 'money':
      return n === null ? String(v) : formatMoney(n, locale)
    case 'ratio':
      // Numbers are percentages (12.5 → 12.50%); the server's ready strings ('12.50%') pass through.
      return typeof v === 'number' ? `${v.toFixed(2)}%` : String(v)
    case 'sizeKb':
      return n === null ? String(v) : `${(Math.round((n / 1024) * 10) / 10).toFixed(1)} KB`
    case 'thumbnail':
      return typeof v === 'object' && 'name' in v ? String(v.name) : String(v)
    case 'datetime':
      return formatTime(v, 'yyyy-MM-dd HH:mm:ss')
    case 'date':
      return formatTime(v, 'yyyy-MM-dd')
    case 'month':
      // The platform's yyyyMM, written as the month filter shows it.
      return /^\d{6}$/.test(String(v)) ? `${String(v).slice(0, 4)}-${String(v).slice(4)}` : String(v)
    default:
      return String(v)
  }
}

/**
 * The value written to an exported file: counts and money stay numbers so a spreadsheet can sum them; everything
 * else is the displayed text (status words, formatted times).
 */
export function exportValue(col: ColumnDef, row: Row, LL: LL): unknown {
  if (col.type === 'count' || col.type === 'money') {
    const n = num(cellValue(col, row, LL))
    if (n !== null) return n
  }
  return formatCell(col, row, LL)
}
