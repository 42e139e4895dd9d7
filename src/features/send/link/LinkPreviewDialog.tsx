import { Dialog } from '@/components/ui/Dialog'
import type { GroupPreviewResult } from '@/domain/send'
import { useI18nContext } from '@/i18n/i18n-react'

/** The first messages as recipients will see them, with an example short link (built locally, see use-link-send). */
export function LinkPreviewDialog({ preview, onClose }: { preview: GroupPreviewResult | null; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.send.preview
  return (
    <Dialog open={!!preview} onOpenChange={(o) => !o && onClose()} title={t.title()} description={LL.sendLink.preview.note()} width="max-w-lg">
      {preview && preview.messages.length === 0 && <p className="text-sm text-[var(--muted)]">{t.empty()}</p>}
      <ul data-testid="preview-messages" className="flex max-h-[60vh] flex-col gap-3 overflow-auto">
        {preview?.messages.map((m, i) => (
          <li key={i} className="rounded-lg bg-[var(--surface-2)] p-3 text-sm">
            <p className="mb-1 text-xs text-[var(--muted)]">{t.to({ mobile: m.mobile })}</p>
            <p className="whitespace-pre-wrap break-all">{m.content}</p>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
