import type { ColumnDef } from './define-list'

/**
 * The mark of a number on the enterprise's opt-out list, for the lists whose pages carry `opted_out` (sent and reply
 * records, contacts): empty for the others, so the marked ones stand out.
 */
export const optedOutColumn: ColumnDef = {
  field: 'opted_out', header: (LL) => LL.optOuts.columns.optedOut(), type: 'status', width: 90,
  status: (row) => (row.opted_out === true ? { key: 'optOutActive', tone: 'warn' } : null),
}
