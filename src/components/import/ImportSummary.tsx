import { Button } from '@/components/ui/Button'
import { useI18nContext } from '@/i18n/i18n-react'
import type { Checked } from './import-client'
import { reasonLabel } from './import-words'

interface Props {
  checked: Checked
  testId: string
  /** The import's fields, in the order of a refused row's cells; `shown` of them stand in the table. */
  fields: readonly string[]
  shown: readonly string[]
  fieldLabel: (field: string) => string
  nothing: string
  onDownload: () => void
}

/** What the import will do, before it does it: the counts, then every refused row (the first ones here, all in the download). */
export function ImportSummary({ checked, testId, fields, shown, fieldLabel, nothing, onDownload }: Props) {
  const { LL } = useI18nContext()
  const t = LL.sheetImport
  const { built, preview } = checked
  const counts: [string, number, string][] = [
    ...(preview?.counts ?? []).map((c) => [c.label, c.n, c.id] as [string, number, string]),
    [t.refused(), built.refusedCount, 'refused'],
    [t.empty(), built.empty, 'empty'],
  ]
  return (
    <section className="flex flex-col gap-2" aria-live="polite">
      <dl className="grid gap-2 text-center" style={{ gridTemplateColumns: `repeat(${counts.length}, minmax(0, 1fr))` }}>
        {counts.map(([label, n, id]) => (
          <div key={id} className="rounded border border-[var(--border)] p-2">
            <dt className="text-xs text-[var(--muted)]">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`${testId}-count-${id}`}>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {(!preview || preview.add === 0) && <p role="status" className="text-sm text-[var(--muted)]">{nothing}</p>}
      {built.refusedCount > 0 && (
        <>
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs text-[var(--muted)]">
              {built.refusedCount > built.refusedHead.length && t.refusedMore({ shown: built.refusedHead.length, count: built.refusedCount })}
            </p>
            <Button variant="secondary" data-testid={`${testId}-download-refused`} onClick={onDownload}>{t.downloadRefused()}</Button>
          </div>
          <div className="max-h-56 overflow-auto rounded border border-[var(--border)]">
            <table className="w-full text-left text-xs" data-testid={`${testId}-refused`}>
              <thead className="sticky top-0 bg-[var(--surface-2)]">
                <tr>
                  <th className="px-2 py-1">{t.line()}</th>
                  <th className="px-2 py-1">{t.reason()}</th>
                  {shown.map((f) => <th key={f} className="px-2 py-1">{fieldLabel(f)}</th>)}
                </tr>
              </thead>
              <tbody>
                {built.refusedHead.map(([line, field, reason, ...cells]) => (
                  <tr key={line} className="border-t border-[var(--border)]">
                    <td className="px-2 py-1 tabular-nums">{line}</td>
                    <td className="px-2 py-1">{`${fieldLabel(field)}: ${reasonLabel(LL, reason)}`}</td>
                    {shown.map((f) => <td key={f} className="px-2 py-1">{cells[fields.indexOf(f)]}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
