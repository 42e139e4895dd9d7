import { randomBytes } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import { CAPTCHA_LENGTH } from '../../src/domain/constants'
import type { Db } from '../db'

const TTL_SECONDS = 180
/**
 * Live captchas one address keeps at most; beyond it that address's oldest go first. The bound is per address, so a
 * flood evicts only the flooder's own captchas, never another visitor's, and the table holds at most this many per
 * address seen in the last TTL_SECONDS (whose new captchas captchaAddress also limits).
 */
export const CAPTCHAS_PER_ADDRESS = 30

/**
 * Draws a captcha under a fresh `redomStr` of the server's choosing. The name doubles as the one-time nonce the
 * sign-in forms encrypt with the password, so the client must not pick it: a name it could choose, it could
 * re-create after use and replay an old cipher text under it.
 */
export async function issueCaptcha(db: Db, address: string): Promise<{ redomStr: string; image: string }> {
  // Characters that look alike (0/o, 1/l/i) are left out so people are not refused for reading them wrong.
  const { data, text } = svgCaptcha.create({ size: CAPTCHA_LENGTH, noise: 2, ignoreChars: '0oO1lIi', color: true })
  const redomStr = randomBytes(16).toString('hex')
  if (Math.random() < 0.05) await db.query('delete from captcha where expires_at < now()')
  await db.query(
    `insert into captcha (redom_str, code, expires_at, address) values ($1, $2, now() + make_interval(secs => $3), $4)`,
    [redomStr, text.toLowerCase(), TTL_SECONDS, address],
  )
  await db.query(
    `delete from captcha where redom_str in (
       select redom_str from captcha where address = $1 order by expires_at desc, redom_str offset $2)`,
    [address, CAPTCHAS_PER_ADDRESS],
  )
  return { redomStr, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` }
}

/**
 * Single use: any attempt consumes the stored row, so it cannot be guessed at, and only a `redomStr` the server
 * issued (and nobody has used) passes. `fixed` is the test-only SMS_CAPTCHA_FIXED code, accepted instead of the
 * drawn text but still only with a live row, so the one-time nonce holds in test mode too.
 */
export async function consumeCaptcha(db: Db, redomStr: string, code: string, fixed?: string): Promise<boolean> {
  const { rows } = await db.query<{ code: string }>(
    'delete from captcha where redom_str = $1 and expires_at > now() returning code',
    [redomStr],
  )
  if (!rows[0]) return false
  const given = code.trim().toLowerCase()
  if (fixed && fixed.length === CAPTCHA_LENGTH && given === fixed.toLowerCase()) return true
  return rows[0].code === given
}
