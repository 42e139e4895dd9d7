import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog, DialogFooter } from '@/components/ui/Dialog'
import { useI18nContext } from '@/i18n/i18n-react'
import { startDownload } from '@/stores/downloads'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  endpoint: string
  /** The download body for a format: the current search without paging. */
  payload: (format: 'xlsx' | 'csv') => Record<string, unknown>
  fileName: string
}

/**
 * "Download all": only the format choice. Starting hands the file to the download tray (src/grid/DownloadTray.tsx)
 * and closes at once, so the screen stays usable while the server writes the file.
 */
export function DownloadDialog({ open, onOpenChange, endpoint, payload, fileName }: Props) {
  const { LL } = useI18nContext()
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx')

  function start(e: FormEvent) {
    e.preventDefault()
    startDownload(fileName, format, { endpoint, body: payload(format), fallbackName: `${fileName}.${format}` })
    onOpenChange(false)
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={LL.grid.download.title()} description={LL.grid.download.hint()}>
      <form onSubmit={start} data-testid="download-dialog">
        {/* Arrows pick the format, Enter starts: the checked radio has focus when the dialog opens. */}
        <fieldset
          className="flex items-center gap-4 text-sm"
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            e.currentTarget.form?.requestSubmit()
          }}
        >
          <legend className="mb-1 text-xs text-[var(--muted)]">{LL.grid.download.format()}</legend>
          {(['xlsx', 'csv'] as const).map((f) => (
            <label key={f} className="inline-flex items-center gap-1.5">
              <input type="radio" name="format" value={f} checked={format === f} autoFocus={format === f} onChange={() => setFormat(f)} />
              {f.toUpperCase()}
            </label>
          ))}
        </fieldset>
        <DialogFooter className="mt-5">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {LL.common.cancel()}
          </Button>
          <Button type="submit">{LL.grid.download.startFormat({ format: format.toUpperCase() })}</Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
