import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OptOutCheckResult } from '@/domain/opt-outs'
import { i18nObject } from '@/i18n/i18n-util'
import { loadAllLocales } from '@/i18n/i18n-util.sync'
import { oneMessageSummary, optOutCheck } from './opt-out-check'
import type { SendComposer } from './use-send-composer'

const checkOptOuts = vi.hoisted(() => vi.fn())
vi.mock('@/api/opt-outs', () => ({ checkOptOuts }))

// A node test: the dictionaries are loaded here (the dom project's set-up loads them for components).
loadAllLocales()
const LL = i18nObject('zh-CN')
const answer = (r: Partial<OptOutCheckResult>): OptOutCheckResult =>
  ({ opted_out: 0, mobiles: [], over_cap: 0, over_cap_mobiles: [], messages: 0, ...r })

/** The few parts of a send page's composer the check uses. */
function composer(timing: string | null = null) {
  const setProblem = vi.fn()
  const c = {
    numbers: { state: { numbers: new TextEncoder().encode('13800000001\n13800000002\n13800000003\n') } },
    schedule: { timed: timing !== null, time: timing ?? '' },
    timingTime: () => timing,
    refusal: () => null,
    setProblem,
  } as unknown as SendComposer<object>
  return { c, setProblem }
}

describe('the opt-out check before a confirmation', () => {
  beforeEach(() => checkOptOuts.mockReset())

  it('asks with the send\'s marketing mark, time and account, as the send will be judged', async () => {
    checkOptOuts.mockResolvedValue(answer({}))
    const { c } = composer('2026-12-03T12:00:00.000Z')
    await optOutCheck(c, LL, 'zh-CN', 3, { numbers: new Uint8Array(), content: '【艾克米】特惠，回T退订', marketing: true }, 'acme01')
    expect(checkOptOuts).toHaveBeenCalledWith(
      { numbers: new Uint8Array(), content: '【艾克米】特惠，回T退订', marketing: true }, { cusId: 'acme01', timing: '2026-12-03T12:00:00.000Z' })
  })

  it('counts and prices only the numbers neither opted out nor over the cap', async () => {
    checkOptOuts.mockResolvedValue(answer({ opted_out: 1, mobiles: ['13800000001'], over_cap: 1, over_cap_mobiles: ['13800000002'] }))
    const s = await oneMessageSummary(composer().c, LL, 'zh-CN', { valid: 3, price: 0.3, balance: 10 })
    expect(s).toMatchObject({
      numbers: 1, messages: 1, cost: 0.3,
      optedOut: { count: 1, mobiles: ['13800000001'] }, overCap: { count: 1, mobiles: ['13800000002'] },
    })
  })

  it('stops at the numbers when nobody is left, saying whether the cap took part', async () => {
    checkOptOuts.mockResolvedValue(answer({ opted_out: 1, over_cap: 2 }))
    const capped = composer()
    expect(await optOutCheck(capped.c, LL, 'zh-CN', 3, { numbers: new Uint8Array(), marketing: true })).toBeNull()
    expect(capped.setProblem).toHaveBeenCalledWith({ numbers: '全部 3 个号码均已退订或今天已达营销条数上限，没有可发送的号码' })
    checkOptOuts.mockResolvedValue(answer({ opted_out: 3 }))
    const out = composer()
    expect(await optOutCheck(out.c, LL, 'zh-CN', 3, { rows: new Uint8Array(), template: 'x' })).toBeNull()
    expect(out.setProblem).toHaveBeenCalledWith({ rows: '全部 3 个号码均已退订，没有可发送的号码' })
  })
})
