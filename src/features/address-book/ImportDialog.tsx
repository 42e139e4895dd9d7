import { uuidV4 } from '@/domain/uuid'
import { useEffect, useRef, useState } from 'react'
import * as calls from '@/api/address-book'
import { saveBlob } from '@/api/transfer'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { toast } from '@/components/ui/toast'
import { UPLOAD_LIMIT_BYTES } from '@/domain/constants'
import { IMPORT_FIELDS, IMPORT_HEADER_ROWS, type ImportField, type ImportMapping } from '@/domain/contact-import'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ImportView } from '../../../workers/contact-import'
import { buildRows, closeImport, openSheet, refusedCsv, type Checked } from './import-client'
import { columnLetter, fieldLabel, reasonLabel, refusedWords } from './import-words'
import { ImportSummary } from './ImportSummary'

/*
 * The contacts import, by keyboard from top to bottom: file, sheet, group, the column of each field (the
 * worker's guess first), "Check rows" (the worker maps and checks every row, the server counts what is new), then
 * the counts, the refused rows and their download, and "Import". The file never leaves the worker; only the
 * mapped rows are uploaded, and nothing is stored in the group before the last button.
 */
const FILE_TYPES = /\.(xlsx|xls)$/i
/** Data rows shown under the column choices, so a column is recognised by what it holds. */
const SAMPLE_SHOWN = 3
const control = 'rounded border border-[var(--field-border)] bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] outline-none focus:border-[var(--primary)]'

