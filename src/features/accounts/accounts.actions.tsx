import type { AccountRow } from '@/domain/lists/accounts'
import type { Row } from '@/grid'
import { AccountDetailDialog } from './AccountDetailDialog'
import { mountDialog } from '@/components/ui/mount-dialog'

/** Loaded on first use so the declaration stays data. Resolves when the dialog closes. */
export function showDetail(row: Row): Promise<void> {
  return new Promise((resolve) => {
    mountDialog((close) => (
      <AccountDetailDialog
        row={row as AccountRow}
        onClose={() => {
          close()
          resolve()
        }}
      />
    ))
  })
}
