import type { ComponentType } from 'react'
import type { ZodObject } from 'zod'
import type { AuthUser } from '@/domain/auth'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The declaration side of the list contract (docs/lists.md). A declaration is data only: no React, no AG Grid, so
 * it can be imported by the router table and by tests without pulling the grid chunk.
 */
export type LL = TranslationFunctions
/** A row as the server sends it; declarations narrow it with their row schema's type where they need to. */
export type Row = Record<string, unknown>

/** One page as the list endpoint answers (envelope `data`). */
export interface ListPage {
  records: Row[]
  total: number
  totals?: Record<string, unknown>
}

export interface ListContext {
  authUser: AuthUser
  roles: readonly string[]
  flags: Record<string, true>
}

export interface Option {
  value: string | number
  label: (LL: LL) => string
}

/** A choice loaded from the server (a select of the caller's groups): its words are the server's data. */
export interface LoadedOption {
  value: string | number
  text: string
}

export type SearchKind = 'text' | 'number' | 'select' | 'account' | 'dateRange' | 'month' | 'dimension'
export type ShortcutSet = 'day' | 'month' | 'year'

export interface SearchField {
  /** Payload and URL key; for 'dateRange' only an id, the pair travels as `from`/`to`. */
  name: string
  kind: SearchKind
  label: (LL: LL) => string
  /** 'select' choices (the empty "all" choice is added by the engine). */
  options?: Option[]
  /** 'select' choices loaded from the server instead (a TanStack Query `queryOptions`), fetched when the panel shows. */
  optionsQuery?: { queryKey: readonly unknown[]; queryFn: () => Promise<LoadedOption[]> }
  /** Account selector product type (spec section 6). */
  prodType?: number
  /** 'dateRange' payload keys, default start_time / end_time. */
  from?: string
  to?: string
  /** Date shortcut set (spec section 9); default 'day'. */
  shortcuts?: ShortcutSet
  /** Name of a 'dimension' field whose value (0 day, 1 month, 2 year) picks the shortcut set instead. */
  shortcutsBy?: string
  /** 'dateRange': `[from, to]` strings, or a shortcut id such as 'lastWeek' resolved at first render. Others: value. */
  defaultValue?: unknown
  placeholder?: (LL: LL) => string
  visibleWhen?: (ctx: ListContext) => boolean
}

/**
 * 'ratio': a number is a percentage (12.5 → 12.50%), a string passes through; 'sizeKb': bytes shown as KB;
 * 'thumbnail': a media preview of the `value` {url, kind, name} (exports write the name).
 */
export type ColumnType = 'text' | 'phone' | 'money' | 'count' | 'datetime' | 'date' | 'month' | 'status' | 'content' | 'ratio' | 'sizeKb' | 'thumbnail'
export type Tone = 'ok' | 'warn' | 'bad' | 'muted' | 'info'

export interface ColumnDef {
  field: string
  header: (LL: LL) => string
  /** What the column counts, shown over its header (a figure's tooltip, src/domain/figures.ts). */
  tip?: (LL: LL) => string
  type?: ColumnType
  /** 'status' columns: label words come from LL.status[key] (the key itself when the dictionary lacks it). */
  status?: (row: Row) => { key: string; tone: Tone } | null
  /** Derived display value (before the type's formatting); LL for words made from a coded value. */
  value?: (row: Row, LL: LL) => unknown
  /** Server sorts by it (must be in the domain's X_SORTABLE). */
  sortable?: boolean
  width?: number
  /** At least this wide, beyond what the header and the type need (a sent record's content: readable lines). */
  minWidth?: number
  /** The header wraps onto two lines rather than cut a word: for narrow figures of wide statistics. */
  wrapHeader?: boolean
  pinned?: 'left' | 'right'
  /**
   * 1: a figure that matters, kept in the window (column-priority.ts); 3: dropped first when the window is narrow;
   * default 2.
   */
  priority?: 1 | 2 | 3
  /** The totals row shows `value` of the totals too (a rate of summed counts), not a field of them. */
  valueOfTotals?: boolean
  visibleWhen?: (ctx: ListContext) => boolean
}

export interface ActionHelpers {
  /** Refetches the list's pages (invalidates its key prefix). */
  refresh(): void
  LL: LL
  /** The current search (validated URL state), e.g. for a toolbar "add" that pre-fills a form. */
  search: Record<string, unknown>
  ctx: ListContext
  /** The rows checked in the grid of a `selectable` list when the action started (empty otherwise). */
  selected: Row[]
}

