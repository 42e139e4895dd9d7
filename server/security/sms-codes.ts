import { randomInt } from 'node:crypto'
import { CODE_RESEND_SECONDS, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_SECONDS } from '../../src/domain/constants'
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

/**
 * A fresh 6-digit code, or the seconds to wait while the last one to this phone (for this purpose) is younger than the
 * resend interval. `resend: false` skips that wait: the caller bounds its sends by a limit of its own.
 */
export async function issueCode(db: Db, t: Target, opts: { resend?: boolean } = {}): Promise<{ code: string } | { wait: number }> {
  if (opts.resend !== false) {
    const recent = await db.query<{ wait: number }>(
      `select ceil(extract(epoch from max(created_at) + make_interval(secs => $3) - now()))::int as wait from sms_code
       where purpose = $1 and phone = $2 and created_at > now() - make_interval(secs => $3)`,
      [t.purpose, t.phone, CODE_RESEND_SECONDS],
    )
    const wait = recent.rows[0]?.wait
    if (wait != null) return { wait: Math.max(1, wait) }
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.query(
    `insert into sms_code (purpose, uuid, phone, cus_id, code_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [t.purpose, t.uuid, t.phone, t.cusId, sha256(`${t.uuid}:${code}`), SMS_CODE_TTL_SECONDS],
  )
  return { code }
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'used' | 'exhausted'

/**
 * Checks a code against the newest one sent under `uuid` for that account (and phone, when given). One conditional
 * update either marks it used (the code matches) or counts a wrong try, and does neither once the code is used,
 * expired or has SMS_CODE_MAX_TRIES wrong tries: concurrent guesses from any number of addresses each take their
 * own turn, and the code dies after the last allowed one. A refusal then says what actually went wrong.
 */
export async function consumeCode(db: Db, t: Omit<Target, 'phone'> & { code: string; phone?: string }): Promise<CodeCheck> {
  const hash = sha256(`${t.uuid}:${t.code}`)
  const { rows } = await db.query<{ id: number }>(
    `select id from sms_code
     where purpose = $1 and uuid = $2 and cus_id = $3 and ($4::text is null or phone = $4)
     order by created_at desc, id desc limit 1`,
    [t.purpose, t.uuid, t.cusId, t.phone ?? null],
  )
  const code = rows[0]
  if (!code) return 'wrong'
  const turn = await db.query<{ right: boolean; tries: number }>(
    `update sms_code set used_at = case when code_hash = $2 then now() end,
       wrong_tries = wrong_tries + case when code_hash = $2 then 0 else 1 end
     where id = $1 and used_at is null and expires_at > now() and wrong_tries < $3
     returning used_at is not null as right, wrong_tries as tries`,
    [code.id, hash, SMS_CODE_MAX_TRIES],
  )
  const done = turn.rows[0]
  if (done) return done.right ? 'ok' : done.tries >= SMS_CODE_MAX_TRIES ? 'exhausted' : 'wrong'
  const after = await db.query<{ used: boolean; tries: number }>(
    'select used_at is not null as used, wrong_tries as tries from sms_code where id = $1',
    [code.id],
  )
  if (after.rows[0]?.used) return 'used'
  return (after.rows[0]?.tries ?? 0) >= SMS_CODE_MAX_TRIES ? 'exhausted' : 'expired'
}

export const CODE_MESSAGE = { wrong: 'codeWrong', expired: 'codeExpired', used: 'codeUsed', exhausted: 'codeExhausted' } as const
