import { ApiError, asEnvelope } from './errors'
import { toast } from '@/components/ui/toast'
import { LONG_TIMEOUT_MS } from '@/domain/constants'
import { fileNameOf } from '@/domain/content-disposition'
import { getToken } from '@/stores/session'
import { apiUrl, authHeaders, fail, failureDetail, forceLogout, requestIdOf, send, type ApiOptions } from './http'
import { words } from './words'

/**
 * Multipart upload with the bearer token (spec section 8, Uploads): 400 rejects with the response body and no toast
 * (the caller shows the per-row problems it holds); 401 logs out; any other non-200 toasts and rejects.
 */
export async function upload<T>(path: string, formData: FormData, opts: ApiOptions = {}): Promise<T> {
  const res = await send(apiUrl(path), { method: 'POST', body: formData }, { long: true, ...opts })
  const body: unknown = await res.json().catch(() => null)
  const env = asEnvelope(body)
  if (res.status === 400) throw new ApiError(400, env?.msg || words().errors.unknown(), body, 'http', requestIdOf(res))
  if (res.status !== 200 || !env || env.code !== 200) fail(res.status === 200 && env ? env.code : res.status, env, opts, requestIdOf(res))
  return env.data as T
}

export interface UploadProgressOptions extends ApiOptions {
  /** Bytes sent so far and the whole request's bytes, as the browser reports them. */
  onProgress?: (sent: number, total: number) => void
}

/**
 * `upload` with progress: fetch cannot report request-body progress, XMLHttpRequest can. Same answers as `upload`
 * (400 rejects with the body and no toast, 401 logs out, other failures toast); `signal` cancels (an `aborted`
 * ApiError, never shown); the 600-second time-out of long calls applies.
 */
export function uploadWithProgress<T>(path: string, formData: FormData, opts: UploadProgressOptions = {}): Promise<T> {
  if (!getToken()) forceLogout()
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', apiUrl(path))
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v)
    xhr.timeout = opts.timeout ?? LONG_TIMEOUT_MS
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : 0)
    const onAbort = () => xhr.abort()
    opts.signal?.addEventListener('abort', onAbort)
    const settle = (run: () => void) => {
      opts.signal?.removeEventListener('abort', onAbort)
      try {
        run()
      } catch (e) {
        reject(e)
      }
    }
    const transport = (kind: 'network' | 'timeout') => settle(() => {
      const msg = kind === 'timeout' ? words().errors.timeout() : words().errors.network()
      if (!opts.silent) toast.error(msg, opts.money ? failureDetail(0, null, opts.money) : undefined)
      throw new ApiError(0, msg, null, kind)
    })
    xhr.onerror = () => transport('network')
    xhr.ontimeout = () => transport('timeout')
    xhr.onabort = () => settle(() => reject(new ApiError(0, '', null, 'aborted')))
    xhr.onload = () => settle(() => {
      let body: unknown
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      const env = asEnvelope(body)
      if (xhr.status === 400) throw new ApiError(400, env?.msg || words().errors.unknown(), body, 'http', xhr.getResponseHeader('x-request-id'))
      if (xhr.status !== 200 || !env || env.code !== 200) fail(xhr.status === 200 && env ? env.code : xhr.status, env, opts, xhr.getResponseHeader('x-request-id'))
      resolve(env.data as T)
    })
    if (opts.signal?.aborted) return settle(() => reject(new ApiError(0, '', null, 'aborted')))
    xhr.send(formData)
  })
}

/** Saves a blob through a temporary link; the only way to name a download from script. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const a = Object.assign(document.createElement('a'), { href: url, download: filename })
  document.body.append(a)
  a.click()
  a.remove()
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * POSTs the search and saves the file the server answers with (10-minute time-out). A JSON answer is an error
 * envelope, handled like any other call.
 */
export async function download(path: string, body: unknown, filename: string, opts: ApiOptions = {}): Promise<void> {
  const res = await send(
    apiUrl(path),
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) },
    { long: true, ...opts },
  )
  const type = res.headers.get('Content-Type') ?? ''
  if (res.status !== 200 || type.includes('application/json')) {
    const env = asEnvelope(await res.json().catch(() => null))
    fail(res.status === 200 && env ? env.code : res.status, env, opts, requestIdOf(res))
  }
  saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), filename))
}
