import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo } from 'react'
import { accountsQuery } from '@/api/user'
import { Combobox } from '@/components/ui/Combobox'
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
  const options = useMemo(() => data.map((a) => ({ value: a.cus_id, label: `${a.cus_name} (${a.cus_id})` })), [data])
  useEffect(() => {
    if (!value && ownId && data.some((a) => a.cus_id === ownId)) onChange(ownId)
  }, [value, ownId, data, onChange])
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-[var(--muted)]">{LL.send.account.label()}</label>
      <Combobox id={id} testId="send-account" options={options} value={value} onChange={onChange} emptyLabel={LL.send.account.choose()}
        invalid={!!error} className="w-72" />
      {isError && <p role="alert" className="text-sm text-[var(--danger)]">{LL.send.account.loadFailed()}</p>}
      {error && <p role="alert" className="text-sm text-[var(--danger)]">{error}</p>}
    </div>
  )
}
