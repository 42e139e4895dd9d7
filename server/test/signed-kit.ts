import { createHash, createHmac, randomBytes } from 'node:crypto'
import { API_PREFIX } from '../../src/domain/api'
import { canonicalRequest, SIGNATURE_HEADERS } from '../../src/domain/signed-api'

/* Signing calls of /api/open/v1 as a customer's system does, for the tests of the signed API, the probe and the fuzzer. */

export interface Signer {
  account: string
  secret: string
}

export interface SignOptions {
  /** Unix seconds (default now). */
  timestamp?: number
  nonce?: string
  /** Signs this body but sends `body` (a tampered request). */
  signedBody?: string
  method?: string
}

/** The four signature headers of a call of `path` (under API_PREFIX) with the raw body `body`. */
export function signatureHeaders(s: Signer, path: string, body: string, o: SignOptions = {}): Record<string, string> {
  const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000))
  const nonce = o.nonce ?? randomBytes(12).toString('base64url')
  const bodySha256 = createHash('sha256').update(o.signedBody ?? body).digest('hex')
  const canonical = canonicalRequest({ method: o.method ?? 'POST', path: `${API_PREFIX}${path}`, account: s.account, timestamp, nonce, bodySha256 })
  return {
    [SIGNATURE_HEADERS.account]: s.account,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: createHmac('sha256', s.secret).update(canonical).digest('hex'),
  }
}

/** A signed POST of `body` (JSON) to `path` under the open API, in `lang`; the HTTP status and the envelope's msg. */
export async function signedPost(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, s: Signer, path: string, body: unknown, lang = 'zh-CN') {
  const raw = JSON.stringify(body)
  const res = await app.request(`${API_PREFIX}${path}`, {
    method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'accept-language': lang, ...signatureHeaders(s, path, raw) },
  })
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg }
}
