import { createHash, generateKeyPairSync, timingSafeEqual } from 'node:crypto'
import { createRequire } from 'node:module'
import { PASSWORD_NONCE_SEPARATOR } from '../../src/domain/auth'
import type { Db } from '../db'

interface JsEncryptLike {
  setPrivateKey(k: string): void
  decrypt(s: string): string | false | null
}
// Node 20 refuses PKCS#1 v1.5 decryption in crypto.privateDecrypt, and jsencrypt's ESM entry needs a browser;
// its CommonJS bundle runs in Node and decrypts exactly what the browser encrypted.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => JsEncryptLike

export interface KeyPair {
  publicKey: string
  privateKey: string
}

/** The login key pair, made once and kept in the database so restarts do not break open login pages. */
export async function loadKeyPair(db: Db): Promise<KeyPair> {
  const found = await db.query<{ public_key: string; private_key: string }>('select public_key, private_key from server_key where id = 1')
  if (found.rows[0]) return { publicKey: found.rows[0].public_key, privateKey: found.rows[0].private_key }
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  })
  // Another process may have won the race; whatever row exists afterwards is the one everybody uses.
  await db.query('insert into server_key (id, public_key, private_key) values (1, $1, $2) on conflict (id) do nothing', [
    pair.publicKey,
    pair.privateKey,
  ])
  return loadKeyPair(db)
}

export function makeDecryptor(privateKey: string): (cipher: string) => string | null {
  const rsa = new JSEncrypt()
  rsa.setPrivateKey(privateKey)
  return (cipher) => {
    try {
      const plain = rsa.decrypt(cipher)
      return typeof plain === 'string' ? plain : null
    } catch {
      return null
    }
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/**
 * The password inside a cipher text sealed with `sealPassword(nonce, password)`, or null when it does not decrypt
 * or was sealed for another nonce (a replay). Callers answer both the same way as a wrong password, so the
 * decryption is no oracle; the prefix is compared in constant time for the same reason.
 */
export function unsealPassword(decrypt: (cipher: string) => string | null, cipher: string, nonce: string): string | null {
  const plain = decrypt(cipher)
  if (plain === null) return null
  const prefix = nonce + PASSWORD_NONCE_SEPARATOR
  const match = timingSafeEqual(digest(plain.slice(0, prefix.length)), digest(prefix))
  return match ? plain.slice(prefix.length) : null
}
