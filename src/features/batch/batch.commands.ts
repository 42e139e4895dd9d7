import type { Command } from '@/commands/registry'
import { batchPagePath } from '@/domain/batch'
import type { TranslationFunctions } from '@/i18n/i18n-types'

type LL = TranslationFunctions

/** What a typed batch id looks like: B (T for a timed one is its own list), the day and the running number. */
const BATCH_ID = /^B\d{8,}$/i

/**
 * "批次 B2612…" in the palette: typing a batch id offers its page. Domestic batches' page; the page of another
 * product's batch is reached from its records and statistics, which know its product.
 */
export function batchCommands({ LL, otherLL, go }: { LL: LL; otherLL: LL; go: (path: string) => void }): Command[] {
  return [
    {
      id: 'action:batch:open', kind: 'action', group: () => LL.batch.group(),
      label: () => LL.batch.actions.open(), keywords: () => [otherLL.batch.actions.open()],
      perform: () => undefined,
      forQuery: (query) => {
        const id = query.replace(/^(批次|batch)\s*/i, '').trim().toUpperCase()
        if (!BATCH_ID.test(id)) return null
        return {
          id: `action:batch:open:${id}`, kind: 'action', group: () => LL.batch.group(),
          label: () => LL.batch.actions.openId({ batchId: id }), perform: () => go(batchPagePath(id)),
        }
      },
    },
  ]
}
