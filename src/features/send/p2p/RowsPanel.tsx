import { useId, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { saveBlob } from '@/api/transfer'
import type { P2pInvalidReason } from '@/domain/send-p2p'
import { useI18nContext } from '@/i18n/i18n-react'
import { InvalidList } from '../InvalidList'
import { invalidLinesFile } from '../number-sources'
import type { P2pRows } from './use-p2p-rows'

interface Props {
  rows: P2pRows
  fileName: string
  mobileColumn: number
  firstRowIsHeader: boolean
  onChange: (patch: { mobileColumn?: number; firstRowIsHeader?: boolean }) => void
  error: string | null
}

/** A column's label: its name from the header row when there is one, else its number. */
export function useColumnLabel(names: string[] | null) {
  const { LL } = useI18nContext()
  return (i: number) => (names?.[i] ? LL.sendP2p.columns.named({ n: i + 1, name: names[i] }) : LL.sendP2p.columns.column({ n: i + 1 }))
}

/** The spreadsheet of a point-to-point send: the file, which column is the mobile, the header row, counts, first rows. */
export function RowsPanel({ rows, fileName, mobileColumn, firstRowIsHeader, onChange, error }: Props) {
  const { LL } = useI18nContext()
  const t = LL.sendP2p
  const n = LL.send.numbers
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const a = rows.arranged
  const label = useColumnLabel(a?.names ?? null)
  const problem = rows.error ?? error
  const reasons: Record<P2pInvalidReason, () => string> = {
    empty: n.reasonEmpty, format: n.reasonFormat, length: n.reasonLength, landline: n.reasonLandline,
  }
  const reason = (r: P2pInvalidReason) => reasons[r]()
  // Every refused row, as the numbers panel's "download invalid lines": file, row, mobile cell, reason.
  const downloadInvalid = () => {
    if (!a) return
    const samples = a.invalidSamples.map((r) => ({ source: fileName, line: r.row, text: r.cell, reason: r.reason }))
    saveBlob(invalidLinesFile({ samples, rejected: [{ source: fileName, offset: 0, lines: a.invalidLines }] }, reason), n.invalidFileName())
  }
  return (
    <section className="rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="mb-1 font-semibold">{t.file.title()}</h2>
      <p className="text-sm text-[var(--muted)]">{t.file.hint({ p1: '{p1}', p2: '{p2}' })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => fileRef.current?.click()}>{fileName ? t.file.replace() : t.file.choose()}</Button>
        <input
          ref={fileRef}
          type="file"
          accept=".xlsx,.xls,.csv"
          className="hidden"
          data-testid="p2p-file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void rows.addFile(file)
          }}
        />
        {fileName && <Button variant="ghost" onClick={rows.clear}>{t.file.clear()}</Button>}
        {fileName && <span className="text-sm" data-testid="p2p-file-name">{t.file.name({ name: fileName })}</span>}
        {rows.pending && <span className="flex items-center gap-1 text-sm text-[var(--muted)]"><Spinner size={14} />{t.file.reading()}</span>}
      </div>
      {problem && <p role="alert" className="mt-2 text-sm text-[var(--danger)]">{problem}</p>}
      {a && (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
            <label className="flex items-center gap-2">
              {t.columns.mobile()}
              <select
                data-testid="p2p-mobile-column"
                value={mobileColumn}
                onChange={(e) => onChange({ mobileColumn: Number(e.target.value) })}
                className="rounded border border-[var(--field-border)] bg-[var(--surface)] px-2 py-1"
              >
                {Array.from({ length: a.columns }, (_, i) => <option key={i} value={i}>{label(i)}</option>)}
              </select>
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" data-testid="p2p-header" checked={firstRowIsHeader} onChange={(e) => onChange({ firstRowIsHeader: e.target.checked })} />
              {t.columns.header()}
            </label>
          </div>
          <ul data-testid="p2p-counts" className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <li data-testid="p2p-count-total">{t.columns.rows({ count: a.total })}</li>
            <li data-testid="p2p-count-valid" className="font-semibold text-[var(--primary)]">{n.valid({ count: a.valid })}</li>
            <li data-testid="p2p-count-duplicates">{n.duplicates({ count: a.duplicates })}</li>
            <li data-testid="p2p-count-invalid" className={a.invalid ? 'text-[var(--danger)]' : ''}>{n.invalid({ count: a.invalid })}</li>
          </ul>
          <InvalidList
            testId="p2p-invalid"
            downloadTestId="p2p-invalid-download"
            items={a.invalidSamples.map((r) => ({ where: t.columns.row({ row: r.row }), text: r.cell, reason: reason(r.reason) }))}
            total={a.invalid}
            onDownload={downloadInvalid}
          />
          <SampleTable sample={a.sample} columns={a.columns} mobileColumn={mobileColumn} label={label} />
        </>
      )}
    </section>
  )
}

function SampleTable({ sample, columns, mobileColumn, label }: { sample: string[][]; columns: number; mobileColumn: number; label: (i: number) => string }) {
  const { LL } = useI18nContext()
  const t = LL.sendP2p.columns
  if (!sample.length) return null
  const cols = Array.from({ length: columns }, (_, i) => i)
  return (
    <div className="mt-3 overflow-x-auto">
      <table data-testid="p2p-sample" className="min-w-full text-left text-sm">
        <caption className="mb-1 text-left text-[var(--muted)]">{t.sampleTitle({ count: sample.length })}</caption>
        <thead>
          <tr>
            {cols.map((i) => (
              <th key={i} scope="col" className="border-b border-[var(--border)] px-2 py-1 font-medium">
                {label(i)}
                {i === mobileColumn && <span className="ml-1 rounded bg-[var(--surface-2)] px-1 text-xs">{t.mobileMark()}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sample.map((row, r) => (
            <tr key={r}>
              {cols.map((i) => <td key={i} className="border-b border-[var(--border)] px-2 py-1 font-mono">{row[i] ?? ''}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
