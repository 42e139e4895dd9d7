import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { accountsQuery } from '@/api/user'
import { useI18nContext } from '@/i18n/i18n-react'
import { useSession } from '@/stores/session'

interface Props {
  /** Product type of the send (PROD_TYPE): the choices are the accounts granted it. */
  prodType: number
  value: string
  onChange: (cusId: string) => void
  error?: string | null
}

/**
 * The paying account of a send (spec section 6). User type 1 picks among the accounts granted the product; others
 * see theirs and their sub-accounts', preselected with their own when nothing is chosen yet.
 */
export function AccountSelect({ prodType, value, onChange, error }: Props) {
  const { LL } = useI18nContext()
  const id = useId()
  const own = useSession().authUser
  const { data = [], isError } = useQuery(accountsQuery(prodType))
  const ownId = own && own.userType !== 1 ? own.cusId : null
  useEffect(() => {
    if (!value && ownId && data.some((a) => a.cus_id === ownId)) onChange(ownId)
  }, [value, ownId, data, onChange])
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{LL.send.account.label()}</label>
      <select
        id={id}
        data-testid="send-account"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`h-9 w-72 rounded border bg-[var(--surface)] px-2 text-sm outline-none focus:border-[var(--primary)]
          focus:ring-2 focus:ring-[var(--primary)]/30 ${error ? 'border-[var(--danger)]' : 'border-[var(--border)]'}`}
      >
        <option value="">{LL.send.account.choose()}</option>
        {data.map((a) => (
          <option key={a.cus_id} value={a.cus_id}>{a.cus_name} ({a.cus_id})</option>
        ))}
      </select>
      {isError && <p role="alert" className="text-sm text-[var(--danger)]">{LL.send.account.loadFailed()}</p>}
      {error && <p role="alert" className="text-sm text-[var(--danger)]">{error}</p>}
    </div>
  )
}
