import { uuidV4 } from '@/domain/uuid'
import { useEffect, useRef, useState } from 'react'
import { saveBlob } from '@/api/transfer'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { toast } from '@/components/ui/toast'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { IMPORT_HEADER_ROWS, type ImportMapping } from '@/domain/contact-import'
import { SHEET_IMPORTS, type SheetImportId } from '@/domain/sheet-import'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ImportView } from '../../../workers/sheet-import'
import { buildRows, closeImport, openSheet, refusedCsv, type Checked, type ImportPreview } from './import-client'
import { columnLetter, reasonLabel, refusedWords } from './import-words'
import { ImportSummary } from './ImportSummary'

/** One import as its dialog needs it: the kind (src/domain/sheet-import.ts), its words and its two calls. */
export interface ImportPlan {
  kind: SheetImportId
  /** Test ids start with it (`ab-import-file` …). */
  testId: string
  title: string
  intro: string
  fieldLabel: (field: string) => string
  /** The fields a refused row shows in the table (its download has them all). */
  shown: readonly string[]
  /** Said when a required field has no column. */
  needsColumns: string
  /** Where the rows go, chosen in the dialog (the contacts' group); absent when there is one place. */
  target?: { label: string; options: { value: string; label: string }[]; initial?: string; needed: string }
  /** The mapped rows checked and kept by the server, nothing stored yet; `target` as chosen. */
  upload: (rows: Uint8Array, target: string) => Promise<ImportPreview>
  /** Stores the upload, all or nothing; the same key again (a retry) stores nothing twice. */
  commit: (uploadId: number, key: string) => Promise<{ msg: string }>
  confirmLabel: (count: number) => string
  /** Said when the check leaves nothing to add. */
  nothing: string
}

/*
 * A spreadsheet import, by keyboard from top to bottom: file, sheet, header row, the target when there is a choice,
 * the column of each field (the worker's guess first), "Check rows" (the worker maps and checks every row, the server
 * counts what is new), then the counts, the refused rows and their download, and "Import". The file never leaves the
 * worker; only the mapped rows are uploaded, and nothing is stored before the last button.
 */
const FILE_TYPES = /\.(xlsx|xls|csv)$/i
/** Data rows shown under the column choices, so a column is recognised by what it holds. */
const SAMPLE_SHOWN = 3
const control = 'rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none focus:border-[var(--primary)]'

