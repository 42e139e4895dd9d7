import { Button } from '@/components/ui/Button'
import { IMPORT_FIELDS } from '@/domain/contact-import'
import { useI18nContext } from '@/i18n/i18n-react'
import type { Checked } from './import-client'
import { fieldLabel, reasonLabel } from './import-words'

/** What the import will do, before it does it: the counts, then every refused row (the first ones here, all in the download). */
export function ImportSummary({ checked, onDownload }: { checked: Checked; onDownload: () => void }) {
  const { LL } = useI18nContext()
  const { built, preview } = checked
  const counts: [string, number, string][] = [
    [LL.addressBook.importAdd(), preview?.add ?? 0, 'add'],
    [LL.addressBook.importInGroup(), preview?.in_group ?? 0, 'in-group'],
    [LL.addressBook.importInFile(), preview?.in_file ?? 0, 'in-file'],
    [LL.addressBook.importRefused(), built.refusedCount, 'refused'],
    [LL.addressBook.importEmpty(), built.empty, 'empty'],
  ]
  return (
    <section className="flex flex-col gap-2" aria-live="polite">
      <dl className="grid grid-cols-5 gap-2 text-center">
        {counts.map(([label, n, id]) => (
          <div key={id} className="rounded border border-[var(--border)] p-2">
            <dt className="text-xs text-[var(--muted)]">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`ab-import-count-${id}`}>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {(!preview || preview.add === 0) && <p role="status" className="text-sm text-[var(--muted)]">{LL.addressBook.importNothing()}</p>}
      {built.refusedCount > 0 && (
        <>
          <div className="flex items-center justify-between gap-2">
            <p className="text-xs text-[var(--muted)]">
              {built.refusedCount > built.refusedHead.length && LL.addressBook.importRefusedMore({ shown: built.refusedHead.length, count: built.refusedCount })}
            </p>
            <Button variant="secondary" data-testid="ab-import-download-refused" onClick={onDownload}>{LL.addressBook.importDownloadRefused()}</Button>
          </div>
          <div className="max-h-56 overflow-auto rounded border border-[var(--border)]">
            <table className="w-full text-left text-xs" data-testid="ab-import-refused">
              <thead className="sticky top-0 bg-[var(--surface-2)]">
                <tr>
                  <th className="px-2 py-1">{LL.addressBook.importLine()}</th>
                  <th className="px-2 py-1">{LL.addressBook.importReason()}</th>
                  <th className="px-2 py-1">{fieldLabel(LL, 'name')}</th>
                  <th className="px-2 py-1">{fieldLabel(LL, 'mobile')}</th>
                </tr>
              </thead>
              <tbody>
                {built.refusedHead.map(([line, field, reason, ...cells]) => (
                  <tr key={line} className="border-t border-[var(--border)]">
                    <td className="px-2 py-1 tabular-nums">{line}</td>
                    <td className="px-2 py-1">{`${fieldLabel(LL, field)}: ${reasonLabel(LL, reason)}`}</td>
                    <td className="px-2 py-1">{cells[IMPORT_FIELDS.indexOf('name')]}</td>
                    <td className="px-2 py-1">{cells[IMPORT_FIELDS.indexOf('mobile')]}</td>
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
