import { getCommands, type Command } from '@/commands/registry'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { TEMPLATE_LIST_PATH, templateNewPath } from './pages'

type LL = TranslationFunctions
const listed = (path: string) => () => getCommands().some((c) => c.id === `route:${path}`)

/**
 * "New content template", "new 5G template", "new video template" from anywhere: the content dialog opens where the
 * user is, the editors open in their tab. Offered only where the menu gives the user the template's list.
 */
export function templateCommands({ LL, otherLL, go }: { LL: LL; otherLL: LL; go: (path: string) => void }): Command[] {
  const group = () => LL.tplEditor.group()
  return [
    {
      id: 'action:template:new-content', kind: 'action', group,
      label: () => LL.tplEditor.newContent(),
      keywords: () => [otherLL.tplEditor.newContent(), LL.tplEditor.keywordsContent(), otherLL.tplEditor.keywordsContent()],
      when: listed(TEMPLATE_LIST_PATH.content),
      perform: async () => void (await import('./templates.actions')).newContentTemplate(LL),
    },
    ...(['csp', 'video'] as const).map((kind): Command => ({
      id: `action:template:new-${kind}`, kind: 'action', group,
      label: () => (kind === 'csp' ? LL.tplEditor.newCsp() : LL.tplEditor.newVideo()),
      keywords: () => kind === 'csp'
        ? [otherLL.tplEditor.newCsp(), LL.tplEditor.keywordsCsp(), otherLL.tplEditor.keywordsCsp()]
        : [otherLL.tplEditor.newVideo(), LL.tplEditor.keywordsVideo(), otherLL.tplEditor.keywordsVideo()],
      when: listed(TEMPLATE_LIST_PATH[kind]),
      perform: () => go(templateNewPath(kind)),
    })),
  ]
}
