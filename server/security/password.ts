import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// N=2^14 keeps a login near 50 ms on a small machine while staying costly for offline guessing.
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1 }
const KEY_LEN = 32

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$')
  if (alg !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, { N: +n, r: +r, p: +p }, (err, k) =>
      err ? reject(err) : resolve(k),
    ),
  )
  return timingSafeEqual(key, expected)
}

/** A hash that never verifies, for unknown accounts, so their timing matches real ones. */
export const DUMMY_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LEN).toString('base64')}`