export function ImportDialog({ groups, initialGroup, close }: { groups: { value: string; label: string }[]; initialGroup?: string; close: () => void }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [view, setView] = useState<ImportView | null>(null)
  const [mapping, setMapping] = useState<ImportMapping | null>(null)
  const [group, setGroup] = useState(initialGroup ?? groups[0]?.value ?? '')
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
      const refused = { tooLarge: LL.addressBook.importTooLarge, expandsTooFar: LL.errors.workbookExpands, unreadable: LL.addressBook.importUnreadable }
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
    if (!FILE_TYPES.test(file.name)) return setError(LL.addressBook.importWrongType())
    if (file.size > UPLOAD_LIMIT_BYTES) return setError(LL.addressBook.importTooLarge())
    void run(async () => show(await openSheet(new Uint8Array(await file.arrayBuffer()), 0)))
  }

  const check = () => run(async () => {
    if (!mapping || mapping.name < 0 || mapping.mobile < 0) throw new Error(LL.addressBook.importNeedsColumns())
    if (!group) throw new Error(LL.addressBook.importNeedsGroup())
    const built = await buildRows(mapping)
    const preview = built.count ? await calls.uploadImport(Number(group), built.rows) : null
    setChecked({ built, preview, key: uuidV4() })
  })

  const refusedFile = async () => {
    const csv = await refusedCsv(refusedWords(LL))
    return () => saveBlob(new Blob([csv as BlobPart], { type: 'text/csv' }), `${LL.addressBook.importRefusedFile()}.csv`)
  }

  // The closing message says what was not imported too: the refused rows, why, and their file (made before the
  // dialog closes, which releases the worker holding them).
  const commit = () => run(async () => {
    if (!checked?.preview) return
    const { built } = checked
    const saveRefused = built.refusedCount ? await refusedFile() : null
    const done = await calls.commitImport(checked.preview.upload_id, checked.key)
    if (!saveRefused) toast.success(done.msg)
    else {
      const reasons = [...new Set(built.refusedHead.map(([, field, reason]) => `${fieldLabel(LL, field)}: ${reasonLabel(LL, reason)}`))]
      const why = reasons.slice(0, 3).join(LL.addressBook.importReasonSeparator()) + (reasons.length > 3 || built.refusedCount > built.refusedHead.length ? '…' : '')
      toast.success(LL.addressBook.importDoneRefused({ done: done.msg, count: built.refusedCount, reasons: why }),
        { label: LL.addressBook.importDownloadRefused(), onClick: saveRefused })
    }
    setOpen(false)
    close()
  })

  const download = () => run(async () => (await refusedFile())())

  const setField = (field: ImportField, column: number) => {
    setChecked(null)
    setMapping((m) => (m ? { ...m, [field]: column } : m))
  }
  const columnName = (c: number) => LL.addressBook.importColumn({ letter: columnLetter(c), text: view?.header?.[c] || view?.sample[0]?.[c] || '' })
  const columns = view ? Array.from({ length: view.columns }, (_, c) => c) : []
  const canImport = !!checked?.preview && checked.preview.add > 0

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o)
        if (!o) close()
      }}
      title={LL.addressBook.importTitle()}
      description={LL.addressBook.importIntro()}
      width="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" data-testid="ab-import-check" busy={busy && !checked} disabled={!view} onClick={() => void check()}>
            {LL.addressBook.importCheck()}
          </Button>
          <Button data-testid="ab-import-confirm" busy={busy && !!checked} disabled={!canImport} onClick={() => void commit()}>
            {LL.addressBook.importConfirm({ count: checked?.preview?.add ?? 0 })}
          </Button>
        </>
      }
    >
      <div className="flex max-h-[65vh] flex-col gap-3 overflow-y-auto pr-1">
        <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
          {LL.addressBook.importFile()}
          <input type="file" accept=".xls,.xlsx" data-testid="ab-import-file" className={control} autoFocus onChange={(e) => pickFile(e.target.files?.[0])} />
        </label>
        <div className="grid grid-cols-3 gap-3">
          <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
            {LL.addressBook.importGroup()}
            <select className={control} value={group} data-testid="ab-import-group" onChange={(e) => { setGroup(e.target.value); setChecked(null) }}>
              {groups.map((g) => <option key={g.value} value={g.value}>{g.label}</option>)}
            </select>
          </label>
          {view && (
            <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
              {LL.addressBook.importHeader()}
              <select className={control} value={view.headerRow} data-testid="ab-import-header"
                onChange={(e) => void run(async () => show(await openSheet(null, view.sheet, Number(e.target.value))))}>
                <option value={-1}>{LL.addressBook.importHeaderNone()}</option>
                {Array.from({ length: IMPORT_HEADER_ROWS }, (_, r) => <option key={r} value={r}>{LL.addressBook.importHeaderLine({ line: r + 1 })}</option>)}
              </select>
            </label>
          )}
          {view && view.sheets.length > 1 && (
            <label className="flex flex-col gap-1 text-sm text-[var(--muted)]">
              {LL.addressBook.importSheet()}
              <select className={control} value={view.sheet} data-testid="ab-import-sheet"
                onChange={(e) => void run(async () => show(await openSheet(null, Number(e.target.value))))}>
                {view.sheets.map((s, i) => <option key={s} value={i}>{s}</option>)}
              </select>
            </label>
          )}
        </div>
        {busy && !view && <p className="text-sm text-[var(--muted)]">{LL.addressBook.importReading()}</p>}
        {view && mapping && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{LL.addressBook.importColumns()}</legend>
            <p className="text-xs text-[var(--muted)]">
              {view.headerRow >= 0 ? LL.addressBook.importHeaderAt({ line: view.headerRow + 1 }) : LL.addressBook.importNoHeader()}
            </p>
            <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
              {IMPORT_FIELDS.map((f) => (
                <label key={f} className="flex flex-col gap-1 text-xs text-[var(--muted)]">
                  {fieldLabel(LL, f)}
                  <select className={control} value={mapping[f]} data-testid={`ab-import-map-${f}`} onChange={(e) => setField(f, Number(e.target.value))}>
                    <option value={-1}>{LL.addressBook.importNotMapped()}</option>
                    {columns.map((c) => <option key={c} value={c}>{columnName(c)}</option>)}
                  </select>
                </label>
              ))}
            </div>
            <div className="max-h-32 overflow-auto rounded border border-[var(--border)]">
              <table className="w-full text-left text-xs" data-testid="ab-import-sample">
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
        {error && <p role="alert" data-testid="ab-import-error" className="text-sm text-[var(--danger)]">{error}</p>}
        {checked && <ImportSummary checked={checked} onDownload={() => void download()} />}
      </div>
    </Dialog>
  )
}
