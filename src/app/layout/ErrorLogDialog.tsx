import { useState } from 'react'
import { uploadErrorLog } from '@/api/user'
import { Button } from '@/components/ui/Button'
import { confirm } from '@/components/ui/confirm'
import { Dialog } from '@/components/ui/Dialog'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import { clearErrorLog, getErrorLog, useErrorLog } from '@/stores/error-log'
import { formatDateTime } from '@/domain/date-time'

/** Spec section 2, Error-log dialog: the local list; upload and clear each confirm first and report success. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext()
  const { entries, count } = useErrorLog()
  const [busy, setBusy] = useState(false)

  const upload = async () => {
    if (!(await confirm({ message: LL.shell.uploadConfirm({ count }), confirmLabel: LL.shell.uploadCount({ count }) }))) return
    setBusy(true)
    try {
      await uploadErrorLog([...getErrorLog()])
      toast.success(LL.shell.uploadSuccess())
    } catch {
      // The HTTP client has already shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  const clear = async () => {
    if (!(await confirm({ message: LL.shell.clearConfirm(), danger: true, confirmLabel: LL.shell.clearLog() }))) return
    clearErrorLog()
    toast.success(LL.shell.clearSuccess())
  }

  const time = formatDateTime

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={LL.shell.errorLogTitle()}
      width="max-w-4xl"
      footer={
        <>
          <Button variant="secondary" onClick={clear} disabled={!count}>
            {LL.shell.clear()}
          </Button>
          <Button onClick={upload} busy={busy} disabled={!count}>
            {LL.shell.upload()}
          </Button>
        </>
      }
    >
      {count === 0 ? (
        <p className="py-8 text-center text-sm text-[var(--muted)]">{LL.shell.errorLogEmpty()}</p>
      ) : (
        <div className="max-h-[60vh] overflow-auto" data-testid="errorlog-list">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-[var(--surface-2)] text-[var(--muted)]">
              <tr>
                <th className="px-2 py-1.5 font-medium whitespace-nowrap">{LL.shell.errorTime()}</th>
                <th className="px-2 py-1.5 font-medium">{LL.shell.errorMessage()}</th>
                <th className="px-2 py-1.5 font-medium">{LL.shell.errorUrl()}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e, i) => (
                <tr key={`${e.time}-${i}`} className="border-t border-[var(--border)] align-top">
                  <td className="px-2 py-1.5 whitespace-nowrap">{time(e.time)}</td>
                  <td className="px-2 py-1.5 break-all" title={e.stack || undefined}>{e.message}</td>
                  <td className="px-2 py-1.5 break-all text-[var(--muted)]">{e.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  )
}
