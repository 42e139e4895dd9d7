import { getCommands, type Command } from '@/commands/registry'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { materialsList } from './materials.list'

type LL = TranslationFunctions

/**
 * "Upload material" / "上传素材" from anywhere: the upload dialog opens where the user is (the materials list and any
 * open picker refetch). Offered only where the menu gives the user the materials screen.
 */
export function materialCommands({ LL, otherLL }: { LL: LL; otherLL: LL }): Command[] {
  return [
    {
      id: 'action:materials:upload', kind: 'action', group: () => LL.materials.group(),
      label: () => LL.materials.upload(),
      keywords: () => [otherLL.materials.upload(), LL.materials.keywords(), otherLL.materials.keywords()],
      when: () => getCommands().some((c) => c.id === `route:${materialsList.path}`),
      perform: async () => void (await import('./materials.actions')).uploadMaterials(),
    },
  ]
}
