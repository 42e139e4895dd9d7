import { proxy } from 'valtio'
import { onLogout } from './session'

/*
 * The batch this tab sent last, for the palette's "view the batch just sent": its id, whether it was timed, and the
 * list that shows it (its sent records, or its timed batch). Kept for the browser tab's session (a reload keeps
 * it), forgotten on log-out: the next user must not see it.
 */
export interface LastBatch {
  batchId: string
  timed: boolean
  path: string
}

const KEY = 'sms.lastBatch'
const storage = () => globalThis.sessionStorage as Storage | undefined

function stored(): LastBatch | null {
  try {
    const v = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<LastBatch> | null
    return v && typeof v.batchId === 'string' && typeof v.path === 'string' ? { batchId: v.batchId, timed: !!v.timed, path: v.path } : null
  } catch {
    return null
  }
}

const state = proxy<{ last: LastBatch | null }>({ last: stored() })

export const getLastBatch = (): LastBatch | null => state.last

export function rememberLastBatch(batch: LastBatch) {
  state.last = { ...batch }
  storage()?.setItem(KEY, JSON.stringify(state.last))
}

onLogout(() => {
  state.last = null
  storage()?.removeItem(KEY)
})
