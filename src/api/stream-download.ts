import { LONG_TIMEOUT_MS } from '@/domain/constants'
import { fileNameOf } from '@/domain/content-disposition'
import { ApiError, asEnvelope } from './errors'
import { apiUrl, fail, requestIdOf, send, type ApiOptions } from './http'
import { saveBlob } from './transfer'
import { words } from './words'

export interface DownloadProgress {
  bytes: number
  /** Rows in the file, from the server's X-Total-Count header when it sends one. */
  rows: number | null
  elapsedMs: number
}

interface StreamOptions extends Pick<ApiOptions, 'signal' | 'silent'> {
  onProgress?: (p: DownloadProgress) => void
  timeout?: number
}

/**
 * "Download all" with progress: like `download`, but reads the body stream itself to report bytes as they arrive.
 * The 600 s limit (spec section 9) covers the whole transfer, not only the wait for headers. Returns the saved name.
 */
export async function streamDownload(path: string, body: unknown, fallbackName: string, opts: StreamOptions = {}): Promise<string> {
  const started = Date.now()
  const ctl = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    ctl.abort()
  }, opts.timeout ?? LONG_TIMEOUT_MS)
  const onAbort = () => ctl.abort()
  opts.signal?.addEventListener('abort', onAbort)
  try {
    const res = await send(
      apiUrl(path),
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) },
      { long: true, signal: ctl.signal, silent: opts.silent },
    )
    const type = res.headers.get('Content-Type') ?? ''
    if (res.status !== 200 || type.includes('application/json')) {
      const env = asEnvelope(await res.json().catch(() => null))
      fail(res.status === 200 && env ? env.code : res.status, env, opts, requestIdOf(res))
    }
    const count = Number(res.headers.get('X-Total-Count'))
    const rows = res.headers.has('X-Total-Count') && Number.isFinite(count) ? count : null
    const chunks: Uint8Array[] = []
    let bytes = 0
    const reader = res.body?.getReader()
    for (;;) {
      const step = reader ? await reader.read() : { done: true as const, value: undefined }
      if (step.done) break
      chunks.push(step.value)
      bytes += step.value.length
      opts.onProgress?.({ bytes, rows, elapsedMs: Date.now() - started })
    }
    const name = fileNameOf(res.headers.get('Content-Disposition'), fallbackName)
    saveBlob(new Blob(chunks as BlobPart[], { type: type || 'application/octet-stream' }), name)
    return name
  } catch (e) {
    if (e instanceof ApiError && e.kind !== 'aborted') throw e
    if (timedOut) throw new ApiError(0, words().errors.timeout(), null, 'timeout')
    if (opts.signal?.aborted) throw new ApiError(0, '', e, 'aborted')
    throw new ApiError(0, words().errors.network(), null, 'network')
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
}
