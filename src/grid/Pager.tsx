import { PAGE_SIZES } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import type { PageSize } from './url-state'

interface Props {
  pageNumber: number
  pageSize: PageSize
  total: number
  onPage: (n: number) => void
  onSize: (s: PageSize) => void
}

const btn = `h-7 min-w-7 rounded border border-[var(--border)] px-2 text-xs hover:bg-[var(--surface-2)]
  disabled:cursor-not-allowed disabled:opacity-40`

/** First/previous/next/last, "page N of M", the total and the page sizes of spec section 9. */
export function Pager({ pageNumber, pageSize, total, onPage, onSize }: Props) {
  const { LL } = useI18nContext()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label={LL.grid.pager.label()} className="flex flex-wrap items-center justify-end gap-2 px-3 py-2 text-xs text-[var(--muted)]">
      <span data-total={total}>{LL.grid.pager.total({ total })}</span>
      <select
        aria-label={LL.grid.pager.pageSize({ size: pageSize })}
        className="h-7 rounded border border-[var(--field-border)] bg-[var(--surface)] px-1 text-xs text-[var(--text)]"
        value={pageSize}
        onChange={(e) => onSize(Number(e.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {LL.grid.pager.pageSize({ size: s })}
          </option>
        ))}
      </select>
      <button type="button" className={btn} disabled={pageNumber <= 1} onClick={() => onPage(1)} aria-label={LL.grid.pager.first()}>«</button>
      <button type="button" className={btn} disabled={pageNumber <= 1} onClick={() => onPage(pageNumber - 1)} aria-label={LL.grid.pager.prev()}>‹</button>
      <span aria-live="polite" data-page={pageNumber}>{LL.grid.pager.pageOf({ page: pageNumber, pages })}</span>
      <button type="button" className={btn} disabled={pageNumber >= pages} onClick={() => onPage(pageNumber + 1)} aria-label={LL.grid.pager.next()}>›</button>
      <button type="button" className={btn} disabled={pageNumber >= pages} onClick={() => onPage(pages)} aria-label={LL.grid.pager.last()}>»</button>
    </nav>
  )
}