export interface RowAction {
  id: string
  label: (LL: LL) => string
  /** Whether the row allows it now (its status, whose row it is); the button stays, disabled. */
  enabledWhen?: (row: Row, ctx: ListContext) => boolean
  /** The engine refreshes the page after perform resolves, and toasts a returned string as the success message. */
  perform: (row: Row, helpers: ActionHelpers) => Promise<void | string> | void | string
  /** Applied to the focused row, e.g. 'alt+p'. */
  shortcut?: string
  /** Asked before perform; cancel skips it. */
  confirm?: (LL: LL, row: Row) => string
  tone?: 'danger'
  visibleWhen?: (ctx: ListContext) => boolean
}

export interface ToolbarAction {
  id: string
  label: (LL: LL) => string
  perform: (helpers: ActionHelpers) => Promise<void | string> | void | string
  /** Acts on the checked rows: with none checked the engine says so instead of running it. */
  needsSelection?: boolean
  /** Asked before perform (with the checked rows); cancel skips it. */
  confirm?: (LL: LL, selected: Row[]) => string
  shortcut?: string
  /** A destructive action (delete checked): the danger style, never the toolbar's primary button. */
  tone?: 'danger'
  visibleWhen?: (ctx: ListContext) => boolean
}

export interface ListDefinition {
  /** 'home-sms.mt-records': keys column state and command ids. */
  id: string
  /** Menu path that shows it. */
  path: string
  title: (LL: LL) => string
  /** '/mtRecord/list' (POSTed under /api). */
  endpoint: string
  /** Payload fields always sent (e.g. prod_type). */
  fixed?: Record<string, unknown>
  /**
   * Replaces the default `api(endpoint, payload)` POST, for endpoints with their own call shape (the /crud sample:
   * GET with page/size). Receives the built payload (pageNumber, pageSize, orderBy, order, filters, fixed).
   */
  fetchPage?: (payload: Record<string, unknown>, signal: AbortSignal) => Promise<ListPage>
  // Any zod object: declarations pass their domain schemas (list query schema merged in) as they are.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  searchSchema: ZodObject<any>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rowSchema: ZodObject<any>
  searchFields: SearchField[]
  columns: ColumnDef[]
  /**
   * Drawn above the toolbar with the list's current search (its filters and fixed fields, no paging): the statistics'
   * chart of the same window. A lazy component, so its code (nivo) loads with the screen, not with the declarations.
   */
  above?: ComponentType<{ search: Record<string, unknown> }>
  /** A line about the whole list beside its toolbar, from the server's answer (materials: storage used of the quota). */
  caption?: (LL: LL, page: ListPage) => string | null
  /** Fields shown in the pinned bottom row, read from the server's `totals`. */
  totals?: readonly string[]
  /** Server file of the whole filtered set; `name` is the fallback file name (without extension). */
  download?: { endpoint: string; name?: (LL: LL) => string }
  rowActions?: RowAction[]
  toolbar?: ToolbarAction[]
  /** A checkbox column (Space toggles the focused row) whose rows toolbar actions receive as `selected`. */
  selectable?: boolean
  /** Enter on a row: a console path to open, or null for none. */
  detail?: (row: Row, search: Record<string, unknown>) => string | null
  /**
   * Enter on a row of a list without `detail`: the id of the row action it runs (a detail shown in a dialog, a file
   * opened), with that action's visibility, enabled rule and confirmation. Checked by defineList.
   */
  enterAction?: string
  /**
   * Enter on a row of a list with neither `detail` nor `enterAction`: the list's own dialog of the row (a sent record's
   * message page, which reads more than the row holds) instead of the row's columns in full. No column is added.
   */
  openDetail?: (row: Row) => void
  /** The record's name in the title of its row detail (the generic one); its mobile or first column's value without it. */
  detailName?: (row: Row) => string
  /** Default sort when the URL names none. */
  defaultSort?: { orderBy: string; order: 'asc' | 'desc' }
  /** Row identity for keeping focus/selection across refetches; default the row index. */
  rowId?: (row: Row) => string
  /** Refetch the page every this many ms while it shows rows still working (a file being checked), else false. */
  pollWhile?: (rows: Row[]) => number | false
  visibleWhen?: (ctx: ListContext) => boolean
}

/** Identity at run time; exists so declarations are checked against the contract where they are written. */
export function defineList(def: ListDefinition): ListDefinition {
  if (def.enterAction && !def.rowActions?.some((a) => a.id === def.enterAction)) {
    throw new Error(`list ${def.id}: enterAction '${def.enterAction}' names no row action`)
  }
  return def
}
