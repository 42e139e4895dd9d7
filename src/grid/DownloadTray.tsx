import { Download, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import { cancelDownload, clearFinished, dismissDownload, onDownloadEnd, useDownloads, type DownloadJob } from '@/stores/downloads'
import { formatBytes } from './format-bytes'

/** Ticks once a second while something runs, so elapsed times move even before the first byte. */
function useClock(on: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!on) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [on])
  return now
}

/**
 * The background downloads: a small panel at the bottom right that lists every "download all" file of this
 * session with its state, bytes, rows and time, and a cancel button each; it never blocks the screen.
 */
export function DownloadTray() {
  const { LL } = useI18nContext()
  const jobs = useDownloads()
  const [open, setOpen] = useState(true)
  const active = jobs.filter((j) => j.status === 'running' || j.status === 'queued').length
  const now = useClock(active > 0)

  useEffect(
    () =>
      onDownloadEnd((j) => {
        if (j.status === 'done') toast.success(LL.grid.download.done({ name: j.fileName ?? j.title }))
        if (j.status === 'failed') toast.error(LL.grid.download.failedNamed({ title: j.title, reason: j.error ?? '' }))
      }),
    [LL],
  )
  useEffect(() => {
    if (active > 0) setOpen(true)
  }, [active])

  if (jobs.length === 0) return null
  const status = (j: DownloadJob) => LL.grid.download.status[j.status]()
  return (
    <section
      aria-label={LL.grid.download.tray()}
      data-testid="download-tray"
      className="fixed right-4 bottom-10 z-40 w-80 rounded-lg border border-[var(--border)] bg-[var(--surface)] text-sm text-[var(--text)] shadow-lg"
    >
      <header className="flex items-center gap-2 border-b border-[var(--border)] px-3 py-2">
        <Download size={16} aria-hidden />
        <h2 className="mr-auto font-semibold">{LL.grid.download.trayTitle({ active })}</h2>
        {jobs.length > active && (
          <Button variant="ghost" size="xs" onClick={clearFinished}>
            {LL.grid.download.clearFinished()}
          </Button>
        )}
        <Button variant="ghost" size="xs" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? LL.grid.download.collapse() : LL.grid.download.expand()}
        </Button>
      </header>
      {open && (
        <ul className="max-h-72 overflow-auto">
          {jobs.map((j) => (
            <li key={j.id} data-testid="download-job" data-status={j.status} className="flex items-start gap-2 border-b border-[var(--border)] px-3 py-2 last:border-b-0">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={j.fileName ?? j.title}>
                  {j.fileName ?? `${j.title}.${j.format}`}
                </p>
                <p className="text-xs text-[var(--muted)]" role="status">
                  {status(j)}
                  {j.status === 'running' && (
                    <>
                      {' · '}
                      {LL.grid.download.received({ size: formatBytes(j.bytes) })}
                      {j.rows !== null && ` · ${LL.grid.download.rows({ rows: j.rows })}`}
                      {' · '}
                      {LL.grid.download.elapsed({ seconds: Math.max(0, Math.round((now - j.startedAt) / 1000)) })}
                    </>
                  )}
                  {j.status === 'failed' && j.error && ` · ${j.error}`}
                </p>
                {j.status === 'running' && (
                  <div className="mt-1 h-1 overflow-hidden rounded bg-[var(--surface-2)]" aria-hidden>
                    <div className="h-full w-1/3 animate-pulse rounded bg-[var(--primary)]" />
                  </div>
                )}
              </div>
              {j.status === 'running' || j.status === 'queued' ? (
                <Button
                  variant="secondary"
                  className="h-6 px-2 py-0 text-xs"
                  aria-label={LL.grid.download.cancelNamed({ name: j.title })}
                  onClick={() => cancelDownload(j.id)}
                >
                  {LL.grid.download.cancel()}
                </Button>
              ) : (
                <button
                  type="button"
                  className="rounded p-1 text-[var(--muted)] hover:text-[var(--text)]"
                  aria-label={LL.grid.download.dismiss({ name: j.title })}
                  onClick={() => dismissDownload(j.id)}
                >
                  <X size={14} aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
