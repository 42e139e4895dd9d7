import { DeclaredFormDialog, type FormSpec } from '@/components/ui/DeclaredForm'
import { toast } from '@/components/ui/toast'
import { useI18nContext } from '@/i18n/i18n-react'
import { getFeedbackShot } from './shell-actions'

/** Spec section 2: a screenshot with a description; submitting gives a local confirmation only. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { LL } = useI18nContext()
  if (!open) return null
  const shot = getFeedbackShot()
  const spec: FormSpec<'description'> = {
    id: 'feedback-dialog',
    fields: [{ name: 'description', label: LL.shell.feedbackDescription(), kind: 'textarea', rows: 4, placeholder: LL.shell.feedbackPlaceholder() }],
    submitLabel: LL.shell.feedbackSubmit(),
    submit: async () => LL.shell.feedbackThanks(),
  }
  const lead = shot ? (
    <img src={shot} alt={LL.shell.screenshot()} className="mb-3 max-h-[45vh] w-full rounded border border-[var(--border)] object-contain" />
  ) : (
    <p className="mb-3 rounded bg-[var(--surface-2)] p-3 text-sm text-[var(--muted)]">{LL.shell.feedbackCaptureFailed()}</p>
  )
  return <DeclaredFormDialog spec={spec} title={LL.shell.feedbackTitle()} lead={lead} width="max-w-2xl" onSaved={(msg) => msg && toast.success(msg)} onClose={onClose} />
}
