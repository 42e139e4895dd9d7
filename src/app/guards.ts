import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { queryClient } from '@/api/query-client'
import { userInfoQuery } from '@/api/user'
import { isLocked, rememberReturn } from '@/stores/lock'
import { getToken, getUserInfo, logoutLocal, setUserInfo } from '@/stores/session'

/** Only same-app paths may be a post-login target; anything else (//host, http:) is dropped. */
export function safeRedirect(target: unknown): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : '/'
}

const toLogin = (location: ParsedLocation) =>
  redirect({ to: '/login', search: { redirect: location.href === '/' ? undefined : location.href }, replace: true })

/**
 * The navigation rules of spec section 2 for every signed-in route: no token goes to /login, a locked screen
 * forces /lock, and missing roles load the user info first (failure logs out).
 */
export async function requireSession({ location }: { location: ParsedLocation }) {
  if (!getToken()) throw toLogin(location)
  if (isLocked()) {
    rememberReturn(location.href)
    throw redirect({ to: '/lock', replace: true })
  }
  if (getUserInfo()?.roles.length) return
  try {
    setUserInfo(await queryClient.ensureQueryData(userInfoQuery()))
  } catch {
    logoutLocal()
    throw toLogin(location)
  }
}

/** A signed-in user going to /login is sent to / (which opens home). */
export function redirectIfSignedIn() {
  if (getToken()) throw redirect({ to: '/', replace: true })
}

/** /lock only makes sense with a session that is locked; it shows the user, so load them after a reload. */
export async function requireLocked() {
  if (!getToken()) throw redirect({ to: '/login', replace: true })
  if (!isLocked()) throw redirect({ to: '/', replace: true })
  if (getUserInfo()) return
  // Without the name the lock page still works; a 401 here has already logged out and left for /login.
  await queryClient.ensureQueryData(userInfoQuery()).then(setUserInfo, () => undefined)
}
