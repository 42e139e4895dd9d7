import type { Context } from 'hono'
import type { DownloadColumn } from '../../../src/domain/lists/records'
import { wordsColumn, type ColumnWordKey } from '../../../src/domain/lists/column-words'
import { LIST_TIME_ZONE } from '../../../src/domain/lists/query'
import { ApiError } from '../../http/envelope'
import type { AppEnv } from '../../http/env'
import { Where, type FileColumn } from '../../lists'
import type { SessionUser } from '../../users/repo'

export type Row = Record<string, unknown>
export type Ctx = Context<AppEnv>

const WALL = new Intl.DateTimeFormat('sv-SE', {
  timeZone: LIST_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
})

/** A timestamp as files show it: wall-clock time of the platform's zone, `yyyy-MM-dd HH:mm:ss`. */
export function wallTime(v: unknown): string {
  if (v === null || v === undefined || v === '') return ''
  const d = v instanceof Date ? v : new Date(String(v))
  return Number.isNaN(d.getTime()) ? String(v) : WALL.format(d)
}

/** A download column: its field and the catalogue key of its words (the grid's header says the same). */
export const col = (field: string, key: ColumnWordKey): DownloadColumn => wordsColumn(field, key)

/** File columns from download columns; `derive` overrides a field's cell (status words and such). */
export function fileColumns<R extends Row>(cols: DownloadColumn[], derive: Record<string, (r: R) => string | number | null> = {}): FileColumn<R>[] {
  return cols.map((col) => ({
    header: col.header,
    value: derive[col.field] ?? ((r: R) => {
      const v = r[col.field]
      if (v instanceof Date) return wallTime(v)
      return typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? null : String(v)
    }),
  }))
}

/**
 * A Where that carries another's parameters but no conditions: for lists that aggregate, the filters go inside the
 * grouped subquery (the `from` of listPage) and the outer query only pages it.
 */
export function paramsOnly(inner: Where): Where {
  const w = new Where()
  w.params.push(...inner.params)
  return w
}

/** The account filter is the administrator's and the enterprise's (spec section 6); a sub-account sees only itself. */
export const mayFilterAccount = (u: SessionUser) => u.userType === 1 || u.userType === 2

export function requireAdmin(u: SessionUser) {
  if (u.userType !== 1) throw new ApiError(403, 'forbidden')
}

/** `yyyyMMdd` of today in the platform's zone, for file names. */
export const today = () => wallTime(new Date()).slice(0, 10).replaceAll('-', '')
