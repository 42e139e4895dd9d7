/**
 * The router registers how to navigate, so the API layer can send the user to /login without importing the app
 * (imports flow one way: app -> api).
 */
export type Navigate = (to: string, search?: Record<string, string>) => void

let navigate: Navigate = (to) => {
  // Before the router mounts, a full page load is the only way to move.
  if (typeof location !== 'undefined') location.assign(`/sms-cloud${to}`)
}

export function setNavigator(fn: Navigate) {
  navigate = fn
}

/** Sends the user to the sign-in page, remembering where they were so login can bring them back. */
export function goToLogin() {
  const here = typeof location === 'undefined' ? '' : location.pathname.replace(/^\/sms-cloud/, '') + location.search
  const keep = here && !here.startsWith('/login') && here !== '/' ? { redirect: here } : undefined
  navigate('/login', keep)
}

/** Opens a console path (a screen handing work to another, e.g. a number check's "send to the live numbers"). */
export function goTo(to: string) {
  navigate(to)
}
