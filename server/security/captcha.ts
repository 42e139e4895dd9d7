import svgCaptcha from 'svg-captcha'
import { CAPTCHA_LENGTH } from '../../src/domain/constants'
import type { Db } from '../db'

const TTL_SECONDS = 180

/** Draws a fresh captcha for `redomStr`, replacing any earlier one under that name. */
export async function createCaptcha(db: Db, redomStr: string): Promise<string> {
  // Characters that look alike (0/o, 1/l/i) are left out so people are not refused for reading them wrong.
  const { data, text } = svgCaptcha.create({ size: CAPTCHA_LENGTH, noise: 2, ignoreChars: '0oO1lIi', color: true })
  await db.query('delete from captcha where expires_at < now()')
  await db.query(
    `insert into captcha (redom_str, code, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (redom_str) do update set code = excluded.code, expires_at = excluded.expires_at`,
    [redomStr, text.toLowerCase(), TTL_SECONDS],
  )
  return data
}

/**
 * Single use: any attempt consumes the stored code, so it cannot be guessed at. `fixed` is the test-only
 * SMS_CAPTCHA_FIXED code, accepted in addition to the drawn one.
 */
export async function consumeCaptcha(db: Db, redomStr: string, code: string, fixed?: string): Promise<boolean> {
  const { rows } = await db.query<{ code: string }>(
    'delete from captcha where redom_str = $1 and expires_at > now() returning code',
    [redomStr],
  )
  const given = code.trim().toLowerCase()
  if (fixed && fixed.length === CAPTCHA_LENGTH && given === fixed.toLowerCase()) return true
  return rows[0]?.code === given
}
