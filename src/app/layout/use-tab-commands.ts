import { useEffect } from 'react'
import { z } from 'zod'
import { registerCommands, type Command } from '@/commands/registry'
import { TAB_SHORTCUTS } from '@/commands/shortcuts'
import { openFormDialog } from '@/components/ui/DeclaredForm'
import { toast } from '@/components/ui/toast'
import { intIn } from '@/domain/input'
import type { Locale } from '@/domain/constants'
import { useI18nContext } from '@/i18n/i18n-react'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { i18nObject } from '@/i18n/i18n-util'
import { MAX_TABS_RANGE, capTabs, getTabsSnapshot, neighbourTab, tabByNumber, useTabs } from '@/stores/tabs'
import { getMaxTabs, setMaxTabs } from '@/stores/user-prefs'
import { requestArrivalFocus } from './arrival-focus'
import type { Go } from './shell-actions'
import { tabTitle } from './TabStrip'

const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const

const maxTabsSchema = z.object({ maxTabs: intIn({ min: MAX_TABS_RANGE[0], max: MAX_TABS_RANGE[1] }) })

async function editTabLimit(LL: TranslationFunctions) {
  const [min, max] = MAX_TABS_RANGE
  const msg = await openFormDialog({
    title: LL.nav.tabLimitTitle(),
    saveTestId: 'tab-limit-save',
    spec: {
      id: 'tab-limit',
      fields: [{ name: 'maxTabs', label: LL.nav.tabLimitLabel(), inputMode: 'numeric', hint: LL.nav.tabLimitHint({ min, max }),
        message: LL.nav.tabLimitHint({ min, max }) }],
      schema: maxTabsSchema,
      initial: { maxTabs: String(getMaxTabs()) },
      submit: async ({ maxTabs }) => {
        const n = setMaxTabs(maxTabs)
        capTabs(n)
        return LL.nav.tabLimitSaved({ n })
      },
    },
  })
  if (msg) toast.success(msg)
}

/** The tab keys and the palette's "switch tab" entries, one per open tab, named by page and module. */
export function useTabCommands(go: Go) {
  const { LL, locale } = useI18nContext()
  const { tabs } = useTabs()
  const paths = tabs.map((t) => `${t.path}\n${t.label}\n${t.module ?? ''}`).join('|')
  useEffect(() => {
    const other: Locale = locale === 'en' ? 'zh-CN' : 'en'
    const otherLL = i18nObject(other)
    const group = () => LL.nav.switchTab()
    const jump = (pick: (s: ReturnType<typeof getTabsSnapshot>) => string | null) => () => {
      const to = pick(getTabsSnapshot())
      if (!to) return
      requestArrivalFocus('ifLost')
      go(to)
    }
    const act = (id: string, label: (t: TranslationFunctions) => string, perform: () => void, shortcut?: string): Command => ({
      id: `tab:${id}`, kind: 'action', group, label: () => label(LL), keywords: () => [label(otherLL)], perform, shortcut,
      shortcutInInputs: !!shortcut,
    })
    const list: Command[] = [
      act('next', (t) => t.nav.nextTab(), jump((s) => neighbourTab(s, 1)), TAB_SHORTCUTS.next),
      act('prev', (t) => t.nav.prevTab(), jump((s) => neighbourTab(s, -1)), TAB_SHORTCUTS.prev),
      ...NUMBERS.map((n) => ({
        ...act(`number:${n}`, (t) => (n === 9 ? t.nav.lastTab() : t.nav.tabNumber({ n })), jump((s) => tabByNumber(s.tabs, n)), TAB_SHORTCUTS.number(n)),
        // Nine entries would crowd the palette and the sheet; the sheet shows them as one line (ShortcutSheet).
        shortcutOnly: true,
        // Option+digit types characters on macOS: in a text field the key belongs to the field.
        shortcutInInputs: false,
      })),
      act('limit', (t) => t.nav.tabLimit(), () => void editTabLimit(LL)),
      ...getTabsSnapshot().tabs.map((tab): Command => ({
        id: `tab:open:${tab.path}`, kind: 'action', group, paletteOnly: true,
        perform: () => {
          requestArrivalFocus('ifLost')
          go(tab.path)
        },
        label: () => LL.nav.switchTo({ title: tabTitle(tab, locale as Locale) }),
        keywords: () => [`${LL.nav.switchTab()} ${tabTitle(tab, locale as Locale)}`, otherLL.nav.switchTo({ title: tabTitle(tab, other) })],
      })),
    ]
    return registerCommands(list)
  }, [LL, locale, go, paths])
}
