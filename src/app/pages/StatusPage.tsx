import { Link } from '@tanstack/react-router'
import { useI18nContext } from '@/i18n/i18n-react'

type Status = 404 | 403 | 500

/** The public /404, /403 and /500 pages: what happened and a way home. */
export function StatusPage({ status }: { status: Status }) {
  const { LL } = useI18nContext()
  const text = {
    404: [LL.common.pageNotFound(), LL.common.pageNotFoundHint()],
    403: [LL.common.forbidden(), LL.common.forbiddenHint()],
    500: [LL.common.serverError(), LL.common.serverErrorHint()],
  }[status]
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-[var(--bg)] p-8 text-center text-[var(--text)]">
      <p className="text-6xl font-bold text-[var(--primary)]" aria-hidden>
        {status}
      </p>
      <h1 className="text-xl font-semibold">{text[0]}</h1>
      <p className="max-w-md text-sm text-[var(--muted)]">{text[1]}</p>
      <Link
        to="/"
        className="mt-2 rounded bg-[var(--primary)] px-4 py-2 text-sm text-[var(--primary-contrast)] focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {LL.common.backHome()}
      </Link>
    </main>
  )
}

export const NotFoundPage = () => <StatusPage status={404} />
export const ForbiddenPage = () => <StatusPage status={403} />
export const ServerErrorPage = () => <StatusPage status={500} />
