import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { isApiError } from '@/api/errors'
import { materialPickerQuery, uploadMaterial } from '@/api/materials'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Spinner } from '@/components/ui/Spinner'
import { MATERIAL_ACCEPT, MATERIAL_MAX_BYTES, MATERIAL_TYPES, kindsOf, type MaterialPurpose, type MaterialRow, type MediaKind } from '@/domain/materials'
import { formatValue } from '@/grid/format'
import { useI18nContext } from '@/i18n/i18n-react'
import { checkFile } from './check-file'
import { MediaThumb } from './MediaThumb'

export interface MediaPickerProps {
  /** Whose limits apply: only materials that fit them are offered, and an upload here is checked against them. */
  purpose: MaterialPurpose
  /** One kind only (a video frame's audio); else a kind filter is offered. */
  kind?: MediaKind
  onPick: (row: MaterialRow) => void
  onClose: () => void
}

const COLUMNS = 4

/** A material may serve `purpose` when its type and size are within that purpose's rules. */
export const fits = (purpose: MaterialPurpose, m: Pick<MaterialRow, 'kind' | 'content_type' | 'size'>) =>
  MATERIAL_TYPES[purpose][m.kind].includes(m.content_type) && m.size <= MATERIAL_MAX_BYTES[purpose][m.kind]

/**
 * Pick a material of the account, or upload one on the spot (picked as soon as it is stored). Keyboard: the tiles
 * are one listbox; arrows move (up and down by a row of tiles), Home/End, Enter picks; Tab reaches the kind filter
 * and the upload button; Esc closes.
 */
export function MediaPicker({ purpose, kind: fixedKind, onPick, onClose }: MediaPickerProps) {
  const { LL, locale } = useI18nContext()
  const t = LL.materials
  const id = useId()
  const [open, setOpen] = useState(true)
  const [kind, setKind] = useState<MediaKind | undefined>(fixedKind)
  const [active, setActive] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const abort = useRef<AbortController | null>(null)
  const list = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  // A signature's proof comes from the signature proofs (listed for any enterprise); media from all the account's materials.
  const query = useQuery(materialPickerQuery({ kind, purpose: purpose === 'signature' ? purpose : undefined, pageSize: 100, orderBy: 'create_time', order: 'desc' }))
  const rows = useMemo(() => (query.data?.records ?? []).filter((m) => fits(purpose, m)), [query.data, purpose])
  const hidden = (query.data?.records.length ?? 0) - rows.length
  useEffect(() => setActive((a) => Math.max(0, Math.min(a, rows.length - 1))), [rows.length])
  useEffect(() => () => abort.current?.abort(), [])
  // The tiles take the focus once the dialog has placed its own (React's autoFocus does not apply to a div).
  useEffect(() => {
    const timer = setTimeout(() => list.current?.focus())
    return () => clearTimeout(timer)
  }, [])

  const close = () => {
    setOpen(false)
    onClose()
  }
  const pick = (row: MaterialRow | undefined) => {
    if (!row) return
    setOpen(false)
    onPick(row)
    onClose()
  }

  const onKey = (e: KeyboardEvent) => {
    const last = Math.max(0, rows.length - 1)
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }
    if (e.key in move) setActive((a) => Math.max(0, Math.min(last, a + move[e.key])))
    else if (e.key === 'Home') setActive(0)
    else if (e.key === 'End') setActive(last)
    else if (e.key === 'Enter') pick(rows[active])
    else return
    e.preventDefault()
  }
  useEffect(() => document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: 'nearest' }), [active, id])

  const upload = async (file: File) => {
    setProblem(null)
    const reason = await checkFile(file, purpose, locale, fixedKind ?? kind)
    if (reason) {
      setProblem(reason)
      return input.current?.focus()
    }
    abort.current = new AbortController()
    setProgress(0)
    try {
      pick(await uploadMaterial(file, {
        purpose, signal: abort.current.signal,
        onProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0),
      }))
    } catch (e) {
      if (!isApiError(e)) throw e
      if (e.kind !== 'aborted') setProblem(e.msg || e.message)
    } finally {
      setProgress(null)
    }
  }

  const kinds = fixedKind ? [] : [undefined, ...kindsOf(purpose)]
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={t.picker.title()} description={t.picker.hint()} width="max-w-2xl">
      {kinds.length > 0 && (
        <div role="radiogroup" aria-label={t.columns.kind()} className="mb-3 flex gap-1">
          {kinds.map((k) => (
            <Button
              key={k ?? 'all'} type="button" role="radio" aria-checked={kind === k} variant={kind === k ? 'primary' : 'secondary'}
              data-testid={`picker-kind-${k ?? 'all'}`}
              onClick={() => {
                setKind(k)
                setActive(0)
                list.current?.focus()
              }}
            >
              {t.kinds[k ?? 'all']()}
            </Button>
          ))}
        </div>
      )}
      <div
        ref={list} role="listbox" tabIndex={0} aria-label={t.picker.title()} data-testid="media-picker"
        aria-activedescendant={rows.length ? `${id}-opt-${active}` : undefined} onKeyDown={onKey}
        className="grid max-h-80 grid-cols-4 gap-2 overflow-auto rounded border border-[var(--border)] p-2 outline-none focus:ring-2 focus:ring-[var(--primary)]"
      >
        {query.isPending && <p className="col-span-4 flex items-center gap-2 text-sm text-[var(--muted)]"><Spinner size={14} />{t.picker.loading()}</p>}
        {!query.isPending && rows.length === 0 && <p className="col-span-4 text-sm text-[var(--muted)]">{t.picker.empty()}</p>}
        {rows.map((m, i) => (
          <div
            key={m.material_id} id={`${id}-opt-${i}`} role="option" aria-selected={i === active} data-testid="picker-option"
            onClick={() => setActive(i)} onDoubleClick={() => pick(m)}
            className={`flex cursor-pointer flex-col items-center gap-1 rounded p-1 text-xs ${i === active ? 'bg-[var(--primary)] text-[var(--primary-contrast)]' : 'hover:bg-[var(--surface-2)]'}`}
          >
            <MediaThumb url={m.url} kind={m.kind} name={m.file_name} size="h-16 w-full" />
            <span className="w-full truncate text-center" title={m.file_name}>{m.file_name}</span>
            <span>{t.kinds[m.kind]()} · {formatValue('sizeKb', m.size)}</span>
          </div>
        ))}
      </div>
      {hidden > 0 && <p className="mt-1 text-xs text-[var(--muted)]">{t.picker.hidden({ count: hidden })}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="button" onClick={() => pick(rows[active])} disabled={!rows.length} data-testid="picker-choose">{t.picker.choose()}</Button>
        <Button type="button" variant="secondary" disabled={progress !== null} onClick={() => input.current?.click()} data-testid="picker-upload">
          {t.picker.uploadHere()}
        </Button>
        {progress !== null && (
          <>
            <progress max={100} value={progress} className="w-32" aria-label={t.uploading({ name: '', percent: progress })} />
            <Button type="button" variant="secondary" onClick={() => abort.current?.abort()}>{t.cancelUpload()}</Button>
          </>
        )}
        <input
          ref={input} type="file" className="sr-only" tabIndex={-1} data-testid="picker-file"
          accept={(fixedKind ?? kind ? [(fixedKind ?? kind)!] : kindsOf(purpose)).map((k) => MATERIAL_ACCEPT[k]).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void upload(file)
          }}
        />
      </div>
      {problem && <p role="alert" data-testid="picker-problem" className="mt-2 text-sm text-[var(--danger)]">{problem}</p>}
    </Dialog>
  )
}
