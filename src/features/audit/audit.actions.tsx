import { mountDialog } from '@/components/ui/mount-dialog'
import type { Row } from '@/grid'
import { AuditEntryDialog } from './AuditEntryDialog'

/** An entry in full (Enter on a row): the row holds all of it, so the dialog reads nothing more; resolves when closed. */
export function showAuditEntry(row: Row): Promise<void> {
  return new Promise((resolve) => {
    mountDialog((close) => (
      <AuditEntryDialog row={row} onClose={() => {
        close()
        resolve()
      }} />
    ))
  })
}
