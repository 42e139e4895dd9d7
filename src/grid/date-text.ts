import { isRealDate } from '@/domain/input'
import type { SearchField } from './define-list'
import { fieldKeys } from './url-state'

/*
 * Dates in the search panel are typed as text in the grid's own format (`yyyy-MM-dd`, months `yyyy-MM`), so filters
 * and grid show one format and no browser date widget can hold the focus in its segments. Pure: tested in Node.
 */
export type DateProblem = 'badDate' | 'badMonth' | 'dateOrder'

const pad = (n: string) => n.padStart(2, '0')
const DAY = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/
const MONTH = /^(\d{4})[-/.年]?(\d{1,2})月?$/

/** '' for blank, `yyyy-MM-dd` for a real day typed as 2026-1-5, 2026/01/05, 20260105 or 2026年1月5日, else null. */
export function normalDay(text: unknown): string | null {
  const t = typeof text === 'string' ? text.trim() : ''
  if (!t) return ''
  // A stored value may carry a time (`yyyy-MM-dd HH:mm:ss`): the filter shows its day.
  const m = DAY.exec(t.length > 10 && /^\d{4}-\d{2}-\d{2}[ T]/.test(t) ? t.slice(0, 10) : t)
  if (!m) return null
  // Without separators only the full eight digits are unambiguous (2026115 could be 1-15 or 11-5).
  if (/^\d+$/.test(t) && t.length !== 8) return null
  const [, y, mo, d] = m
  return isRealDate(Number(y), Number(mo), Number(d)) ? `${y}-${pad(mo)}-${pad(d)}` : null
}

/** '' for blank, `yyyy-MM` for a real month typed as 2026-1, 2026/01, 202601 or 2026年1月, else null. */
export function normalMonth(text: unknown): string | null {
  const t = typeof text === 'string' ? text.trim() : typeof text === 'number' ? String(text) : ''
  if (!t) return ''
  if (/^\d+$/.test(t) && t.length !== 6) return null
  const m = MONTH.exec(t)
  if (!m) return null
  return isRealDate(Number(m[1]), Number(m[2]), 1) ? `${m[1]}-${pad(m[2])}` : null
}

export interface DateCheck {
  /** Field name → what is wrong with it; empty when every date field is fine. */
  problems: Record<string, DateProblem>
  /** The draft with every date written the one way, ready to search with. */
  draft: Record<string, unknown>
}

/** Checks the date fields of a draft before a search: real days and months, and a start not after the end. */
export function checkDates(fields: readonly SearchField[], draft: Record<string, unknown>): DateCheck {
  const problems: Record<string, DateProblem> = {}
  const out = { ...draft }
  for (const f of fields) {
    if (f.kind === 'dateRange') {
      const [fromKey, toKey] = fieldKeys(f)
      const from = normalDay(draft[fromKey])
      const to = normalDay(draft[toKey])
      if (from === null || to === null) problems[f.name] = 'badDate'
      else if (from && to && from > to) problems[f.name] = 'dateOrder'
      else Object.assign(out, { [fromKey]: from, [toKey]: to })
    } else if (f.kind === 'month') {
      const m = normalMonth(draft[f.name])
      if (m === null) problems[f.name] = 'badMonth'
      else out[f.name] = m
    }
  }
  return { problems, draft: out }
}
