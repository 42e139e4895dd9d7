import { forwardRef, useImperativeHandle, useRef, useState } from 'react'
import { isApiError } from '@/api/errors'
import { uploadMaterial } from '@/api/materials'
import { checkFile } from '@/components/media'
import { mediaSrc } from '@/components/preview/MessagePreview'
import { Button } from '@/components/ui/Button'
import { kindsOf, MATERIAL_ACCEPT, type MaterialPurpose, type MaterialRow } from '@/domain/materials'
import { sizeKb } from '@/domain/lists/templates'
import { useI18nContext } from '@/i18n/i18n-react'
import type { DraftMedia } from './csp-draft'
import { fieldId } from './fields'

export interface MediaSlotHandle {
  pick(): void
  upload(): void
}

/** A card's or frame's material: the 5G and video purposes take no document (MATERIAL_TYPES), so its kind is a media one. */
export const toDraftMedia = (m: Pick<MaterialRow, 'material_id' | 'kind' | 'file_name' | 'size' | 'url'>): DraftMedia =>
  ({ material_id: m.material_id, kind: m.kind as DraftMedia['kind'], file_name: m.file_name, size: m.size, url: m.url })


/**
 * The media of one card or frame: what is chosen (a thumbnail, the name and the size), "choose from materials" and
 * "upload a file". A file is checked by its content before it is sent (the same rule the server applies again), and
 * a refusal is shown here, in place of the hint, leaving everything else the user typed as it was.
 */
export const MediaSlot = forwardRef<MediaSlotHandle, {
  form: string
  path: string
  purpose: MaterialPurpose
  media: DraftMedia | null
  error: string | null
  onChange: (m: DraftMedia | null) => void
  onPick: () => Promise<DraftMedia | null>
}>(function MediaSlot({ form, path, purpose, media, error, onChange, onPick }, ref) {
  const { LL, locale } = useI18nContext()
  const t = LL.tplEditor.editor
  const input = useRef<HTMLInputElement>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [progress, setProgress] = useState<{ name: string; percent: number; abort: AbortController } | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const id = fieldId(form, path)

  const pick = async () => {
    const m = await onPick()
    if (m) {
      setRefusal(null)
      onChange(m)
    }
    document.getElementById(id)?.focus()
  }
  useImperativeHandle(ref, () => ({ pick: () => void pick(), upload: () => input.current?.click() }))

  const upload = async (file: File) => {
    setRefusal(null)
    setNote(null)
    // The browser's own look at the first bytes (a renamed .exe is refused here as on the server), then the storage left.
    const bad = await checkFile(file, purpose, locale)
    if (bad) {
      setRefusal(bad)
      return
    }
    const abort = new AbortController()
    setProgress({ name: file.name, percent: 0, abort })
    try {
      const row = await uploadMaterial(file, {
        purpose, signal: abort.signal,
        onProgress: (sent, total) => setProgress((p) => p && { ...p, percent: total ? Math.round((sent / total) * 100) : 0 }),
      })
      onChange(toDraftMedia(row))
      setNote(t.uploaded({ name: row.file_name }))
    } catch (e) {
      if (!isApiError(e)) throw e
      if (e.kind !== 'aborted') setRefusal(e.message)
    } finally {
      setProgress(null)
      document.getElementById(id)?.focus()
    }
  }

  const message = refusal ?? error
  return (
    <div className="flex flex-col gap-1" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="text-sm text-[var(--muted)]">{t.media()}</span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-16 w-24 shrink-0 items-center justify-center overflow-hidden rounded border border-[var(--border)] bg-[var(--surface-2)] text-xs text-[var(--muted)]">
          {!media && t.noMedia()}
          {media?.kind === 'image' && <img src={mediaSrc(media.url)} alt={media.file_name} className="h-full w-full object-cover" />}
          {media && media.kind !== 'image' && <span>{LL.tplEditor.mediaKinds[media.kind]()}</span>}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          {media && (
            <span className="truncate text-sm" data-testid={`${id}-name`}>
              {media.file_name} · {sizeKb(media.size)} KB
            </span>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              id={id} variant="secondary" type="button" data-testid={`${id}-pick`}
              aria-invalid={message ? true : undefined} aria-describedby={`${id}-msg`} onClick={() => void pick()}
            >
              {t.pick()}
            </Button>
            <Button variant="secondary" type="button" data-testid={`${id}-upload`} disabled={!!progress} onClick={() => input.current?.click()}>
              {t.upload()}
            </Button>
            {media && (
              <Button variant="secondary" type="button" onClick={() => onChange(null)}>{t.removeMedia()}</Button>
            )}
            {progress && (
              <Button variant="secondary" type="button" onClick={() => progress.abort.abort()}>{t.cancelUpload()}</Button>
            )}
          </div>
        </div>
        <input
          ref={input} type="file" className="hidden" tabIndex={-1} data-testid={`${id}-file`}
          accept={kindsOf(purpose).map((k) => MATERIAL_ACCEPT[k]).join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void upload(file)
          }}
        />
      </div>
      <p id={`${id}-msg`} role={message ? 'alert' : 'status'} className={`min-h-4 text-xs ${message ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
        {message ?? (progress ? t.uploading({ name: progress.name, percent: progress.percent }) : note ?? '')}
      </p>
    </div>
  )
})
