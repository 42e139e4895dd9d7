import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'

/** How many invalid entries the page lists; the download has them all. */
export const SHOWN_INVALID = 10

/**
 * The first invalid entries of a recipients source (where, what was written, why) and "download invalid lines",
 * which saves every one of them. Shared by the numbers panel and the point-to-point rows.
 */
export function InvalidList({ items, total, onDownload, testId = 'invalid-samples', downloadTestId = 'download-invalid' }: {
  items: { where: string; text: string; reason: string }[]
  /** Every invalid entry, listed or not (what the download holds). */
  total: number
  onDownload: () => void
  testId?: string
  downloadTestId?: string
}) {
  const { LL } = useI18nContext()
  const t = LL.send.numbers
  if (!items.length) return null
  return (
    <div className="mt-3 rounded border border-[var(--border)] p-2 text-sm">
      <div className="mb-1 flex items-center justify-between">
        <span className="text-[var(--muted)]">{t.samplesTitle({ count: Math.min(SHOWN_INVALID, items.length) })}</span>
        <Button variant="ghost" onClick={onDownload} data-testid={downloadTestId}>{t.downloadInvalid({ count: total })}</Button>
      </div>
      <ul data-testid={testId} className="max-h-48 overflow-auto">
        {items.slice(0, SHOWN_INVALID).map((s, i) => (
          <li key={i} className="flex gap-3">
            <span className="w-40 shrink-0 text-[var(--muted)]">{s.where}</span>
            <code className="w-48 shrink-0 truncate" title={s.text}>{s.text}</code>
            <span className="text-[var(--danger)]">{s.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
