/**
 * Runs `tick` every `intervalMs`, never overlapping itself. The returned stop function clears the timer and resolves
 * once the tick under way (if any) has finished, so a shutting-down process lets a worker finish its current step
 * (one transaction) before the database is closed.
 */
export function everyInterval(intervalMs: number, tick: () => Promise<unknown>, onError: (e: unknown) => void): () => Promise<void> {
  let current: Promise<void> | null = null
  const timer = setInterval(() => {
    if (current) return
    current = tick().then(() => undefined, onError).finally(() => (current = null))
  }, intervalMs)
  return async () => {
    clearInterval(timer)
    await current
  }
}
