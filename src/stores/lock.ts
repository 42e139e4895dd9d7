import { proxy, useSnapshot } from 'valtio'

/*
 * The screen lock of spec section 2: the flag and its password last for the browser session and are cleared on
 * login. The password guards an unattended screen, not the account, so keeping it in sessionStorage is the
 * spec's own behaviour rather than a credential leak.
 */
const LOCKED = 'sms.locked'
const PASSWORD = 'sms.lockPassword'

const storage = () => globalThis.sessionStorage as Storage | undefined

const state = proxy({ locked: storage()?.getItem(LOCKED) === '1' })

/** Locks with a non-empty password; returns false (and stays unlocked) for a blank one. */
export function lockScreen(pw: string): boolean {
  if (!pw.trim()) return false
  storage()?.setItem(PASSWORD, pw)
  storage()?.setItem(LOCKED, '1')
  state.locked = true
  return true
}

export function unlock(pw: string): boolean {
  if (!state.locked) return true
  if (pw !== storage()?.getItem(PASSWORD)) return false
  clearLock()
  return true
}

export function isLocked(): boolean {
  return state.locked
}

export function clearLock() {
  storage()?.removeItem(PASSWORD)
  storage()?.removeItem(LOCKED)
  state.locked = false
}

export function useLocked(): boolean {
  return useSnapshot(state).locked
}
