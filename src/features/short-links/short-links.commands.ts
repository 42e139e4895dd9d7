import type { Command } from '@/commands/registry'
import { getCommands } from '@/commands/registry'
import { MENU_CATALOG, type CatalogEntry } from '@/domain/menu-catalog'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { openTab } from '@/stores/tabs'

export const TOOLS_PATH = '/short-link/tools'
/** Asks an open tools screen to put the cursor in its long-link field (the palette's "shorten a link"). */
export const FOCUS_SHORTEN_EVENT = 'sms:shorten-link'

function toolsEntry(): CatalogEntry | undefined {
  const walk = (list: readonly CatalogEntry[]): CatalogEntry | undefined => {
    for (const e of list) {
      if (e.path === TOOLS_PATH) return e
      const found = e.children && walk(e.children)
      if (found) return found
    }
    return undefined
  }
  return walk(Object.values(MENU_CATALOG).flat())
}

/**
 * "Shorten a link": opens the short-link tools with the cursor in the long-link field. Offered only where the menu
 * gives the user the tools (their route command exists).
 */
export function shortLinkCommands({ LL, otherLL, go }: { LL: TranslationFunctions; otherLL: TranslationFunctions; go: (path: string) => void }): Command[] {
  return [{
    id: 'action:shorten-link',
    kind: 'action',
    label: () => LL.linkTools.command(),
    keywords: () => [otherLL.linkTools.command(), LL.linkTools.commandKeywords(), otherLL.linkTools.commandKeywords()],
    group: () => LL.shell.actions(),
    when: () => getCommands().some((c) => c.id === `route:${TOOLS_PATH}`),
    perform: () => {
      const entry = toolsEntry()
      if (entry) openTab({ path: entry.path, label: entry.label, labelEn: entry.labelEn })
      go(TOOLS_PATH)
      // A screen already open stays mounted: tell it; a new one focuses the field itself.
      setTimeout(() => window.dispatchEvent(new Event(FOCUS_SHORTEN_EVENT)), 0)
    },
  }]
}
