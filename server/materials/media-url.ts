import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { MEDIA_URL_TTL_SECONDS } from '../../src/domain/materials'
import type { Db } from '../db'

/**
 * Short-lived signed media addresses: `<apiBase>/media/file?id=&exp=&sig=`, so an <img>, <video> or <audio> of the
 * console loads a tenant's private media without a header. The HMAC binds the material, its owner, its object and the
 * expiry; the key is made once and kept in the database, so every server process signs and checks alike.
 */

const keys = new WeakMap<Db, Promise<Buffer>>()

function mediaKey(db: Db): Promise<Buffer> {
  let k = keys.get(db)
  if (!k) {
    k = (async () => {
      // Another process may win the race; the row that exists afterwards is everybody's.
      await db.query(`insert into server_secret (name, secret) values ('media-url', $1) on conflict (name) do nothing`, [randomBytes(32).toString('base64')])
      const { rows } = await db.query<{ secret: string }>(`select secret from server_secret where name = 'media-url'`)
      return Buffer.from(rows[0].secret, 'base64')
    })()
    k.catch(() => keys.delete(db))
    keys.set(db, k)
  }
  return k
}

export interface Signable {
  material_id: number
  cus_id: string
  object_key: string
}

const mac = (key: Buffer, m: Signable, exp: number) =>
  createHmac('sha256', key).update(`${m.material_id}\n${m.cus_id}\n${m.object_key}\n${exp}`).digest('base64url')

/** The signed address of `m`, valid MEDIA_URL_TTL_SECONDS from `now`. */
export async function signedMediaUrl(db: Db, apiBase: string, m: Signable, now = Date.now()): Promise<string> {
  const exp = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS
  const sig = mac(await mediaKey(db), m, exp)
  return `${apiBase.replace(/\/+$/, '')}/media/file?id=${m.material_id}&exp=${exp}&sig=${sig}`
}

/** True when `sig` is this server's signature of `m` until `exp`, and `exp` has not passed. */
export async function verifyMediaSig(db: Db, m: Signable, exp: number, sig: string, now = Date.now()): Promise<boolean> {
  if (exp * 1000 < now || exp * 1000 > now + (MEDIA_URL_TTL_SECONDS + 60) * 1000) return false
  const want = Buffer.from(mac(await mediaKey(db), m, exp))
  const got = Buffer.from(sig)
  return got.length === want.length && timingSafeEqual(got, want)
}
