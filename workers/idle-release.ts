/**
 * A worker keeps scratch memory between calls (the numbers worker re-parses the kept list with each new source, and
 * fresh typed arrays cost page faults), but not forever: `release` runs once no call has come for IDLE_RELEASE_MS.
 * Each call pushes it back.
 */
export const IDLE_RELEASE_MS = 30_000

let timer: ReturnType<typeof setTimeout> | undefined

export function releaseWhenIdle(release: () => void, ms = IDLE_RELEASE_MS) {
  clearTimeout(timer)
  timer = setTimeout(release, ms)
}
