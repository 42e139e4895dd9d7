import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import type { AccountDetail } from '@/domain/customers'
import { cusStatusKey, payTypeKey, type AccountRow } from '@/domain/lists/accounts'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * An account's fields as the list has them, shown at once, then what the detail call adds (products and prices,
 * country prices, sub-accounts, live sessions) when `load` answers; a failed load leaves the list's fields.
 */
export function AccountDetailDialog({ row, kind, load, onClose }: {
  row: AccountRow
  kind: 'customer' | 'sub'
  load?: () => Promise<AccountDetail>
  onClose: () => void
}) {
  const { LL, locale } = useI18nContext()
  const [open, setOpen] = useState(true)
  const [detail, setDetail] = useState<AccountDetail | null>(null)
  useEffect(() => {
    let live = true
    load?.().then((d) => live && setDetail(d), () => undefined)
    return () => {
      live = false
    }
  }, [load])
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
  const productName = (p: AccountDetail['products'][number]) => (locale === 'en' ? p.name_en : p.name) || String(p.prod_type)
  if (detail) {
    const w = LL.customers
    items.push(
      [w.products(), detail.products.map((p) => `${productName(p)} ${p.price}`).join(', ') || w.none()],
      [w.countryPricesShort(), detail.country_prices.map((p) => `${p.iso} ${p.price}`).join(', ') || w.none()],
      [w.subAccounts(), String(detail.sub_accounts)],
      [w.liveSessions(), String(detail.live_sessions)],
    )
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={kind === 'customer' ? LL.lists.messages.customerDetailTitle({ account: row.cus_id }) : LL.lists.messages.accountDetailTitle({ account: row.cus_id })}
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
