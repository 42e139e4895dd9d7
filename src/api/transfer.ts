import { ApiError, asEnvelope } from './errors'
import { apiUrl, fail, send, type ApiOptions } from './http'
import { words } from './words'

/**
 * Multipart upload with the bearer token (spec section 8, Uploads): 400 rejects with the response body and no toast
 * (the caller shows the per-row problems it holds); 401 logs out; any other non-200 toasts and rejects.
 */
export async function upload<T>(path: string, formData: FormData, opts: ApiOptions = {}): Promise<T> {
  const res = await send(apiUrl(path), { method: 'POST', body: formData }, { long: true, ...opts })
  const body: unknown = await res.json().catch(() => null)
  const env = asEnvelope(body)
  if (res.status === 400) throw new ApiError(400, env?.msg || words().errors.unknown(), body)
  if (res.status !== 200 || !env || env.code !== 200) fail(res.status === 200 && env ? env.code : res.status, env, opts)
  return env.data as T
}

/** The file name the server suggests, else the caller's. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star) return decodeURIComponent(star[1])
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain ? plain[1] : fallback
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
    fail(res.status === 200 && env ? env.code : res.status, env, opts)
  }
  saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), filename))
}
