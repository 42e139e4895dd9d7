import type { Db } from '../db'
import { addNotice } from '../notices/store'

/** At most one notice of failed sign-ins an hour per account. */
export const SIGN_IN_ALERT_HOURS = 1

/**
 * The owner hears of attacks: when guesses at an account (passwords, SMS codes, two-factor codes) run into a lockout
 * (security/attempts.ts), its bell says so, naming the address and the wait, at most once an hour. An account that
 * does not exist is told nothing (and the refusal the caller sees is the same either way). One upsert decides, so a
 * flood of refusals from many addresses at once still gives one notice.
 */
export async function alertOwner(db: Db, cusId: string, address: string, minutes: number, now: Date): Promise<void> {
  const { rows } = await db.query(
    `insert into sign_in_alert (cus_id, last_at) select cus_id, $2 from customer where cus_id = $1
     on conflict (cus_id) do update set last_at = excluded.last_at
       where sign_in_alert.last_at <= $2::timestamptz - make_interval(hours => $3)
     returning 1`, [cusId, now, SIGN_IN_ALERT_HOURS])
  if (!rows.length) return
  await addNotice(db, cusId, {
    kind: 'signInAttack', title: 'noticeSignInAttackTitle', body: 'noticeSignInAttackBody',
    // The address as the attempts count it: an IPv4 as it is, an IPv6 network as its /64.
    params: { address, minutes }, link: '/info/setting',
  })
}
