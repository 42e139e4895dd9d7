import { uuidV4 } from '@/domain/uuid'
import { encryptSealed } from '@/api/sealed'

/**
 * Encrypts a password under the server's public key, sealed with the captcha's one-time `redomStr` so the cipher
 * text is worthless once sent (src/api/sealed.ts, shared with the forms used after sign-in).
 */
export const encryptPassword = (redomStr: string, password: string): Promise<string> => encryptSealed(redomStr, password)

/** A random id for `redomStr` and the SMS-code `uuid` (a version-4 UUID, also without a secure context). */
export const randomId = uuidV4
