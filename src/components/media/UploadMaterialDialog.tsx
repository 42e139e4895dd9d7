import { useEffect, useId, useRef, useState } from 'react'
import { isApiError } from '@/api/errors'
import { fetchStorage, uploadMaterial } from '@/api/materials'
import { FormDialog } from '@/components/ui/FormDialog'
import { formatLimit, kindsOf, MATERIAL_ACCEPT, MATERIAL_MAX_BYTES, MATERIAL_PURPOSES, type MaterialPurpose, type MaterialRow, type MediaKind } from '@/domain/materials'
import { useI18nContext } from '@/i18n/i18n-react'
import { checkFile } from './check-file'
import { Button } from '@/components/ui/Button'

export interface UploadMaterialProps {
  /** The rules to check against; the user may change it unless `fixedPurpose`. */
  purpose?: MaterialPurpose
  fixedPurpose?: boolean
  /** Only this kind is accepted (a card's image slot); default any. */
  kind?: MediaKind
  /** One file (the picker's "upload on the spot") or several (the materials screen). */
  multiple?: boolean
  onUploaded: (rows: MaterialRow[]) => void
  onClose: () => void
}

interface Progress {
  name: string
  percent: number
}

/**
 * Upload by keyboard: the file chooser has the focus when the dialog opens (Space or Enter opens the system's
 * chooser), the purpose is a select, Enter uploads, Esc or "Cancel upload" stops. Each file is checked first by its
 * content with the server's rule; refused files are listed with their reason and the dialog stays open with the
 * choices as they were, the good files are uploaded one after another with their progress.
 */
export function UploadMaterialDialog({ purpose: initial = 'aim', fixedPurpose, kind, multiple = true, onUploaded, onClose }: UploadMaterialProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.materials
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [purpose, setPurpose] = useState<MaterialPurpose>(initial)
  const [files, setFiles] = useState<File[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [progress, setProgress] = useState<Progress | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  const limits = MATERIAL_MAX_BYTES[purpose]
  const accept = (kind ? [kind] : kindsOf(purpose)).map((k) => MATERIAL_ACCEPT[k]).join(',')

  const submit = async (): Promise<boolean> => {
    if (!files.length) {
      setProblems([t.chooseFile()])
      input.current?.focus()
      return false
    }
    const refused: string[] = []
    const done: MaterialRow[] = []
    const ctl = new AbortController()
    abort.current = ctl
    // Read once, then each stored file counts in it, so the second of two files that each fit alone is refused here.
    const storage = await fetchStorage().catch(() => null)
    for (const file of files) {
      const reason = await checkFile(file, purpose, locale, kind, storage)
      if (reason) {
        refused.push(t.refusedFile({ name: file.name, reason }))
        continue
      }
      if (ctl.signal.aborted) break
      setProgress({ name: file.name, percent: 0 })
      try {
        done.push(await uploadMaterial(file, {
          purpose, signal: ctl.signal,
          onProgress: (sent, total) => setProgress({ name: file.name, percent: total ? Math.round((sent / total) * 100) : 0 }),
        }))
        if (storage) storage.used += done[done.length - 1].size
      } catch (e) {
        if (!isApiError(e)) throw e
        if (e.kind === 'aborted') refused.push(t.cancelled())
        else refused.push(t.refusedFile({ name: file.name, reason: e.msg || e.message }))
      }
    }
    setProgress(null)
    abort.current = null
    if (done.length) onUploaded(done)
    // What was uploaded leaves the selection; refused files stay chosen, so the list shows what is left to fix.
    const left = files.filter((f) => !done.some((d) => d.size === f.size && d.file_name === f.name))
    setFiles(left)
    setProblems(refused)
    if (refused.length) input.current?.focus()
    return refused.length === 0
  }

  return (
    <FormDialog title={t.upload()} onSubmit={submit} onClose={() => { abort.current?.abort(); onClose() }} saveLabel={t.start()} saveTestId="material-upload-start">
      <label htmlFor={`${id}-file`} className="text-sm text-[var(--muted)]">{t.fileLabel()}</label>
      <input
        id={`${id}-file`} ref={input} autoFocus type="file" multiple={multiple} accept={accept} data-testid="material-file"
        className="mt-1 text-sm"
        onChange={(e) => {
          setProblems([])
          setFiles([...(e.target.files ?? [])])
        }}
      />
      {!fixedPurpose && (
        <>
          <label htmlFor={`${id}-purpose`} className="mt-3 text-sm text-[var(--muted)]">{t.purposeLabel()}</label>
          <select
            id={`${id}-purpose`} value={purpose} data-testid="material-purpose"
            className="mt-1 rounded border border-[var(--field-border)] bg-[var(--surface)] px-2 py-1 text-sm"
            onChange={(e) => setPurpose(e.target.value as MaterialPurpose)}
          >
            {/* A signature's proof is uploaded from the signature form, with its own limits. */}
            {MATERIAL_PURPOSES.filter((p) => p !== 'signature').map((p) => <option key={p} value={p}>{t.purposes[p]()}</option>)}
          </select>
        </>
      )}
      <p className="mt-2 text-xs text-[var(--muted)]" data-testid="material-limits">
        {t.limits({ image: formatLimit(limits.image), video: formatLimit(limits.video), audio: formatLimit(limits.audio) })}
      </p>
      {progress && (
        <div className="mt-3 flex flex-col gap-1" aria-live="polite">
          <span className="text-sm">{t.uploading(progress)}</span>
          <progress max={100} value={progress.percent} className="w-full" aria-label={progress.name} />
          <Button variant="ghost" size="xs" className="self-start" onClick={() => abort.current?.abort()}>
            {t.cancelUpload()}
          </Button>
        </div>
      )}
      {problems.length > 0 && (
        <ul role="alert" data-testid="material-problems" className="mt-2 flex flex-col gap-1 text-sm text-[var(--danger)]">
          {problems.map((p, i) => <li key={i}>{p}</li>)}
        </ul>
      )}
    </FormDialog>
  )
}
