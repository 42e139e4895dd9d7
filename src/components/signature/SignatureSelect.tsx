import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { usableSignaturesQuery } from '@/api/signatures'
import { signatureOf, withSignature } from '@/domain/signatures'
import { useI18nContext } from '@/i18n/i18n-react'
import { getSignaturePref, setSignaturePref } from '@/stores/user-prefs'

interface Props {
  /** The send page (its kind): the signature chosen is remembered per page. */
  page: string
  content: string
  onChange: (content: string) => void
}

/**
 * The send pages' signature: the approved signatures of the sender's enterprise; the one chosen goes at the start of
 * the content (replacing the one there), and is remembered for the page, so an empty message starts with it. The
 * server refuses a text that does not start with an approved one (src/domain/signatures.ts), whatever this offers.
 */
export function SignatureSelect({ page, content, onChange }: Props) {
  const { LL } = useI18nContext()
  const t = LL.signatures.selector
  const id = useId()
  const names = useQuery(usableSignaturesQuery('')).data ?? []
  const found = signatureOf(content)
  const value = found !== null && names.includes(found) ? found : ''
  // An empty message starts with the page's last choice while that one is still approved.
  const remembered = getSignaturePref(page)
  const start = remembered && names.includes(remembered) ? remembered : null
  useEffect(() => {
    if (content === '' && start) onChange(`【${start}】`)
  }, [content, start, onChange])
  return (
    <span className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-[var(--muted)]">{t.label()}</label>
      <select
        id={id} data-testid="signature-select" value={value} title={t.hint()}
        className="rounded border border-[var(--field-border)] bg-[var(--surface)] px-2 py-1"
        onChange={(e) => {
          if (!e.target.value) return
          setSignaturePref(page, e.target.value)
          onChange(withSignature(content, e.target.value))
        }}
      >
        <option value="">{names.length ? '—' : t.none()}</option>
        {names.map((n) => <option key={n} value={n}>【{n}】</option>)}
      </select>
    </span>
  )
}
