import { getCommands, type Command } from '@/commands/registry'
import { toast } from '@/components/ui/toast'
import { OPT_OUT_LIST_PATH } from '@/domain/opt-outs'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { getUserInfo } from '@/stores/session'

type LL = TranslationFunctions

/** Outside the list the engine does not toast a write's words: said here. */
const said = (msg: string | void) => void (msg && toast.success(msg))

const userType = () => getUserInfo()?.userInfo.authUser.userType
/** Offered where the menu gives the user the opt-out list. */
const listed = () => getCommands().some((c) => c.id === `route:${OPT_OUT_LIST_PATH}`)

/**
 * "Add an opted-out number" from anywhere (every account with a list of its own), the keyword settings (the
 * enterprise's own account, which alone may change them), and the marketing hours and cap (the enterprise's, or an
 * administrator's platform default).
 */
export function optOutCommands({ LL, otherLL }: { LL: LL; otherLL: LL }): Command[] {
  const keywords = () => [LL.optOuts.keywords(), otherLL.optOuts.keywords()]
  return [
    {
      id: 'action:opt-out:add', kind: 'action', group: () => LL.optOuts.title(),
      label: () => LL.optOuts.add(), keywords: () => [otherLL.optOuts.add(), ...keywords()],
      when: () => userType() !== 1 && listed(),
      perform: async () => void (await import('./opt-outs.actions')).addOptOut(LL).then(said),
    },
    {
      id: 'action:opt-out:settings', kind: 'action', group: () => LL.optOuts.title(),
      label: () => LL.optOuts.settings(), keywords: () => [otherLL.optOuts.settings(), ...keywords()],
      when: () => userType() === 2 && listed(),
      perform: async () => void (await import('./opt-outs.actions')).editSettings(LL).then(said),
    },
    {
      // The enterprise's own hours and cap; an administrator's is the platform's default.
      id: 'action:marketing:rule', kind: 'action', group: () => LL.optOuts.title(),
      label: () => LL.marketing.settings.title(), keywords: () => [otherLL.marketing.settings.title(), LL.marketing.types.marketing(), otherLL.marketing.types.marketing()],
      when: () => (userType() === 1 || userType() === 2) && listed(),
      perform: async () => void (await import('./opt-outs.actions')).editMarketingRule(LL, userType() === 1).then(said),
    },
  ]
}
