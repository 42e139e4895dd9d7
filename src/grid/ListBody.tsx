import type { UseQueryResult } from '@tanstack/react-query'
import type { ComponentProps } from 'react'
import { isApiError } from '@/api/http'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ListPage } from './define-list'
import { ListGrid } from './ListGrid'

interface Props {
  query: UseQueryResult<ListPage>
  grid: ComponentProps<typeof ListGrid>
  onReset: () => void
}

const overlay = 'absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-[var(--surface)]/85 p-6 text-center'

/**
 * What a failed page says: the client's own words for what never reached the server (already saying what to do), the
 * server's message for a refusal (4xx, in the user's language), and one sentence for a server failure or an answer
 * the console cannot read, whose raw text ("internal", a stack) means nothing to the user.
 */
function failureText(e: unknown, LL: TranslationFunctions): string {
  if (isApiError(e) && e.kind !== 'http') return e.msg || LL.errors.network()
  if (isApiError(e) && e.status >= 400 && e.status < 500 && e.msg) return e.msg
  return LL.grid.serverFailed()
}

/**
 * The grid with its states over it: skeleton rows until the first page, the error with Retry, "no records" with
 * Reset, and a thin bar while a next page loads over the previous one.
 */
export function ListBody({ query, grid, onReset }: Props) {
  const { LL } = useI18nContext()
  const error = query.isError ? failureText(query.error, LL) : null
  // A failed page shows no rows: those of the page before would pass for the answer to the search just made.
  const shown = error ? { ...grid, rows: [], totalsRow: null } : grid
  return (
    <div className="relative min-h-0 flex-1 px-3" aria-busy={query.isFetching}>
      {query.isFetching && query.data && <div className="absolute inset-x-3 top-0 z-20 h-0.5 animate-pulse bg-[var(--primary)]" />}
      <div className="h-full min-h-[360px]">
        <ListGrid {...shown} />
      </div>
      {query.isPending && !error && (
        <div className={`${overlay} justify-start`} role="status" aria-label={LL.common.loading()}>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="h-6 w-full animate-pulse rounded bg-[var(--surface-2)]" />
          ))}
        </div>
      )}
      {error && (
        <div className={overlay} role="alert">
          <p className="text-sm font-medium text-[var(--danger)]">{LL.grid.loadFailed()}</p>
          <p className="text-xs text-[var(--muted)]">{error}</p>
          <Button size="field" onClick={() => void query.refetch()}>
            {LL.grid.retry()}
          </Button>
        </div>
      )}
      {!error && query.data && query.data.records.length === 0 && (
        <div className={`${overlay} pointer-events-none`} role="status">
          <p className="text-sm font-medium text-[var(--text)]">{LL.grid.empty()}</p>
          <p className="text-xs text-[var(--muted)]">{LL.grid.emptyHint()}</p>
          <Button variant="secondary" size="field" className="pointer-events-auto" onClick={onReset}>
            {LL.grid.reset()}
          </Button>
        </div>
      )}
    </div>
  )
}
