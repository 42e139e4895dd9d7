import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { AUDIT_VALUE_CHARS, type AuditChange } from '@/domain/audit-actions'
import { formatDateTime } from '@/domain/date-time'
import type { Row } from '@/grid'
import { useI18nContext } from '@/i18n/i18n-react'
import { actionWords, actorWords, changesOf, MORE_FIELDS, targetWords, valueWords, viaWords } from './audit-entry'

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v))

/**
 * One activity-log entry: who acted, when, from where (address, user agent, request ID) and through what, on what,
 * and a before/after table of the fields it changed. A secret's row says only that it changed; a value the server
 * cut at AUDIT_VALUE_CHARS is shown as cut and marked.
 */
export function AuditEntryDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.audit.detail
  const [open, setOpen] = useState(true)
  const close = () => {
    setOpen(false)
    onClose()
  }
  const items: [string, ReactNode][] = [
    [t.when(), formatDateTime(String(row.created_at))],
    [t.who(), actorWords(LL, row)],
    [t.account(), text(row.cus_id)],
    ...(row.enterprise_id && row.enterprise_id !== row.cus_id ? [[t.enterprise(), String(row.enterprise_id)] as [string, ReactNode]] : []),
    [t.via(), viaWords(LL, row)],
    [t.address(), text(row.client_ip)],
    [t.userAgent(), text(row.user_agent)],
    [t.requestId(), text(row.request_id)],
    [t.target(), targetWords(LL, row.target_type, row.target_id) || '—'],
  ]
  const changes = changesOf(row)
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} width="max-w-3xl" title={t.title({ action: actionWords(LL, row.action) })}
      footer={<Button onClick={close}>{LL.common.close()}</Button>}>
      <div data-testid="audit-entry" className="space-y-4 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          {items.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-[var(--muted)]">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby="audit-changes-title">
          <h3 id="audit-changes-title" className="mb-1 font-medium">{t.changes()}</h3>
          {changes.length === 0 ? <p className="text-[var(--muted)]">{t.noChanges()}</p> : (
            <table data-testid="audit-changes" className="w-full table-fixed border-collapse">
              <thead>
                <tr className="text-left text-[var(--muted)]">
                  <th scope="col" className="w-1/5 border-b border-[var(--border)] py-1 pr-2 font-normal">{t.field()}</th>
                  <th scope="col" className="border-b border-[var(--border)] py-1 pr-2 font-normal">{t.before()}</th>
                  <th scope="col" className="border-b border-[var(--border)] py-1 font-normal">{t.after()}</th>
                </tr>
              </thead>
              <tbody>{changes.map((c, i) => <ChangeRow key={i} change={c} />)}</tbody>
            </table>
          )}
        </section>
      </div>
    </Dialog>
  )
}

function ChangeRow({ change: c }: { change: AuditChange }) {
  const { LL } = useI18nContext()
  const cell = 'border-b border-[var(--border)] py-1 pr-2 align-top break-words whitespace-pre-wrap'
  if (c.field === MORE_FIELDS) {
    return <tr><td colSpan={3} className={`${cell} text-[var(--muted)]`}>{LL.audit.value.moreFields({ count: Number(c.after) || 0 })}</td></tr>
  }
  if (c.changed) {
    return (
      <tr data-field={c.field}>
        <th scope="row" className={`${cell} text-left font-normal`}>{c.field}</th>
        <td colSpan={2} className={`${cell} text-[var(--muted)]`}>{LL.audit.detail.secret()}</td>
      </tr>
    )
  }
  const value = (has: boolean, v: unknown) => {
    if (!has) return '—'
    const words = valueWords(LL, v)
    // Only a value at the bound can be the one cut (`cut` marks the change, not which of its two values).
    const cut = c.cut && typeof v === 'string' && v.length > AUDIT_VALUE_CHARS
    return (
      <>
        {words}
        {cut && <mark title={LL.audit.value.cutHint({ chars: AUDIT_VALUE_CHARS })} data-testid="audit-cut"
          className="ml-1 rounded border border-[var(--warning)] bg-transparent px-1 text-xs text-[var(--text)]">{LL.audit.value.cut()}</mark>}
      </>
    )
  }
  return (
    <tr data-field={c.field}>
      <th scope="row" className={`${cell} text-left font-normal`}>{c.field}</th>
      <td data-testid="audit-before" className={cell}>{value('before' in c, c.before)}</td>
      <td data-testid="audit-after" className={cell}>{value('after' in c, c.after)}</td>
    </tr>
  )
}
