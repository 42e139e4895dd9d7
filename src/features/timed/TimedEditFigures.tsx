import { ContentFigures } from '@/components/billing/ContentFigures'
import { measureContent } from '@/domain/billing'
import { PROD_TYPE } from '@/domain/constants'
import { chargeFor, formatMoney } from '@/domain/money'
import { billedText } from '@/domain/timed-billing'
import { useI18nContext } from '@/i18n/i18n-react'

/** What decides what an edited timed batch bills: its kind, its type, its product, its numbers and its text now. */
export interface EditedBatch {
  kind: string
  batch_type: number
  prod_type: number
  batch_count: number
  content: string
}

/** The paying account's price per ordinary message (null while unknown) and the origin its links and pages start with. */
export interface BillingBasis {
  base: string
  price: number | null
}

/**
 * The send page's figures under the edit's text, following what is typed, and a warning when saving would bill the
 * batch's numbers differently from now. One message of at most 2000 characters: measured on the main thread, as the
 * send page's editor does, well under a millisecond. A point-to-point batch's numbers keep their own texts, so its
 * billing does not follow this text; an international one's is per country, so it shows no single cost.
 */
export function TimedEditFigures({ content, batch, basis }: { content: string; batch: EditedBatch; basis: BillingBasis }) {
  const { LL, locale } = useI18nContext()
  const t = LL.timedEdit
  if (batch.batch_type === 1) return <p data-testid="timed-edit-p2p">{t.pointToPoint()}</p>
  const measure = measureContent(billedText(content, batch.kind, basis.base))
  const before = measureContent(billedText(batch.content, batch.kind, basis.base)).messages
  const price = batch.prod_type === PROD_TYPE.ordinary ? basis.price : null
  const costOf = (messages: number) => (price === null ? null : chargeFor(messages * batch.batch_count, price))
  const n = batch.batch_count
  const changed = measure.messages > 0 && measure.messages !== before
  return (
    <ContentFigures measure={measure} numbers={n} cost={costOf(measure.messages)} className="mt-1">
      {batch.prod_type === PROD_TYPE.international && <li>{t.byCountry()}</li>}
      {changed && (
        <li data-testid="timed-edit-change" className="font-semibold text-[var(--warning)]">
          {price === null
            ? t.messagesChange({ before, after: measure.messages, totalBefore: before * n, totalAfter: measure.messages * n })
            : t.costChange({ before, after: measure.messages, costBefore: formatMoney(costOf(before) ?? 0, locale), costAfter: formatMoney(costOf(measure.messages) ?? 0, locale) })}
        </li>
      )}
    </ContentFigures>
  )
}
