import { proxy, useSnapshot } from 'valtio'

/*
 * The screen lock of spec section 2. The lock holds in every open tab of the console: the flag and a
 * salted digest of the lock password live in localStorage, and the `storage` event tells the other tabs at once.
 * Only the digest is kept, so the password itself never reaches the disk. Where the page each tab returns to after
 * unlocking is kept per tab (sessionStorage): every tab comes back to its own page. Login clears the lock.
 */
const LOCKED = 'sms.locked'
const DIGEST = 'sms.lockDigest'
const RETURN = 'sms.lockReturn'

const shared = () => globalThis.localStorage as Storage | undefined
const perTab = () => globalThis.sessionStorage as Storage | undefined

const state = proxy({ locked: shared()?.getItem(LOCKED) === '1' })

globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key === LOCKED || e.key === null) state.locked = shared()?.getItem(LOCKED) === '1'
})

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

async function digest(salt: string, pw: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle
  // crypto.subtle exists only in secure contexts (https, localhost); elsewhere the salted text is kept as is.
  if (!subtle) return `plain:${salt}:${pw}`
  return hex(await subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${pw}`)))
}

/** Locks with a non-empty password; resolves false (and stays unlocked) for a blank one. */
export async function lockScreen(pw: string): Promise<boolean> {
  if (!pw.trim()) return false
  const salt = hex(globalThis.crypto.getRandomValues(new Uint8Array(16)))
  shared()?.setItem(DIGEST, `${salt}$${await digest(salt, pw)}`)
  shared()?.setItem(LOCKED, '1')
  state.locked = true
  return true
}

export async function unlock(pw: string): Promise<boolean> {
  if (!isLocked()) return true
  const [salt = '', want] = (shared()?.getItem(DIGEST) ?? '').split('$')
  if (!want || (await digest(salt, pw)) !== want) return false
  clearLock()
  return true
}

export function isLocked(): boolean {
  state.locked = shared()?.getItem(LOCKED) === '1'
  return state.locked
}

export function clearLock() {
  shared()?.removeItem(DIGEST)
  shared()?.removeItem(LOCKED)
  state.locked = false
}

/** Remembers, for this tab, the in-console page to return to after unlocking (only same-app paths). */
export function rememberReturn(path: string) {
  if (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/lock')) perTab()?.setItem(RETURN, path)
}

/** The page this tab showed when the lock came, once: reading it forgets it. */
export function takeReturn(): string {
  const path = perTab()?.getItem(RETURN) ?? '/'
  perTab()?.removeItem(RETURN)
  return path
}

export function useLocked(): boolean {
  return useSnapshot(state).locked
}
