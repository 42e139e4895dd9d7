import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { cusStatusKey, payTypeKey, type AccountRow } from '@/domain/lists/accounts'
import { useI18nContext } from '@/i18n/i18n-react'

/** A sub-account's fields as the list has them (no extra call): the action column's detail view. */
export function AccountDetailDialog({ row, onClose }: { row: AccountRow; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(true)
  const close = () => {
    setOpen(false)
    onClose()
  }
  const c = LL.lists.columns
  const items: [string, string][] = [
    [c.account(), row.cus_id],
    [c.accountName(), row.cus_name],
    [c.parentAccount(), row.parent_id ?? ''],
    [c.cusStatus(), LL.status[cusStatusKey(row.cus_status)]()],
    [c.payType(), LL.status[payTypeKey(row.pay_type)]()],
    [c.balance(), row.balanceStr],
    [c.extNumber(), row.ext_number],
    [c.mobile(), row.mobile],
    [c.createTime(), row.create_time.replace('T', ' ').slice(0, 19)],
  ]
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={LL.lists.messages.accountDetailTitle({ account: row.cus_id })}
      footer={<Button onClick={close}>{LL.common.close()}</Button>}
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {items.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-[var(--muted)]">{k}</dt>
            <dd className="break-all">{v || '—'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
