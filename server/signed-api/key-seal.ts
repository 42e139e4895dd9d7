import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Db } from '../db'

/*
 * Why sealed and not hashed: a call is signed with HMAC-SHA256 keyed by the secret (src/domain/signed-api.ts), so the
 * server must hold the secret itself to compute the same HMAC; a one-way hash cannot verify it, and a verifier the
 * client signed with instead would change the specification's signing. So the secret is encrypted at rest
 * (AES-256-GCM, the key id as associated data so a sealed value cannot be moved to another key's row) and opened
 * only inside the signature check. No route answers it after the one that made it.
 *
 * The server key: API_KEY_SEAL_KEY when configured (kept outside the database, so a copy of the database alone
 * cannot sign), else one made once and kept in server_secret ('api-key'), which every process reads alike. Each
 * sealed value records which of the two sealed it, so setting the variable later leaves the older keys working.
 */

export type SealedWith = 'config' | 'database'

export interface KeySealer {
  seal(keyId: string, secret: string): Promise<{ sealed: string; sealedWith: SealedWith }>
  /** The secret, or null when the key it was sealed with is not available (the variable was removed) or it was altered. */
  open(keyId: string, sealed: string, sealedWith: SealedWith): Promise<string | null>
}

function databaseKey(db: Db): () => Promise<Buffer> {
  let k: Promise<Buffer> | undefined
  return () => {
    k ??= (async () => {
      await db.query(`insert into server_secret (name, secret) values ('api-key', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64')])
      const { rows } = await db.query<{ secret: string }>(`select secret from server_secret where name = 'api-key'`)
      return Buffer.from(rows[0].secret, 'base64')
    })()
    k.catch(() => (k = undefined))
    return k
  }
}

const IV = 12
const TAG = 16

/** Deps.keySealer: seals under API_KEY_SEAL_KEY when given (64 hex digits), else under the database's key. */
export function keySealer(db: Db, configKey?: string): KeySealer {
  const fromDb = databaseKey(db)
  const fromConfig = configKey ? Buffer.from(configKey, 'hex') : null
  const keyOf = async (w: SealedWith) => (w === 'config' ? fromConfig : await fromDb())
  return {
    async seal(keyId, secret) {
      const sealedWith: SealedWith = fromConfig ? 'config' : 'database'
      const iv = randomBytes(IV)
      const c = createCipheriv('aes-256-gcm', (await keyOf(sealedWith))!, iv).setAAD(Buffer.from(keyId))
      const body = Buffer.concat([c.update(secret, 'utf8'), c.final()])
      return { sealed: Buffer.concat([iv, c.getAuthTag(), body]).toString('base64'), sealedWith }
    },
    async open(keyId, sealed, sealedWith) {
      const key = await keyOf(sealedWith)
      if (!key) return null
      const raw = Buffer.from(sealed, 'base64')
      try {
        const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV)).setAAD(Buffer.from(keyId))
        d.setAuthTag(raw.subarray(IV, IV + TAG))
        return Buffer.concat([d.update(raw.subarray(IV + TAG)), d.final()]).toString('utf8')
      } catch {
        return null
      }
    },
  }
}
