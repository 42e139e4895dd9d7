import { useMemo, useState } from 'react'
import { p2pPreview, p2pSend } from '@/api/send-p2p'
import { hasOptOut, type SmsType } from '@/domain/marketing'
import { chargeFor } from '@/domain/money'
import { measureContent } from '@/domain/billing'
import { MAX_CONTENT_CHARS, PREVIEW_LIMIT, type GroupPreviewResult, type SendResult } from '@/domain/send'
import { fillTemplate, highestPlaceholder, normalizeMobile, placeholder } from '@/domain/send-p2p'
import { useI18nContext } from '@/i18n/i18n-react'
import type { SendSummary } from '../ConfirmSendDialog'
import { marketingNotice } from '../marketing-notice'
import { optOutCheck, removedCount, removedOf } from '../opt-out-check'
import { firstLines } from '../number-sources'
import { useOwnPrice } from '../use-own-price'
import { useSendComposer, type Problems } from '../use-send-composer'
import { useP2pRows, type RowsFields } from './use-p2p-rows'

export interface P2pFields extends RowsFields {
  template: string
  /** Marked as marketing (marketing.ts). */
  marketing: boolean
}
const EMPTY: P2pFields = { template: '', marketing: false, fileName: '', sheet: null, mobileColumn: 0, firstRowIsHeader: false }
const fieldsEmpty = (f: P2pFields) => !f.template && !f.sheet

/** The composed point-to-point send: the composer (timing, draft) with the file's rows, the template and the calls. */
export function useP2pSend() {
  const { LL, locale } = useI18nContext()
  const c = useSendComposer<P2pFields>({ kind: 'p2p', emptyFields: EMPTY, fieldsEmpty, usesNumbers: false })
  const { template, marketing } = c.fields
  const rows = useP2pRows(c.fields, template, c.setFields)
  const a = rows.arranged
  const [learnt, setPrice] = useState<number | null>(null)
  const ownPrice = useOwnPrice()
  // The account's own price (4 decimals) when known; one learnt from a preview's rounded cost only otherwise.
  const price = ownPrice ?? learnt
  const [preview, setPreview] = useState<GroupPreviewResult | null>(null)
  // The template alone, at most MAX_CONTENT_CHARS characters: measured here, well under a millisecond.
  const alone = useMemo(() => measureContent(template), [template])
  const valueColumns = a ? a.columns - 1 : 0

  /** The first rows as their recipients will read them (a handful, filled here). */
  const filled = useMemo(() => {
    if (!a || !template) return []
    const column = c.fields.mobileColumn
    return a.sample.flatMap((cells) => {
      const mobile = normalizeMobile(cells[column] ?? '')
      return mobile === null ? [] : [{ mobile, content: fillTemplate(template, cells.filter((_, i) => i !== column)) }]
    })
  }, [a, template, c.fields.mobileColumn])

  function ownProblems(): Problems {
    const p: Problems = {}
    if (!c.fields.sheet) p.rows = LL.sendP2p.errors.noFile()
    else if (rows.pending) p.rows = LL.sendP2p.errors.busy()
    else if (!a?.valid) p.rows = LL.sendP2p.errors.noRows()
    const highest = highestPlaceholder(template)
    if (!template.trim()) p.template = LL.sendP2p.errors.templateRequired()
    else if (a && highest > valueColumns) p.template = LL.sendP2p.errors.unknownPlaceholder({ placeholder: placeholder(highest), count: valueColumns })
    else if (marketing && !hasOptOut(template)) p.template = LL.marketing.optOutMissing()
    else if (rows.measure && rows.measure.longestChars > MAX_CONTENT_CHARS) {
      // The server refuses the same row (messageTooLong); said here with the row as the spreadsheet numbers it.
      p.template = LL.sendP2p.errors.tooLong({ row: rows.measure.longestSheetRow, chars: rows.measure.longestChars, max: MAX_CONTENT_CHARS })
    }
    return p
  }
  const check = (forPreview = false) => c.check(ownProblems(), forPreview)

  async function previewFirst(count: number) {
    if (!a) return null
    const result = await p2pPreview({ template }, firstLines(a.rows, count)).catch(c.refusal)
    if (result && result.total_messages > 0) setPrice(result.cost / result.total_messages)
    return result
  }
  async function runPreview() {
    if (!check(true)) return
    const result = await previewFirst(PREVIEW_LIMIT)
    if (result) setPreview(result)
  }

  async function summarize(): Promise<SendSummary | null> {
    if (!check() || !a) return null
    // Measured again rather than read from state: the debounced figure may lag the last keystroke.
    // The first row's text as the server fills it: each recipient reads the template filled with its own values.
    const [measured, first, out, notice] = await Promise.all([
      rows.measureNow(template), previewFirst(1), optOutCheck(c, LL, locale, a.valid, { rows: a.rows, template, marketing }),
      marketingNotice(marketing, c.timingTime()),
    ])
    // The worker died and holds no rows until they are arranged again (the rows panel says so).
    if (!measured || !out) return null
    const p = price ?? (first && first.total_messages > 0 ? first.cost / first.total_messages : null)
    // The rows left out are measured by the server as the send bills them (their values fill the template).
    const messages = measured.messages - out.messages
    const text = first?.messages[0]
    return {
      numbers: a.valid - removedCount(out), messages, balance: c.balance, cost: p === null ? null : chargeFor(messages, p),
      time: c.schedule.timed ? c.schedule.time : null, ...removedOf(out), text: text?.content, textOf: text?.mobile,
      marketing: notice,
    }
  }

  async function send(): Promise<SendResult | null> {
    if (!a) return null
    const result = await p2pSend({ template, marketing, timing_time: c.timingTime(), idempotency_key: c.key }, a.rows).catch(c.refusal)
    if (result) c.finish(result)
    return result
  }

  return {
    c, rows, template, setTemplate: (v: string) => c.setFields({ template: v }), alone, filled, valueColumns, marketing,
    setMarketing: (v: boolean) => c.setFields({ marketing: v }),
    pickTemplate: (text: string, type: SmsType) => c.setFields({ template: text, marketing: type === 'marketing' }),
    summarize, send, preview, runPreview, closePreview: () => setPreview(null),
    cost: price === null || !rows.measure ? null : chargeFor(rows.measure.messages, price),
  }
}
