import { getCommands, type Command } from '@/commands/registry'
import { SIGNATURE_LIST_PATH } from '@/domain/signatures'
import type { TranslationFunctions } from '@/i18n/i18n-types'
import { getUserInfo } from '@/stores/session'

type LL = TranslationFunctions

/** "Apply for a signature" from anywhere: offered where the menu gives the user the signature list, not to a sub-account. */
export function signatureCommands({ LL, otherLL }: { LL: LL; otherLL: LL }): Command[] {
  return [{
    id: 'action:signature:apply', kind: 'action', group: () => LL.signatures.group(),
    label: () => LL.signatures.apply(),
    keywords: () => [otherLL.signatures.apply(), LL.signatures.keywords(), otherLL.signatures.keywords()],
    when: () => getUserInfo()?.userInfo.authUser.userType !== 3 && getCommands().some((c) => c.id === `route:${SIGNATURE_LIST_PATH}`),
    perform: async () => void (await import('./signatures.actions')).applyForSignature(LL),
  }]
}
