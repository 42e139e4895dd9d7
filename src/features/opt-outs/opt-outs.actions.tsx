import { queryClient } from '@/api/query-client'
import { marketingRuleQuery, saveMarketingRule } from '@/api/marketing'
import * as calls from '@/api/opt-outs'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import {
  KEYWORD_MAX_CHARS, KEYWORDS_MAX, keywordsFromText, OPT_OUT_NOTE_MAX, optOutAddSchema, optOutRemoveSchema, optOutSettingsSchema,
} from '@/domain/opt-outs'
import { formatMinute, MARKETING_CAP_MAX, marketingRuleSchema, type MarketingRule } from '@/domain/marketing'
import type { ActionHelpers, Row } from '@/grid'
import { mountDialog } from '@/components/ui/mount-dialog'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The opt-out list's writes (opt-outs.list.ts declares them; loaded on use): a number added with its note, a number
 * taken off with its reason, the enterprise's keyword settings and its marketing hours and cap (an administrator's:
 * the platform's default). Each is a declared form on the schema the server validates with.
 */
type LL = TranslationFunctions

export function addOptOut(LL: LL): Promise<string | void> {
  const t = LL.optOuts.form
  return openFormDialog({
    title: LL.optOuts.addTitle(), intro: LL.optOuts.addIntro(), saveTestId: 'opt-out-save',
    spec: {
      id: 'opt-out', schema: optOutAddSchema,
      fields: [
        { name: 'mobile', label: t.mobile(), hint: t.mobileHint(), inputMode: 'tel', autoComplete: 'off' },
        { name: 'note', label: t.note(), kind: 'textarea', rows: 2, hint: t.noteHint({ max: OPT_OUT_NOTE_MAX }) },
      ],
      submit: (p) => calls.addOptOut(p),
    },
  })
}

export function removeOptOut(row: Row, { LL }: ActionHelpers): Promise<string | void> {
  const mobile = String(row.mobile)
  return openFormDialog({
    title: LL.optOuts.removeTitle({ mobile }), intro: LL.optOuts.removeIntro(), saveTestId: 'opt-out-remove-save',
    spec: {
      id: 'opt-out-remove', schema: optOutRemoveSchema,
      toInput: (v) => ({ mobiles: [mobile], reason: v.reason }),
      fields: [{ name: 'reason', label: LL.optOuts.form.reason(), kind: 'textarea', rows: 2, hint: LL.optOuts.form.reasonHint() }],
      submitLabel: LL.optOuts.remove(),
      submit: (p) => calls.removeOptOuts(p),
    },
  })
}

/** The spreadsheet import (src/components/import, as the contacts'): a column of numbers and one of notes. */
export async function importOptOuts(LL: LL): Promise<void> {
  const { ImportDialog } = await import('@/components/import/ImportDialog')
  const t = LL.optOuts
  const labels: Record<string, string> = { mobile: t.form.mobile(), note: LL.lists.columns.note() }
  mountDialog((close) => (
    <ImportDialog
      close={close}
      plan={{
        kind: 'optOuts', testId: 'opt-out-import', title: t.importTitle(), intro: t.importIntro(),
        fieldLabel: (f) => labels[f] ?? f, shown: ['mobile', 'note'], needsColumns: t.importNeedsColumns(),
        upload: async (rows) => {
          const p = await calls.uploadOptOutImport(rows)
          return {
            upload_id: p.upload_id, add: p.add,
            counts: [
              { id: 'add', label: t.importAdd(), n: p.add }, { id: 'on-list', label: t.importOnList(), n: p.on_list },
              { id: 'in-file', label: LL.sheetImport.inFile(), n: p.in_file },
            ],
          }
        },
        commit: (id) => calls.commitOptOutImport(id),
        confirmLabel: (count) => t.importConfirm({ count }), nothing: t.importNothing(),
      }}
    />
  ))
}

const lines = (list: readonly string[]) => list.join('\n')

/** The keywords as one a line, and the exemption as a choice; read fresh so the form starts from what is saved. */
export async function editSettings(LL: LL): Promise<string | void> {
  const s = await queryClient.fetchQuery({ ...calls.optOutSettingsQuery(), staleTime: 0 })
  const t = LL.optOuts.settingsForm
  const hint = t.keywordsHint({ max: KEYWORDS_MAX, chars: KEYWORD_MAX_CHARS })
  return openFormDialog({
    title: LL.optOuts.settingsTitle(), intro: t.intro(), saveTestId: 'opt-out-settings-save',
    spec: {
      id: 'opt-out-settings', schema: optOutSettingsSchema,
      initial: { out_keywords: lines(s.out_keywords), in_keywords: lines(s.in_keywords), exempt_verification: s.exempt_verification ? '1' : '0' },
      toInput: (v) => ({
        out_keywords: keywordsFromText(v.out_keywords), in_keywords: keywordsFromText(v.in_keywords), exempt_verification: v.exempt_verification === '1',
      }),
      fields: [
        { name: 'out_keywords', label: t.outKeywords(), kind: 'textarea', rows: 4, hint },
        { name: 'in_keywords', label: t.inKeywords(), kind: 'textarea', rows: 2, hint },
        {
          name: 'exempt_verification', label: t.exempt(), kind: 'select', hint: t.exemptHint(),
          options: [{ value: '0', label: t.exemptOff() }, { value: '1', label: t.exemptOn() }],
        },
      ],
      submit: (p) => calls.saveOptOutSettings(p),
    },
  })
}

/**
 * Marketing hours and the daily cap: an enterprise narrows the platform's for itself and its sub-accounts (the
 * server refuses a wider one, naming the field), an administrator sets the platform's default. Read fresh, so the
 * form starts from the rule saved now.
 */
export async function editMarketingRule(LL: LL, platform: boolean): Promise<string | void> {
  const info = await queryClient.fetchQuery({ ...marketingRuleQuery(), staleTime: 0 })
  const t = LL.marketing.settings
  const start: MarketingRule = platform ? info.platform : info.effective
  const words = (r: MarketingRule) => ({ start: formatMinute(r.window_start), end: formatMinute(r.window_end), cap: String(r.daily_cap) })
  const e = LL.marketing.errors
  // The schema's own checks, by their keys (a wider rule is the server's refusal, worded by it).
  const message = (issue: { message: string }) =>
    issue.message === 'marketingTime' ? e.marketingTime()
      : issue.message === 'marketingCap' ? e.marketingCap({ max: MARKETING_CAP_MAX })
        : issue.message === 'marketingWindowOrder' ? e.marketingWindowOrder() : LL.errors.invalidValue()
  return openFormDialog({
    title: t.title(),
    intro: `${t.intro()} ${platform ? t.platformAdmin() : t.platform(words(info.platform))}`,
    saveTestId: 'marketing-rule-save',
    spec: {
      id: 'marketing-rule', schema: marketingRuleSchema,
      initial: { window_start: formatMinute(start.window_start), window_end: formatMinute(start.window_end), daily_cap: String(start.daily_cap) },
      fields: [
        { name: 'window_start', label: t.start(), placeholder: '08:00', inputMode: 'numeric', autoComplete: 'off', message },
        { name: 'window_end', label: t.end(), placeholder: '21:00', inputMode: 'numeric', autoComplete: 'off', message },
        { name: 'daily_cap', label: t.cap(), inputMode: 'numeric', autoComplete: 'off', message },
      ],
      submitLabel: t.save(),
      submit: (p) => saveMarketingRule(p, platform),
    },
  })
}
