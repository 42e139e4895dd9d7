import { passwordNonceSchema, sealPassword } from '@/domain/auth'
import { api } from './http'
import { getPublicKey } from './user'

// The key pair lives as long as the server's; one fetch per page load is enough, and a failure is retried next time.
let keyPromise: Promise<string> | null = null

/**
 * RSA (PKCS#1 v1.5, base64) of the password sealed with a one-time nonce, under the server's public key, so it
 * never leaves the page in clear and the cipher text is worthless once sent. jsencrypt is imported on demand.
 */
export async function encryptSealed(nonce: string, password: string): Promise<string> {
  keyPromise ??= getPublicKey().catch((e: unknown) => {
    keyPromise = null
    throw e
  })
  const [key, { JSEncrypt }] = await Promise.all([keyPromise, import('jsencrypt')])
  const rsa = new JSEncrypt()
  rsa.setPublicKey(key)
  const out = rsa.encrypt(sealPassword(nonce, password))
  if (!out) throw new Error('password encryption failed')
  return out
}

/**
 * A password typed after sign-in (password change, app-secret reveal), ready to send: a fresh nonce of the signed-in
 * account (POST /user/passwordNonce, one use, five minutes) and the password sealed with it. One call per password.
 */
export async function sealedPassword(plain: string): Promise<{ password: string; redomStr: string }> {
  const { redomStr } = passwordNonceSchema.parse(await api('/user/passwordNonce'))
  return { password: await encryptSealed(redomStr, plain), redomStr }
}
