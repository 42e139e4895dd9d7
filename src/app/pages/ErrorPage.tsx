import type { ErrorComponentProps } from '@tanstack/react-router'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import { isChunkLoadError } from '../lazy'

/**
 * The router's error component: never a blank page. A page part that failed to load gets its own message; either
 * way a full reload is offered, which fetches the current build's chunks.
 */
export function ErrorPage({ error }: ErrorComponentProps) {
  const { LL } = useI18nContext()
  const chunk = isChunkLoadError(error)
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center text-[var(--text)]">
      <h1 className="text-xl font-semibold">{chunk ? LL.errors.chunkLoad() : LL.errors.pageError()}</h1>
      {!chunk && <p className="max-w-md text-sm text-[var(--muted)]">{LL.errors.pageErrorHint()}</p>}
      <Button onClick={() => location.reload()} autoFocus>
        {LL.common.reload()}
      </Button>
    </div>
  )
}
