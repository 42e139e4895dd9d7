import { randomInt } from 'node:crypto'
import { CODE_RESEND_SECONDS, SMS_CODE_TTL_SECONDS } from '../../src/domain/constants'
import type { Db } from '../db'
import { sha256 } from './tokens'

/** `bind`: the code to a mobile an account is about to bind (/user/sendBindCode, /user/modifyMobile). */
export type CodePurpose = 'login' | 'register' | 'bind'

interface Target {
  purpose: CodePurpose
  uuid: string
  phone: string
  cusId: string
}

/** A fresh 6-digit code, or null while the last one to this phone is younger than the resend interval. */
export async function issueCode(db: Db, t: Target): Promise<string | null> {
  const recent = await db.query(
    `select 1 from sms_code where purpose = $1 and phone = $2 and created_at > now() - make_interval(secs => $3)`,
    [t.purpose, t.phone, CODE_RESEND_SECONDS],
  )
  if (recent.rows.length) return null
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.query(
    `insert into sms_code (purpose, uuid, phone, cus_id, code_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [t.purpose, t.uuid, t.phone, t.cusId, sha256(`${t.uuid}:${code}`), SMS_CODE_TTL_SECONDS],
  )
  return code
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'used'

/**
 * Checks a code against the ones sent under `uuid` for that account and marks it used. The order of the checks
 * (match, then used, then expired) lets each refusal say what actually went wrong.
 */
export async function consumeCode(db: Db, t: Omit<Target, 'phone'> & { code: string; phone?: string }): Promise<CodeCheck> {
  const { rows } = await db.query<{ id: number; used: boolean; expired: boolean }>(
    `select id, used_at is not null as used, expires_at <= now() as expired from sms_code
     where purpose = $1 and uuid = $2 and cus_id = $3 and code_hash = $4 and ($5::text is null or phone = $5)
     order by created_at desc limit 1`,
    [t.purpose, t.uuid, t.cusId, sha256(`${t.uuid}:${t.code}`), t.phone ?? null],
  )
  const hit = rows[0]
  if (!hit) return 'wrong'
  if (hit.used) return 'used'
  if (hit.expired) return 'expired'
  const claimed = await db.query('update sms_code set used_at = now() where id = $1 and used_at is null returning id', [hit.id])
  return claimed.rows.length ? 'ok' : 'used'
}

export const CODE_MESSAGE = { wrong: 'codeWrong', expired: 'codeExpired', used: 'codeUsed' } as const
