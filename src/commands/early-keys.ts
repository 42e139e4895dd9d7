/*
 * The keys public/early-keys.js kept while the console was not yet drawn. Absent (unit tests, a page without the
 * script) there are none.
 */
type Kind = 'palette' | 'text'
interface EarlyKeys {
  claim(kind: Kind): string[]
  release(kind: Kind): void
}
declare global {
  interface Window {
    smsEarlyKeys?: EarlyKeys
  }
}

/** What was kept of that kind (`'palette'` entries for Ctrl/⌘+K, typed characters for text); the app handles it from now on. */
export function claimEarlyKeys(kind: Kind): string[] {
  return typeof window === 'undefined' ? [] : (window.smsEarlyKeys?.claim(kind) ?? [])
}

export function releaseEarlyKeys(kind: Kind): void {
  if (typeof window !== 'undefined') window.smsEarlyKeys?.release(kind)
}
