import { api } from '@/api/http'
import { mountDialog } from '@/components/ui/mount-dialog'
import { checkInfoSchema } from '@/domain/number-check-online'
import type { UeUploadCheckResult } from '@/domain/number-check-ue'
import { formatMoney } from '@/domain/money'
import type { ActionHelpers } from '@/grid'
import { getLocale } from '@/stores/prefs'
import { getUserInfo, setUserInfo } from '@/stores/session'
import { UeUploadDialog } from './UeUploadDialog'

/** The shell shows the server's balance after the debit (spec section 4: the balance falls after number checks). */
function showBalance(balance: number) {
  const s = getUserInfo()
  if (s) setUserInfo({ ...s, userInfo: { ...s.userInfo, authUser: { ...s.userInfo.authUser, balance } } })
}

/**
 * The UE list's "Upload a file to check": price and balance first, then the dialog; resolves with the success words
 * once the file is paid and queued (the list then refreshes and polls it), or with nothing when cancelled.
 */
export async function openUeUpload({ LL }: ActionHelpers): Promise<string | void> {
  const info = checkInfoSchema.parse(await api('/mobileStatus/checkInfo', {}))
  return new Promise((resolve) => {
    let done: string | void = undefined
    mountDialog((close) => (
      <UeUploadDialog
        info={info}
        onDone={(r: UeUploadCheckResult, name: string) => {
          showBalance(r.balance_after)
          done = LL.numberCheck.ue.started({ name, count: r.batch_count, cost: formatMoney(r.cost, getLocale()) })
        }}
        onClose={() => {
          close()
          resolve(done)
        }}
      />
    ))
  })
}
