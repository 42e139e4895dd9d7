import { getPublicKey } from '@/api/user'
import { sealPassword } from '@/domain/auth'

// The key pair lives as long as the server's; one fetch per page load is enough, and a failure is retried next time.
let keyPromise: Promise<string> | null = null

/**
 * Encrypts a password under the server's public key (RSA, PKCS#1 v1.5, base64) so it never leaves the page in
 * clear, sealed with the captcha's one-time `redomStr` so the cipher text is worthless once sent. jsencrypt is
 * imported on demand: only the sign-in forms need it.
 */
export async function encryptPassword(redomStr: string, password: string): Promise<string> {
  keyPromise ??= getPublicKey().catch((e: unknown) => {
    keyPromise = null
    throw e
  })
  const [key, { JSEncrypt }] = await Promise.all([keyPromise, import('jsencrypt')])
  const rsa = new JSEncrypt()
  rsa.setPublicKey(key)
  const out = rsa.encrypt(sealPassword(redomStr, password))
  if (!out) throw new Error('password encryption failed')
  return out
}

/** A random id for `redomStr` and the SMS-code `uuid`; randomUUID needs a secure context, so fall back. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}
