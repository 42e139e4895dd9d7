import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { MEDIA_URL_TTL_SECONDS } from '../../src/domain/materials'
import type { Db } from '../db'

/**
 * Short-lived signed media addresses: `<apiBase>/media/file?id=&exp=&sig=`, so an <img>, <video> or <audio> of the
 * console loads a tenant's private media without a header. The HMAC binds the material, its owner, its object and the
 * expiry; the key is made once and kept in the database, so every server process signs and checks alike.
 */

/** The signing key of `db`, read (or made) on first use and kept by the caller's object; a failed read is tried again. */
function lazyMediaKey(db: Db): () => Promise<Buffer> {
  let k: Promise<Buffer> | undefined
  return () => {
    k ??= (async () => {
      // Another process may win the race; the row that exists afterwards is everybody's.
      await db.query(`insert into server_secret (name, secret) values ('media-url', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64')])
      const { rows } = await db.query<{ secret: string }>(`select secret from server_secret where name = 'media-url'`)
      return Buffer.from(rows[0].secret, 'base64')
    })()
    k.catch(() => (k = undefined))
    return k
  }
}

export interface Signable {
  material_id: number
  cus_id: string
  object_key: string
}

const mac = (key: Buffer, m: Signable, exp: number) =>
  createHmac('sha256', key).update(`${m.material_id}\n${m.cus_id}\n${m.object_key}\n${exp}`).digest('base64url')

export interface MediaUrls {
  /** The signed address of `m`, valid MEDIA_URL_TTL_SECONDS from `now`. */
  sign(m: Signable, now?: number): Promise<string>
  /** True when `sig` is this server's signature of `m` until `exp`, and `exp` has not passed. */
  verify(m: Signable, exp: number, sig: string, now?: number): Promise<boolean>
}

/** The media addresses of one server (Deps.mediaUrls): signed with the key kept in `db`, under `apiBase`. */
export function mediaUrls(db: Db, apiBase: string): MediaUrls {
  const key = lazyMediaKey(db)
  return {
    async sign(m, now = Date.now()) {
      const exp = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS
      const sig = mac(await key(), m, exp)
      return `${apiBase.replace(/\/+$/, '')}/media/file?id=${m.material_id}&exp=${exp}&sig=${sig}`
    },
    async verify(m, exp, sig, now = Date.now()) {
      if (exp * 1000 < now || exp * 1000 > now + (MEDIA_URL_TTL_SECONDS + 60) * 1000) return false
      const want = Buffer.from(mac(await key(), m, exp))
      const got = Buffer.from(sig)
      return got.length === want.length && timingSafeEqual(got, want)
    },
  }
}
