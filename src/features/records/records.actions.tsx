import { recordDetailQuery } from '@/api/batch'
import { queryClient } from '@/api/query-client'
import { mountDialog } from '@/components/ui/mount-dialog'
import type { Row } from '@/grid'
import { RecordDetailDialog } from './RecordDetailDialog'

/** A sent record in full (Enter on a row): the dialog reads /mtRecord/detail; resolves when it closes. */
export function showRecordDetail(row: Row): Promise<void> {
  const sn = Number(row.sn)
  return new Promise((resolve) => {
    mountDialog((close) => (
      <RecordDetailDialog sn={sn} load={() => queryClient.fetchQuery(recordDetailQuery(sn))} onClose={() => {
        close()
        resolve()
      }} />
    ))
  })
}