export function ImportDialog({ plan, close }: { plan: ImportPlan; close: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.sheetImport
  const { kind, testId, fieldLabel, target } = plan
  const { fields, required } = SHEET_IMPORTS[kind]
  const [open, setOpen] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [view, setView] = useState<ImportView | null>(null)
  const [mapping, setMapping] = useState<ImportMapping | null>(null)
  const [group, setGroup] = useState(target ? (target.initial ?? target.options[0]?.value ?? '') : '')
  const [checked, setChecked] = useState<Checked | null>(null)
  const busyRef = useRef(false)
  useEffect(() => () => void closeImport().catch(() => {}), [])

  const run = async (work: () => Promise<void>) => {
    if (busyRef.current) return
    busyRef.current = true
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (e) {
      setError(e instanceof Error ? e.message : LL.errors.unknown())
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  const show = (reply: Awaited<ReturnType<typeof openSheet>>) => {
    setChecked(null)
    if (!reply.ok) {
      setView(null)
      const refused = { tooLarge: t.tooLarge, expandsTooFar: LL.errors.workbookExpands, unreadable: t.unreadable }
      setError(refused[reply.error]())
      return
    }
    setView(reply.view)
    setMapping(reply.view.guess)
  }

  const pickFile = (file: File | undefined) => {
    if (!file) return
    setView(null)
    setChecked(null)
    if (!FILE_TYPES.test(file.name)) return setError(t.wrongType())
    if (file.size > UPLOAD_LIMIT_BYTES) return setError(t.tooLarge())
    void run(async () => show(await openSheet(kind, new Uint8Array(await file.arrayBuffer()), 0)))
  }

  const check = () => run(async () => {
    if (!mapping || required.some((f) => !(mapping[f] >= 0))) throw new Error(plan.needsColumns)
    if (target && !group) throw new Error(target.needed)
    const built = await buildRows(mapping)
    const preview = built.count ? await plan.upload(built.rows, group) : null
    setChecked({ built, preview, key: uuidV4() })
  })

  const refusedFile = async () => {
    const csv = await refusedCsv(refusedWords(LL, fields, fieldLabel))
    return () => saveBlob(new Blob([csv as BlobPart], { type: 'text/csv' }), `${t.refusedFile()}.csv`)
  }

  // The closing message says what was not imported too: the refused rows, why, and their file (made before the
  // dialog closes, which releases the worker holding them).
  const commit = () => run(async () => {
    if (!checked?.preview) return
    const { built } = checked
    const saveRefused = built.refusedCount ? await refusedFile() : null
    const done = await plan.commit(checked.preview.upload_id, checked.key)
    if (!saveRefused) toast.success(done.msg)
    else {
      const reasons = [...new Set(built.refusedHead.map(([, field, reason]) => `${fieldLabel(field)}: ${reasonLabel(LL, reason)}`))]
      const why = reasons.slice(0, 3).join(t.reasonSeparator()) + (reasons.length > 3 || built.refusedCount > built.refusedHead.length ? '…' : '')
      toast.success(t.doneRefused({ done: done.msg, count: built.refusedCount, reasons: why }),
        { label: t.downloadRefused(), onClick: saveRefused })
    }
    setOpen(false)
    close()
  })

  const download = () => run(async () => (await refusedFile())())

  const setField = (field: string, column: number) => {
    setChecked(null)
    setMapping((m) => (m ? { ...m, [field]: column } : m))
  }
  const columnName = (c: number) => t.column({ letter: columnLetter(c), text: view?.header?.[c] || view?.sample[0]?.[c] || '' })
  const columns = view ? Array.from({ length: view.columns }, (_, c) => c) : []
  const canImport = !!checked?.preview && checked.preview.add > 0

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) close()
      }}
      title={plan.title}
      description={plan.intro}
      width="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" data-testid={`${testId}-check`} busy={busy && !checked} disabled={!view} onClick={() => void check()}>
            {t.check()}
          </Button>
          <Button data-testid={`${testId}-confirm`} busy={busy && !!checked} disabled={!canImport} onClick={() => void commit()}>
            {plan.confirmLabel(checked?.preview?.add ?? 0)}
          </Button>
        </>
      }
    >
      <div className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto pr-1">
        <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
          {t.file()}
          <input type="file" accept=".xlsx,.xls,.csv" data-testid={`${testId}-file`} className={control} autoFocus onChange={(e) => pickFile(e.target.files?.[0])} />
        </label>
        <div className="grid grid-cols-3 gap-3">
          {target && (
            <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
              {target.label}
              <select className={control} value={group} data-testid={`${testId}-group`} onChange={(e) => { setGroup(e.target.value); setChecked(null) }}>
                {target.options.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
              </select>
            </label>
          )}
          {view && (
            <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
              {t.header()}
              <select className={control} value={view.headerRow} data-testid={`${testId}-header`}
                onChange={(e) => void run(async () => show(await openSheet(kind, null, view.sheet, Number(e.target.value))))}>
                <option value={-1}>{t.headerNone()}</option>
                {Array.from({ length: IMPORT_HEADER_ROWS }, (_, r) => <option key={r} value={r}>{t.headerLine({ line: r + 1 })}</option>)}
              </select>
            </label>
          )}
          {view && view.sheets.length > 1 && (
            <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
              {t.sheet()}
              <select className={control} value={view.sheet} data-testid={`${testId}-sheet`}
                onChange={(e) => void run(async () => show(await openSheet(kind, null, Number(e.target.value))))}>
                {view.sheets.map((s, i) => <option key={s} value={i}>{s}</option>)}
              </select>
            </label>
          )}
        </div>
        {busy && !view && <p className="text-sm text-[var(--muted)]">{t.reading()}</p>}
        {view && mapping && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t.columns()}</legend>
            <p className="text-xs text-[var(--muted)]">
              {view.headerRow >= 0 ? t.headerAt({ line: view.headerRow + 1 }) : t.noHeader()}
            </p>
            <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
              {fields.map((f) => (
                <label key={f} className="flex flex-col gap-1 text-xs text-[var(--muted)]">
                  {fieldLabel(f)}
                  <select className={control} value={mapping[f] ?? -1} data-testid={`${testId}-map-${f}`} onChange={(e) => setField(f, Number(e.target.value))}>
                    <option value={-1}>{t.notMapped()}</option>
                    {columns.map((c) => <option key={c} value={c}>{columnName(c)}</option>)}
                  </select>
                </label>
              ))}
            </div>
            <div className="max-h-32 overflow-auto rounded border border-[var(--border)]">
              <table className="w-full text-left text-xs" data-testid={`${testId}-sample`}>
                <thead className="sticky top-0 bg-[var(--surface-2)]">
                  <tr>{columns.map((c) => <th key={c} className="px-2 py-1 font-medium">{columnLetter(c)}</th>)}</tr>
                </thead>
                <tbody>
                  {view.sample.slice(0, SAMPLE_SHOWN).map((row, r) => (
                    <tr key={r} className="border-t border-[var(--border)]">{columns.map((c) => <td key={c} className="px-2 py-1">{row[c] ?? ''}</td>)}</tr>
                  ))}
                </tbody>
              </table>
            </div>
          </fieldset>
        )}
        {error && <p role="alert" data-testid={`${testId}-error`} className="text-sm text-[var(--danger)]">{error}</p>}
        {checked && (
          <ImportSummary
            checked={checked} testId={testId} fields={fields} shown={plan.shown} fieldLabel={fieldLabel} nothing={plan.nothing}
            onDownload={() => void download()}
          />
        )}
      </div>
    </Dialog>
  )
}
