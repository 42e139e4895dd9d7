import { queryClient } from '@/api/query-client'
import * as calls from '@/api/opt-outs'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import {
  KEYWORD_MAX_CHARS, KEYWORDS_MAX, keywordsFromText, OPT_OUT_NOTE_MAX, optOutAddSchema, optOutRemoveSchema, optOutSettingsSchema,
} from '@/domain/opt-outs'
import type { ActionHelpers, Row } from '@/grid'
import { mountDialog } from '@/components/ui/mount-dialog'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/*
 * The opt-out list's writes (opt-outs.list.ts declares them; loaded on use): a number added with its note, a number
 * taken off with its reason, and the enterprise's keyword settings. Each is a declared form on the schema the
 * server validates with.
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
  const labels: Record<string, string> = { mobile: t.form.mobile(), note: t.columns.note() }
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
