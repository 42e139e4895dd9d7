import { useEffect, useRef, useState } from 'react'
import { isApiError } from '@/api/http'
import { streamDownload, type DownloadProgress } from '@/api/stream-download'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  endpoint: string
  /** The download body for a format: the current search without paging. */
  payload: (format: 'xlsx' | 'csv') => Record<string, unknown>
  fileName: string
}

const size = (b: number) => (b < 1024 * 1024 ? `${(b / 1024).toFixed(0)} KB` : `${(b / 1024 / 1024).toFixed(1)} MB`)

/** "Download all": format choice, then bytes / rows / elapsed while the server streams, and a cancel button. */
export function DownloadDialog({ open, onOpenChange, endpoint, payload, fileName }: Props) {
  const { LL } = useI18nContext()
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx')
  const [progress, setProgress] = useState<DownloadProgress | null>(null)
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const ctl = useRef<AbortController | null>(null)
  const startedAt = useRef(0)
  const [now, setNow] = useState(0)
  // Leaving the screen ends the transfer; nobody would be there to save it.
  useEffect(() => () => ctl.current?.abort(), [])
  // The clock ticks on its own: a big xlsx takes a while before its first byte, and a frozen "0 s" reads as a hang.
  useEffect(() => {
    if (!running) return
    const t = setInterval(() => setNow(Date.now()), 500)
    return () => clearInterval(t)
  }, [running])

  async function start() {
    ctl.current = new AbortController()
    startedAt.current = Date.now()
    setNow(startedAt.current)
    setRunning(true)
    setError(null)
    setProgress({ bytes: 0, rows: null, elapsedMs: 0 })
    try {
      const name = await streamDownload(endpoint, payload(format), `${fileName}.${format}`, {
        signal: ctl.current.signal,
        silent: true,
        onProgress: setProgress,
      })
      toast.success(LL.grid.download.done({ name }))
      onOpenChange(false)
    } catch (e) {
      if (isApiError(e) && e.kind === 'aborted') toast.info(LL.grid.download.cancelled())
      else setError(isApiError(e) ? e.msg || e.message : String(e))
    } finally {
      setRunning(false)
      ctl.current = null
    }
  }

  const close = (next: boolean) => {
    if (!next) ctl.current?.abort()
    onOpenChange(next)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={LL.grid.download.title()}
      description={LL.grid.download.hint()}
      footer={
        running ? (
          <Button variant="secondary" onClick={() => ctl.current?.abort()}>{LL.grid.download.cancel()}</Button>
        ) : (
          <Button onClick={() => void start()}>{LL.grid.download.start()}</Button>
        )
      }
    >
      <fieldset className="flex items-center gap-4 text-sm" disabled={running}>
        <legend className="mb-1 text-xs text-[var(--muted)]">{LL.grid.download.format()}</legend>
        {(['xlsx', 'csv'] as const).map((f) => (
          <label key={f} className="inline-flex items-center gap-1.5">
            <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
            {f.toUpperCase()}
          </label>
        ))}
      </fieldset>
      {progress && (
        <p role="status" className="mt-3 flex flex-wrap gap-3 text-xs text-[var(--muted)]" data-bytes={progress.bytes}>
          <span>{LL.grid.download.received({ size: size(progress.bytes) })}</span>
          {progress.rows !== null && <span>{LL.grid.download.rows({ rows: progress.rows })}</span>}
          <span>{LL.grid.download.elapsed({ seconds: Math.round(Math.max(progress.elapsedMs, running ? now - startedAt.current : 0) / 1000) })}</span>
        </p>
      )}
      {error && <p role="alert" className="mt-3 text-sm text-[var(--danger)]">{error}</p>}
    </Dialog>
  )
}
