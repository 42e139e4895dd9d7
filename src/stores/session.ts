import { useMemo } from 'react'
import { proxy, ref, useSnapshot } from 'valtio'
import { TOKEN_COOKIE, TOKEN_TTL_SECONDS } from '@/domain/constants'
import { permissionFlags, SESSION_END_REASONS, type AuthUser, type SessionEndReason, type UserInfo } from '@/domain/auth'
import { clearLock } from './lock'
import { clearTabs } from './tabs'
import { loadPaletteUser } from './palette'
import { loadUserPrefs } from './user-prefs'

/**
 * The signed-in session (spec section 4). The token lives in the `Authorization` cookie for 3600 s so a reload keeps
 * the user signed in; its issue time and lifetime sit in localStorage for the refresh check. User info stays in
 * memory only: after a reload the guard sees no roles and fetches it again, as the spec's navigation rules say.
 */
const ISSUED_KEY = 'sms-token-issued'

interface SessionState {
  token: string | null
  issuedAt: number
  expiresIn: number
  userInfo: UserInfo | null
}

const hasDom = typeof document !== 'undefined'

function readCookie(): string | null {
  if (!hasDom) return null
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${TOKEN_COOKIE}=`))
  return hit ? decodeURIComponent(hit.slice(TOKEN_COOKIE.length + 1)) || null : null
}

function writeCookie(value: string | null) {
  if (!hasDom) return
  const age = value ? TOKEN_TTL_SECONDS : 0
  // Secure over https so the token never rides a plain-http request to this host; plain http (local runs) cannot set it.
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(value ?? '')}; max-age=${age}; path=/; SameSite=Lax${secure}`
}

function readIssued(): { issuedAt: number; expiresIn: number } {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(ISSUED_KEY) ?? 'null') as { at?: number; ttl?: number } | null
    return { issuedAt: raw?.at ?? Date.now(), expiresIn: raw?.ttl ?? TOKEN_TTL_SECONDS }
  } catch {
    return { issuedAt: Date.now(), expiresIn: TOKEN_TTL_SECONDS }
  }
}

const state = proxy<SessionState>({ token: readCookie(), ...readIssued(), userInfo: null })

const logoutListeners = new Set<() => void>()

/** The current token; the cookie is the truth, so a token whose cookie has expired counts as gone. */
export function getToken(): string | null {
  if (!hasDom) return state.token
  const fromCookie = readCookie()
  if (fromCookie !== state.token) state.token = fromCookie
  return fromCookie
}

/** Issue time (ms) and lifetime (s) of the current token, read by the refresh check. */
export function getTokenTiming(): { issuedAt: number; expiresIn: number } {
  return { issuedAt: state.issuedAt, expiresIn: state.expiresIn }
}

/** Stores a token from login or refresh. `fresh` (login) also clears tabs and lock, per spec section 4. */
export function setToken(token: string, expiresIn: number, fresh = true) {
  const issuedAt = Date.now()
  writeCookie(token)
  globalThis.localStorage?.setItem(ISSUED_KEY, JSON.stringify({ at: issuedAt, ttl: expiresIn }))
  Object.assign(state, { token, issuedAt, expiresIn })
  globalThis.sessionStorage?.removeItem(ENDED_KEY)
  if (fresh) {
    clearTabs()
    clearLock()
  }
}

export const getUserInfo = (): UserInfo | null => state.userInfo

export function setUserInfo(info: UserInfo | null) {
  // ref(): the snapshot is read-only data; no need for valtio to track its deep structure.
  state.userInfo = info ? ref(info) : null
  if (info) {
    loadUserPrefs(info.userInfo.authUser.cusId)
    loadPaletteUser(info.userInfo.authUser.cusId)
  }
}

/**
 * Local log-out (explicit log-out and forced 401): token, user info, menus (via listeners), tabs and lock. True when
 * a session was there to end; a second call finds none and does nothing, so the calls that fail together after a
 * session ends (every query on the page) end it once, not each in turn: each clearing the cache made the queries
 * fetch again, fail again and clear again, a render loop.
 */
export function logoutLocal(): boolean {
  const live = state.token !== null || state.userInfo !== null || readCookie() !== null
  if (!live) return false
  writeCookie(null)
  globalThis.localStorage?.removeItem(ISSUED_KEY)
  Object.assign(state, { token: null, userInfo: null })
  clearTabs()
  clearLock()
  logoutListeners.forEach((l) => l())
  return true
}

const ENDED_KEY = 'sms-session-ended'

/** Remembers why the session ended, for the sign-in page (a reload of it still says it). */
export function rememberSessionEnd(reason: SessionEndReason) {
  globalThis.sessionStorage?.setItem(ENDED_KEY, reason)
}

/** Why the last session ended, if it ended by itself (not by the user's own log-out); forgotten at the next sign-in. */
export function sessionEnd(): SessionEndReason | null {
  const raw = globalThis.sessionStorage?.getItem(ENDED_KEY)
  return SESSION_END_REASONS.find((r) => r === raw) ?? null
}

/** Lets lower layers (the query cache) forget their user data on log-out without the store importing them. */
export function onLogout(listener: () => void): () => void {
  logoutListeners.add(listener)
  return () => logoutListeners.delete(listener)
}

export interface SessionView {
  token: string | null
  userInfo: UserInfo | null
  roles: readonly string[]
  flags: Record<string, true>
  authUser: AuthUser | null
}

/** What the console reads of a session: its user, roles and permission flags (outside React too). */
export function sessionView(token: string | null, info: UserInfo | null): SessionView {
  return {
    token,
    userInfo: info,
    roles: info?.roles ?? [],
    flags: permissionFlags(info?.permission ?? []),
    authUser: info?.userInfo.authUser ?? null,
  }
}

export function useSession(): SessionView {
  const snap = useSnapshot(state)
  const info = snap.userInfo as UserInfo | null
  return useMemo(() => sessionView(snap.token, info), [snap.token, info])
}
