import { serverMessage } from '../../src/domain/messages'
import type { Db } from '../db'
import { addNotice } from '../notices/store'

/** Where a balance notice leads: the account's recharge records. */
export const BALANCE_NOTICE_LINK = '/recharge/list'

const money = (n: number) => n.toFixed(3)
const shown = (n: number) => n.toFixed(2)

/**
 * Call inside the transaction that moved the balance from `before` to `after`, after the customer row was locked
 * (send debits, the scheduler, transfers out of an account). When it crosses the account's warning threshold
 * downwards, the account gets a notice and each warning mobile a text queued in warn_sms; the balance-warn job (warn/deliver.ts) sends them
 * once the transaction has committed. The row lock serialises debits of one account, so of concurrent sends exactly
 * one sees the crossing, and a balance that stays below never crosses again until it is back at the threshold.
 */
export async function checkBalanceCrossing(tx: Db, cusId: string, before: number, after: number): Promise<boolean> {
  if (!(after < before)) return false
  const { rows } = await tx.query<{ threshold: number; mobiles: string[] }>(
    `update balance_warn set last_warned_at = now()
     where cus_id = $1 and threshold <= $2::numeric and threshold > $3::numeric
     returning threshold::float8 as threshold, mobiles`,
    [cusId, money(before), money(after)],
  )
  const warn = rows[0]
  if (!warn) return false
  const params = { cusId, balance: shown(after), threshold: shown(warn.threshold) }
  await addNotice(tx, cusId, { kind: 'balanceLow', title: 'noticeBalanceLowTitle', body: 'noticeBalanceLowBody', params, link: BALANCE_NOTICE_LINK })
  // Texts go to mainland mobiles: worded in Chinese whatever language the console was used in.
  const text = serverMessage('balanceWarnSms', 'zh-CN', params)
  if (warn.mobiles.length) {
    await tx.query('insert into warn_sms (cus_id, mobile, text) select $1, m, $3 from unnest($2::text[]) as m', [cusId, warn.mobiles, text])
  }
  return true
}
