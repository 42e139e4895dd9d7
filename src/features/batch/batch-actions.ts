import { batchKeys, cancelBatch, previewResend, resendBatch } from '@/api/batch'
import { queryClient } from '@/api/query-client'
import { confirm } from '@/components/ui/confirm'
import { toast } from '@/components/ui/toast'
import { resendPath, type BatchDetail, type ResendPreview, type ResendTarget } from '@/domain/batch'
import { formatDateTime } from '@/domain/date-time'
import { formatMoney } from '@/domain/money'
import { uuidV4 } from '@/domain/uuid'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { startDownload } from '@/stores/downloads'

type LL = TranslationFunctions
export type Go = (path: string) => void

/*
 * What can be done to a batch, each behind its confirmation, shared by the page's buttons and its commands (palette
 * and keys). The server decides every one again under its locks; these only choose what to offer.
 */

/**
 * Transient failures left to resend (from the failure groups), unless this target was already resent or the batch
 * cannot be sent again (a video or 5G batch whose template was not kept: resendBlock says why).
 */
export const canResend = (d: BatchDetail, target: ResendTarget, transient: number) =>
  !d.status_hidden && !d.resend_not_recorded && !d.resends.some((r) => r.target === target) && (target === 'failed' ? transient > 0 : d.timeout_count > 0)

/** Why this batch's resend actions are off whatever its failures, in the page's words; null when they follow canResend. */
export const resendBlock = (LL: LL, d: BatchDetail): string | null => (d.resend_not_recorded ? LL.batch.resendNotRecorded() : null)

/** Records not yet gone out: held for review, or waiting. */
export const cancellable = (d: BatchDetail) =>
  Math.max(d.receive_count - d.sent_count, 0) + (d.status_hidden ? 0 : Math.max(d.unknown_count - d.timeout_count, 0))

/**
 * A resend: what it would send and cost now, asked first; then one call with one key, so a retried answer bills
 * nothing twice. Opens the new batch's page.
 */
export async function resendFrom(LL: LL, locale: string, d: BatchDetail, target: ResendTarget, go: Go): Promise<void> {
  const p = await previewResend(d.batch_id, target)
  if (p.numbers === 0) return void toast.info(LL.batch.resendNone())
  const ok = await confirm({
    title: LL.batch.resendTitle[target](),
    message: resendWords(LL, locale, p),
    confirmLabel: LL.batch.resendConfirm({ numbers: p.numbers }),
  })
  if (!ok) return
  const sent = await resendBatch(d.batch_id, target, uuidV4())
  await queryClient.invalidateQueries({ queryKey: batchKeys.detail(d.batch_id) })
  if (sent.timed) toast.success(LL.batch.resentTimed({ batchId: sent.batch_id, time: formatDateTime(sent.send_time) }))
  else toast.success(LL.batch.resent({ batchId: sent.batch_id }))
  go(resendPath({ batch_id: sent.batch_id, timed: sent.timed }, d.prod_type))
}

/** The resend's confirmation: what it sends and costs, the numbers left out by each rule, and when it goes if not now. */
export function resendWords(LL: LL, locale: string, p: ResendPreview): string {
  const words = [LL.batch.resendMessage({
    numbers: p.numbers, messages: p.messages, cost: formatMoney(p.cost, locale), balance: formatMoney(p.balance, locale, 'balance'), optedOut: p.opted_out,
  })]
  if (p.over_cap > 0) words.push(LL.batch.resendOverCap({ count: p.over_cap }))
  if (p.send_time) words.push(LL.batch.resendTimed({ time: formatDateTime(p.send_time) }))
  return words.join(locale === 'en' ? ' ' : '')
}

export async function cancelRest(LL: LL, locale: string, d: BatchDetail): Promise<void> {
  const count = cancellable(d)
  const ok = await confirm({
    title: LL.batch.cancelTitle(), message: LL.batch.cancelMessage({ count }), confirmLabel: LL.batch.cancelConfirm({ count }), danger: true,
  })
  if (!ok) return
  const done = await cancelBatch(d.batch_id)
  await queryClient.invalidateQueries({ queryKey: batchKeys.detail(d.batch_id) })
  toast.success(LL.batch.cancelled({ count: done.cancelled, refund: formatMoney(done.refund, locale) }))
}

/** Every failed number of the batch, whatever its age, through the downloads tray. */
export function downloadFailed(LL: LL, d: BatchDetail): void {
  startDownload(`${LL.batch.actions.download()} ${d.batch_id}`, 'csv', {
    endpoint: '/batch/failedDownload', body: { batch_id: d.batch_id, format: 'csv' }, fallbackName: `failed-${d.batch_id}`,
  })
}
