import { useI18nContext } from '@/i18n/i18n-react'
import type { ScreenProps } from './screen-props'

/** Stands in for a screen a later release builds. It says so plainly and shows no invented data. */
export default function PendingScreen({ path, title }: ScreenProps) {
  const { LL } = useI18nContext()
  return (
    <section data-testid="pending-screen" className="mx-auto mt-10 max-w-xl rounded-lg border border-dashed border-[var(--border)] bg-[var(--surface)] p-8">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3">{LL.pages.pending.message()}</p>
      <p className="mt-2 text-sm text-[var(--muted)]">{LL.pages.pending.hint()}</p>
      <p className="mt-4 text-xs text-[var(--muted)]">
        {LL.pages.pending.path()}: <code className="rounded bg-[var(--surface-2)] px-1.5 py-0.5">{path}</code>
      </p>
    </section>
  )
}
