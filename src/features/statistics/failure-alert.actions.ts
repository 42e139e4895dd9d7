import { failureAlertQuery, saveFailureAlert } from '@/api/failure-alert'
import { queryClient } from '@/api/query-client'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { failureAlertSchema } from '@/domain/failure-alert'
import type { TranslationFunctions } from '@/i18n/i18n-types'

/**
 * The enterprise's failure alert as a declared form on the schema the server validates with: on or off, the
 * threshold in percent of those sent, the least number of records of a batch. Read fresh, so it starts from what is saved.
 */
export async function editFailureAlert(LL: TranslationFunctions): Promise<string | void> {
  const s = await queryClient.fetchQuery({ ...failureAlertQuery(), staleTime: 0 })
  const t = LL.lists.failureAlert
  return openFormDialog({
    title: t.title(), intro: t.intro(), saveTestId: 'failure-alert-save',
    spec: {
      id: 'failure-alert', schema: failureAlertSchema,
      initial: { enabled: s.enabled ? '1' : '0', threshold: String(s.threshold), min_records: String(s.min_records) },
      toInput: (v) => ({ enabled: v.enabled === '1', threshold: v.threshold, min_records: v.min_records }),
      fields: [
        { name: 'enabled', label: t.enabled(), kind: 'select', options: [{ value: '1', label: t.on() }, { value: '0', label: t.off() }] },
        { name: 'threshold', label: t.threshold(), inputMode: 'decimal', autoComplete: 'off', hint: t.thresholdHint() },
        { name: 'min_records', label: t.minRecords(), inputMode: 'numeric', autoComplete: 'off', hint: t.minRecordsHint() },
      ],
      submit: (p) => saveFailureAlert(p),
    },
  })
}
