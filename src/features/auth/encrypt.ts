import { encryptSealed } from '@/api/sealed'

/**
 * Encrypts a password under the server's public key, sealed with the captcha's one-time `redomStr` so the cipher
 * text is worthless once sent (src/api/sealed.ts, shared with the forms used after sign-in).
 */
export const encryptPassword = (redomStr: string, password: string): Promise<string> => encryptSealed(redomStr, password)

/** A random id for `redomStr` and the SMS-code `uuid`; randomUUID needs a secure context, so fall back. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}
