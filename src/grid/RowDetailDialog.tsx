import { Dialog } from '@/components/ui/Dialog'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ColumnDef, Row } from './define-list'
import { formatCell } from './format'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  columns: readonly ColumnDef[]
  row: Row | null
  /** The list's title: the dialog is named after it and the record ("回复记录：13800138000"), never a row number. */
  listTitle: string
  /** The record's name in the title; its mobile column's value, or its first column's, without it. */
  name?: (row: Row) => string
}

/**
 * A row in full, for lists without a page or action of their own to open (Enter on a sent record): every column the
 * user may see, hidden ones too, each value whole as the grid formats it (a message's content unclipped, a carrier
 * code with its words).
 */
export function RowDetailDialog({ open, onOpenChange, columns, row, listTitle, name }: Props) {
  const { LL } = useI18nContext()
  // A record is known by its mobile number where it has one (a reply, a contact), else by its first column.
  const first = columns.find((c) => c.type === 'phone') ?? columns.find((c) => c.type !== 'thumbnail')
  const named = row ? (name ? name(row) : first ? formatCell(first, row, LL) : '') : ''
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="max-w-2xl"
      title={named ? LL.grid.rowDetail({ list: listTitle, name: named }) : listTitle}>
      {row && (
        <dl data-testid="row-detail" className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          {columns.filter((c) => c.type !== 'thumbnail').map((c) => (
            <div key={c.field} className="contents" data-field={c.field}>
              <dt className="text-[var(--muted)]">{c.header(LL)}</dt>
              <dd className="break-words whitespace-pre-wrap">{formatCell(c, row, LL) || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  )
}
