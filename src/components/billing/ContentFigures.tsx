import type { ReactNode } from 'react'
import type { ContentMeasure } from '@/domain/billing'
import { formatMoney } from '@/domain/money'
import { useI18nContext } from '@/i18n/i18n-react'

interface Props {
  /** measureContent of one recipient's message as it will be sent (a link or page address filled in). */
  measure: ContentMeasure
  /** The numbers the message goes to: the total is `measure.messages` × these. */
  numbers: number
  /** The cost in yuan at the paying account's price; not shown while unknown. */
  cost: number | null
  /** More figures after the cost (a balance, a refusal of the price query). */
  children?: ReactNode
  /** Spacing from what is above (the editor's margin). */
  className?: string
}

/**
 * The live length and billing figures of a message, wherever one is written before it is sent (the send pages, a
 * timed batch's edit): characters, bytes, characters a message, messages a number, messages in all, the cost. The
 * server bills with the same measureContent, so what is shown is what is charged.
 */
export function ContentFigures({ measure, numbers, cost, children, className = '' }: Props) {
  const { LL, locale } = useI18nContext()
  const t = LL.send.content
  return (
    <ul data-testid="content-figures" className={`${className} flex flex-wrap gap-x-5 gap-y-1 text-sm text-[var(--muted)]`}>
      <li>{t.chars({ count: measure.chars })}</li>
      <li>{t.bytes({ count: measure.bytes })}</li>
      <li>{t.perMessage({ count: measure.perMessage })}</li>
      <li data-testid="messages-per-number">{t.messagesPerNumber({ count: measure.messages })}</li>
      <li data-testid="total-messages" className="font-semibold text-[var(--text)]">{t.totalMessages({ count: measure.messages * numbers })}</li>
      {cost !== null && <li data-testid="estimated-cost">{t.cost({ amount: formatMoney(cost, locale) })}</li>}
      {children}
    </ul>
  )
}
