import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { rechargeTypeKey, type RechargeRow } from '@/domain/lists/recharge'
import { useI18nContext } from '@/i18n/i18n-react'

/** The latest recharge records of one customer (/customer/chargeDetail), newest first. */
export function ChargeRecordsDialog({ cusId, load, onClose }: { cusId: string; load: () => Promise<RechargeRow[]>; onClose: () => void }) {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(true)
  const [rows, setRows] = useState<RechargeRow[] | null>(null)
  useEffect(() => {
    let live = true
    load().then((r) => live && setRows(r), () => live && setRows([]))
    return () => {
      live = false
    }
  }, [load])
  const close = () => {
    setOpen(false)
    onClose()
  }
  const c = LL.lists.columns
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={LL.customers.recordsTitle({ account: cusId })}
      width="max-w-3xl"
      footer={<Button onClick={close}>{LL.common.close()}</Button>}
    >
      {rows === null ? null : rows.length === 0 ? (
        <p className="text-sm text-[var(--muted)]">{LL.customers.none()}</p>
      ) : (
        <table className="w-full text-sm" data-testid="charge-records">
          <thead className="text-left text-[var(--muted)]">
            <tr>
              {[c.createTime(), c.rechargeType(), c.rechargeMoney(), c.preBalance(), c.postBalance(), c.remark()].map((h) => <th key={h} className="pr-3 font-normal">{h}</th>)}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="pr-3">{r.create_time.replace('T', ' ').slice(0, 19)}</td>
                <td className="pr-3">{LL.status[rechargeTypeKey(r.recharge_type)]()}</td>
                <td className="pr-3 tabular-nums">{r.recharge_money.toFixed(3)}</td>
                <td className="pr-3 tabular-nums">{r.preBalanceStr}</td>
                <td className="pr-3 tabular-nums">{r.postBalanceStr}</td>
                <td className="break-all">{r.remark}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}
