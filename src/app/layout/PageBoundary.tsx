import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import { recordError } from '@/stores/error-log'
import { isChunkLoadError } from '../lazy'
import { usePathname } from './use-shell-menus'

/**
 * A page that throws, or a page part that never arrives, shows a message with Reload instead of a blank main area.
 * Keyed on the path, so moving to another tab clears the error.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const path = usePathname()
  return <Boundary key={path}>{children}</Boundary>
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  componentDidCatch(error: unknown, _info: ErrorInfo) {
    // Caught render errors never reach window.onerror, so the error log would miss them otherwise.
    recordError(error)
  }

  render() {
    return this.state.error ? <PageFailure error={this.state.error} /> : this.props.children
  }
}

function PageFailure({ error }: { error: unknown }) {
  const { LL } = useI18nContext()
  const chunk = isChunkLoadError(error)
  return (
    <div role="alert" data-testid="page-error" className="mx-auto mt-16 max-w-md rounded-lg border border-[var(--border)] bg-[var(--surface)] p-6 text-center">
      <h2 className="text-lg font-semibold">{chunk ? LL.shell.pageFailed() : LL.errors.pageError()}</h2>
      <p className="mt-2 text-sm text-[var(--muted)]">{chunk ? LL.errors.chunkLoad() : LL.errors.pageErrorHint()}</p>
      <Button className="mt-4" onClick={() => location.reload()}>
        {LL.common.reload()}
      </Button>
    </div>
  )
}
