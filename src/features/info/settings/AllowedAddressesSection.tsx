import { useQuery } from '@tanstack/react-query'
import { allowedAddressesQuery, saveAllowedAddresses } from '@/api/allowed-addresses'
import { DeclaredForm, type FormSpec } from '@/components/ui/DeclaredForm'
import { ALLOWED_RANGES_MAX, allowedAddressesSchema, rangesFromText, type AllowedAddresses } from '@/domain/allowed-addresses'
import { useI18nContext } from '@/i18n/i18n-react'

/**
 * Allowed sign-in addresses: the enterprise's (or the administrators') ranges, one a line; empty allows every address.
 * A sub-account sees the list it is held by, read only. The server refuses a list without the address saving it.
 */
export function AllowedAddressesSection() {
  const { LL } = useI18nContext()
  const t = LL.settings.allowedAddresses
  const info = useQuery(allowedAddressesQuery()).data
  if (!info) return null
  const here = <p className="mb-3 text-sm" data-testid="allowed-addresses-here">{t.yourAddress({ address: info.your_address })}</p>
  if (!info.editable) {
    return (
      <div data-testid="allowed-addresses-section">
        <p className="mb-2 text-sm text-[var(--muted)]">{t.readOnly()}</p>
        {here}
        <p className="font-mono text-sm">{info.ranges.length ? info.ranges.join('、') : t.none()}</p>
      </div>
    )
  }
  const spec: FormSpec<'ranges', AllowedAddresses> = {
    id: 'allowed-addresses',
    schema: allowedAddressesSchema,
    keepValues: true,
    initial: { ranges: info.ranges.join('\n') },
    toInput: (v) => ({ ranges: rangesFromText(v.ranges) }),
    fields: [{
      name: 'ranges', label: t.ranges(), kind: 'textarea', rows: 4, hint: t.hint({ max: ALLOWED_RANGES_MAX }),
      message: (issue) => (issue.message === 'rangesTooMany' ? t.tooMany({ max: ALLOWED_RANGES_MAX }) : issue.message === 'rangeRepeated' ? t.repeated() : t.invalid()),
    }],
    submitLabel: t.save(),
    submit: (p) => saveAllowedAddresses(p),
  }
  return (
    <div data-testid="allowed-addresses-section">
      <p className="mb-2 text-sm text-[var(--muted)]">{t.intro()}</p>
      {here}
      <DeclaredForm spec={spec} />
    </div>
  )
}
