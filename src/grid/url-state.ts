import { PAGE_SIZES } from '@/domain/constants'
import { defaultRange } from './date-shortcuts'
import type { ListDefinition, SearchField } from './define-list'

/*
 * The list's view (filters, page, sort) ↔ the route's search params. Pure: the URL is untrusted input (bookmarks,
 * hand edits, old links), so every value is checked and a bad one is dropped, never thrown.
 */
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = PAGE_SIZES[0]

export interface ListView {
  filters: Record<string, unknown>
  pageNumber: number
  pageSize: PageSize
  orderBy?: string
  order?: 'asc' | 'desc'
}

/** Payload keys a field writes: the from/to pair of a date range, else its name. */
export function fieldKeys(f: SearchField): string[] {
  return f.kind === 'dateRange' ? [f.from ?? 'start_time', f.to ?? 'end_time'] : [f.name]
}

const blank = (v: unknown) => v === undefined || v === null || v === ''

/** URL parsing turns `?mobile=138…` into a number; text-like fields want their string back. */
function normalise(f: SearchField, v: unknown): unknown {
  if (f.kind === 'select' || f.kind === 'dimension') {
    const hit = f.options?.find((o) => String(o.value) === String(v))
    if (hit) return hit.value
    return f.kind === 'dimension' ? Number(v) : v
  }
  if (f.kind === 'number') return typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof v === 'number' ? String(v) : v
}

export function defaultFilters(fields: readonly SearchField[], now = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    if (f.kind === 'dateRange') {
      const r = defaultRange(f.defaultValue, now)
      const [from, to] = fieldKeys(f)
      if (r) Object.assign(out, { [from]: r.from, [to]: r.to })
    } else if (!blank(f.defaultValue)) out[f.name] = f.defaultValue
  }
  return out
}

/** Keeps the values the list's search schema accepts; each rejected key is dropped and the rest checked again. */
export function validFilters(def: Pick<ListDefinition, 'searchSchema'>, values: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...values }
  for (let round = 0; round < 20; round++) {
    const res = def.searchSchema.safeParse(kept)
    if (res.success) return kept
    const bad = new Set(res.error.issues.map((i) => String(i.path[0] ?? '')))
    const before = Object.keys(kept).length
    for (const k of bad) delete kept[k]
    // An issue not tied to one of our keys (a refinement over several): give up on filters rather than loop.
    if (Object.keys(kept).length === before) return {}
  }
  return {}
}

/**
 * Reads the view from raw search params. `fields` are the fields visible to this user: values of hidden fields are
 * ignored (the server ignores them too). A URL without any filter key is a fresh view and gets the defaults.
 */
export function readView(
  def: Pick<ListDefinition, 'searchSchema' | 'columns' | 'defaultSort'>,
  fields: readonly SearchField[],
  raw: Record<string, unknown>,
  now = new Date(),
  defaultSize: PageSize = DEFAULT_PAGE_SIZE,
): ListView {
  const picked: Record<string, unknown> = {}
  for (const f of fields) for (const k of fieldKeys(f)) if (!blank(raw[k])) picked[k] = normalise(f, raw[k])
  const filters = Object.keys(picked).length ? validFilters(def, picked) : defaultFilters(fields, now)
  const page = Number(raw.pageNumber)
  const size = Number(raw.pageSize)
  const sortable = def.columns.some((c) => c.sortable && c.field === raw.orderBy)
  return {
    filters,
    pageNumber: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : defaultSize,
    ...(sortable ? { orderBy: raw.orderBy as string, order: raw.order === 'asc' ? 'asc' : 'desc' } : {}),
  }
}

/**
 * The search params of a view: blanks and defaults left out so URLs stay short and stable. `defaultSize` is the
 * page size the user keeps for this list: a URL without one means that size.
 */
export function writeView(view: ListView, defaultSize: PageSize = DEFAULT_PAGE_SIZE): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(view.filters)) if (!blank(v)) out[k] = v
  if (view.pageNumber !== 1) out.pageNumber = view.pageNumber
  if (view.pageSize !== defaultSize) out.pageSize = view.pageSize
  if (view.orderBy) Object.assign(out, { orderBy: view.orderBy, order: view.order ?? 'desc' })
  return out
}

/** The user's kept page size for a list, if it is still one the pager offers. */
export function pageSizeOr(saved: number | undefined): PageSize {
  return (PAGE_SIZES as readonly number[]).includes(saved ?? -1) ? (saved as PageSize) : DEFAULT_PAGE_SIZE
}

/** The list call's body: fixed fields, filters, paging, and the URL's sort or the list's default sort. */
export function buildPayload(def: Pick<ListDefinition, 'fixed' | 'defaultSort'>, view: ListView): Record<string, unknown> {
  const sort = view.orderBy ? { orderBy: view.orderBy, order: view.order ?? 'desc' } : (def.defaultSort ?? {})
  return { ...view.filters, ...def.fixed, pageNumber: view.pageNumber, pageSize: view.pageSize, ...sort }
}

/** The download call's body: the same search without paging, plus the file format. */
export function buildDownloadPayload(def: Pick<ListDefinition, 'fixed' | 'defaultSort'>, view: ListView, format: 'xlsx' | 'csv') {
  const { pageNumber: _p, pageSize: _s, ...rest } = buildPayload(def, view)
  return { ...rest, format }
}
