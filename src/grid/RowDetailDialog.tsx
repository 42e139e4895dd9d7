import { Dialog } from '@/components/ui/Dialog'
import { useI18nContext } from '@/i18n/i18n-react'
import type { ColumnDef, Row } from './define-list'
import { formatCell } from './format'

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  columns: readonly ColumnDef[]
  row: Row | null
  rowNumber?: number
}

/**
 * A row in full, for lists without a page or action of their own to open (Enter on a sent record): every column the
 * user may see, hidden ones too, each value whole as the grid formats it (a message's content unclipped, a carrier
 * code with its words).
 */
export function RowDetailDialog({ open, onOpenChange, columns, row, rowNumber }: Props) {
  const { LL } = useI18nContext()
  return (
    <Dialog open={open} onOpenChange={onOpenChange} width="max-w-2xl"
      title={rowNumber ? LL.grid.rowDetail({ row: rowNumber }) : LL.lists.actions.detail()}>
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
