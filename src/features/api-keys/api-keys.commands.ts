import { getCommands, type Command } from '@/commands/registry'
import { toast } from '@/components/ui/toast'
import { API_KEY_LIST_PATH } from '@/domain/api-keys'
import type { TranslationFunctions } from '@/i18n/i18n-types'

type LL = TranslationFunctions

/** "Create API key" from anywhere: offered where the menu gives the user the key list. */
export function apiKeyCommands({ LL, otherLL }: { LL: LL; otherLL: LL }): Command[] {
  return [{
    id: 'action:api-key:create', kind: 'action', group: () => LL.apiKeys.group(),
    label: () => LL.apiKeys.create(),
    keywords: () => [otherLL.apiKeys.create(), LL.apiKeys.keywords(), otherLL.apiKeys.keywords()],
    when: () => getCommands().some((c) => c.id === `route:${API_KEY_LIST_PATH}`),
    perform: async () => {
      const msg = await (await import('./api-keys.actions')).createKey(LL)
      if (msg) toast.success(msg)
    },
  }]
}
