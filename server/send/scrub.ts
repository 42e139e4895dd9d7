import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { enterpriseOf, exemptFromOptOuts, optedOutAmong, settingsOf } from '../opt-outs/store'
import { judgeSend, type Capped, type MarketingInput } from './marketing'
import type { LazyContents, RecipientExtras, Recipients } from './store'

/** The elements of a per-recipient column that belong to the recipients a scrub kept (in order). */
export type Keep = <T>(all: readonly T[]) => T[]

/** What a send kind hands the scrub: its recipients and per-recipient columns, and its text for its type. */
export interface Scrubbable extends Recipients, RecipientExtras {
  /** A domestic SMS send's text and mark (marketing.ts), which say whether it is a verification code. */
  marketing?: MarketingInput
}

/** The recipients a send's scrub takes out: those on the suppression list, and those over the cap (not opted out). */
export interface Removed {
  suppressed: ReadonlySet<string>
  over: ReadonlySet<string>
}

/**
 * Which of `mobiles` the scrub of a send of `cusId` takes out: the numbers on its enterprise's suppression list
 * (none when the enterprise exempts verification codes and the send is one: judgeSend, its approved template's type),
 * and of the others those the daily cap of a marketing send removes (`capped`, marketingRules). The one reading of
 * it for the send itself (scrubOptOuts), the check before its confirmation and a resend's preview.
 */
export async function removedAmong(
  tx: Db, cusId: string, mobiles: readonly string[], marketing: MarketingInput | undefined, capped: Capped | null,
): Promise<Removed> {
  const ent = await enterpriseOf(tx, cusId)
  const settings = await settingsOf(tx, ent)
  // The send's type is looked up only when the enterprise exempts verification codes.
  const verificationCode = settings.exempt_verification && marketing ? (await judgeSend(tx, cusId, marketing)).type === 'code' : false
  const suppressed = exemptFromOptOuts(settings, { verificationCode }) ? new Set<string>() : await optedOutAmong(tx, ent, mobiles)
  const over = new Set<string>()
  if (capped) for (const m of capped.mobiles) if (!suppressed.has(m)) over.add(m)
  return { suppressed, over }
}

/** What a scrub made of a plan: the kept recipients' plan, the counts by rule, and the picker of the kind's own columns. */
export interface Scrubbed<P> {
  plan: P
  optedOut: number
  overCap: number
  keep: Keep
}

/** The plan without the recipients removedAmong named (everything it holds for each of them goes; the rest keep their order). */
export function keepOnly<P extends Scrubbable>(plan: P, { suppressed, over }: Removed): Scrubbed<P> {
  const same: Keep = <T>(all: readonly T[]) => all as T[]
  if (!suppressed.size && !over.size) return { plan, optedOut: 0, overCap: 0, keep: same }
  const kept: number[] = []
  const dropped: number[] = []
  let overCap = 0
  plan.mobiles.forEach((m, i) => {
    if (suppressed.has(m)) dropped.push(i)
    else if (over.has(m)) {
      dropped.push(i)
      overCap++
    } else kept.push(i)
  })
  const keep: Keep = <T>(all: readonly T[]) => kept.map((i) => all[i])
  const pick = <T>(a: T[] | undefined) => (a ? keep(a) : undefined)
  const c = plan.contents
  const contents: string | string[] | LazyContents = typeof c === 'string' ? c : Array.isArray(c) ? keep(c) : c.only(kept, dropped)
  return {
    plan: { ...plan, mobiles: keep(plan.mobiles), contents, countryCodes: pick(plan.countryCodes), longLinks: pick(plan.longLinks), unitPrices: pick(plan.unitPrices) },
    optedOut: dropped.length - overCap,
    overCap,
    keep,
  }
}

/**
 * Every send's scrub against its enterprise's suppression list (server/opt-outs/store.ts), before anything is
 * counted or billed: the recipients removedAmong names go (keepOnly); `keep` picks a per-recipient column of the
 * kind's own (its short-link codes) the same way. The numbers a marketing send's daily cap takes out are counted
 * apart. 400 optOutAllRemoved (or marketingAllCapped) when nobody is left: nothing is stored or billed.
 */
export async function scrubOptOuts<P extends Scrubbable>(tx: Db, cusId: string, plan: P, capped: Capped | null = null): Promise<Scrubbed<P>> {
  const scrubbed = keepOnly(plan, await removedAmong(tx, cusId, plan.mobiles, plan.marketing, capped))
  if (!scrubbed.plan.mobiles.length) {
    const count = scrubbed.optedOut + scrubbed.overCap
    if (!scrubbed.overCap) throw new ApiError(400, 'optOutAllRemoved', { count })
    throw new ApiError(400, 'marketingAllCapped', { count, cap: capped!.cap, opted: scrubbed.optedOut })
  }
  return scrubbed
}
