import { CHUNK_LOAD_TIMEOUT_MS } from '@/domain/constants'

/** Marks a page part that did not arrive, so the error page can say so and offer a reload. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed', { cause })
    this.name = 'ChunkLoadError'
  }
}

/** A failed dynamic import as browsers word it (Chrome, Firefox, Safari) or our own time-out. */
export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true
  const msg = e instanceof Error ? e.message : String(e)
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(msg)
}

/** Rejects a page-part import that has not arrived after 120 s (spec section 9), instead of waiting for ever. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms)
      load().then(
        (m) => {
          clearTimeout(timer)
          resolve(m)
        },
        (e: unknown) => {
          clearTimeout(timer)
          reject(isChunkLoadError(e) ? new ChunkLoadError(e) : e)
        },
      )
    })
}
