import type { Db } from './types'

/** How long bulk work waits at most for PGlite's one connection to fall idle, so a busy server still makes progress. */
export const YIELD_MAX_MS = 250

/**
 * Lets requests that arrived meanwhile in first, between two steps of bulk work: a pass through the event loop
 * (PGlite's queries resolve without one, so a chain of steps kept every other user waiting for all of them), then on
 * PGlite a wait while other statements run or queue on its one connection: bulk work can wait, their pages are
 * someone waiting.
 */
export async function otherUsersFirst(db: Db | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  const until = Date.now() + YIELD_MAX_MS
  while (db?.busy?.() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2))
}
