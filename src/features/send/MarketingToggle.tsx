import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { marketingRuleQuery } from '@/api/marketing'
import { formatMinute, hasOptOut } from '@/domain/marketing'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  marked: boolean
  onChange: (marked: boolean) => void
  /** The text as typed (a point-to-point template with its placeholders). */
  content: string
}

/**
 * "Marketing message" beside the editor of the domestic send pages: the sender marks free text as marketing (a
 * picked template sets it from its type). While marked, the hint under it says at once whether the text carries a
 * refusal instruction (src/domain/marketing.ts), which the server requires of every marketing send, and names the
 * hours marketing messages are sent in (the enterprise's rule in force).
 */
export function MarketingToggle({ marked, onChange, content }: Props) {
  const { LL } = useI18nContext()
  const t = LL.marketing.send
  const id = useId()
  const missing = marked && !hasOptOut(content)
  const rule = useQuery({ ...marketingRuleQuery(), enabled: marked }).data?.effective
  return (
    <div className="flex basis-full flex-col gap-1" data-testid="marketing-toggle">
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input id={id} type="checkbox" checked={marked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} data-testid="marketing-mark" />
        {t.toggle()}
      </label>
      <p id={`${id}-hint`} role="status" data-testid="marketing-hint" className={`text-xs ${missing ? 'text-[var(--danger)]' : 'text-[var(--muted)]'}`}>
        {marked ? (missing ? t.optOutMissing() : t.optOutFound()) : t.toggleHint()}
        {marked && rule && ` ${t.hours({ start: formatMinute(rule.window_start), end: formatMinute(rule.window_end) })}`}
      </p>
    </div>
  )
}
