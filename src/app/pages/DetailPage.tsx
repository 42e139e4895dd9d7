import { useI18nContext } from '@/i18n/i18n-react'

/**
 * /form-detail/index of spec section 2. No screen links to it yet; later list screens open their record details
 * here, so for now it says what it is for.
 */
export function DetailPage() {
  const { LL } = useI18nContext()
  return (
    <section className="rounded border border-[var(--border)] bg-[var(--surface)] p-6 text-[var(--text)]">
      <h1 className="mb-2 text-lg font-semibold">{LL.common.detailTitle()}</h1>
      <p className="text-sm text-[var(--muted)]">{LL.common.detailPlaceholder()}</p>
    </section>
  )
}
