import { proxy, useSnapshot } from 'valtio'
import { ERROR_LOG_LIMITS } from '@/domain/account'
import { ERROR_BADGE_MAX } from '@/domain/constants'

/** One uncaught front-end error (spec section 2, Error-log dialog). */
export interface ErrorEntry {
  message: string
  stack: string
  url: string
  time: string
}

/** Enough to diagnose a bad session without letting a render loop fill localStorage; all of them upload at once. */
export const ERROR_LOG_MAX: number = ERROR_LOG_LIMITS.entries
const KEY = 'sms.errorLog'
const local = () => globalThis.localStorage as Storage | undefined

/** Newest first, capped. */
export function appendEntry(list: readonly ErrorEntry[], e: ErrorEntry, max = ERROR_LOG_MAX): ErrorEntry[] {
  return [e, ...list].slice(0, max)
}

/** The badge never shows more than the spec's maximum of 99. */
export function badgeCount(n: number): number {
  return Math.min(n, ERROR_BADGE_MAX)
}

export function toEntry(reason: unknown, url: string, now = new Date()): ErrorEntry {
  const err = reason instanceof Error ? reason : null
  return {
    message: err ? err.message || err.name : typeof reason === 'string' ? reason : safeJson(reason),
    stack: err?.stack ?? '',
    url,
    time: now.toISOString(),
  }
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return String(v)
  }
}

function load(): ErrorEntry[] {
  try {
    return JSON.parse(local()?.getItem(KEY) ?? '[]') as ErrorEntry[]
  } catch {
    return []
  }
}

const state = proxy({ entries: load() })

export function recordError(reason: unknown) {
  state.entries = appendEntry(state.entries, toEntry(reason, globalThis.location?.href ?? ''))
  try {
    local()?.setItem(KEY, JSON.stringify(state.entries))
  } catch {
    // A full storage must not turn one error into an endless cascade of them.
  }
}

export function clearErrorLog() {
  state.entries = []
  local()?.removeItem(KEY)
}

export function getErrorLog(): readonly ErrorEntry[] {
  return state.entries
}

let installed = false
/** Idempotent, so a hot reload or a second call does not double every entry. */
export function installErrorCapture() {
  if (installed || typeof window === 'undefined') return
  installed = true
  window.addEventListener('error', (e) => recordError(e.error ?? e.message))
  window.addEventListener('unhandledrejection', (e) => recordError(e.reason))
}

export function useErrorLog() {
  const { entries } = useSnapshot(state)
  return { entries, count: entries.length, badge: badgeCount(entries.length) }
}
