import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeDeps } from '../../make-deps'
import { consumeRate, peekRate, RATE_RULES } from '../../security/rate-limit'
import { setup, type Harness } from '../../test/harness'
import { countOf } from '../../test/send-kit'

const url = (n: number | string) => `https://shop.example.com/item/${n}?from=sms`

describe('routes/send/long-to-short', () => {
  describe('longToShort minting limits (real limits)', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    // The demo accounts' cus_id is their user name.
    const cus = { acme: 'acme', acme01: 'acme01', globex: 'globex' }
    beforeAll(async () => {
      h = await setup({ historyRows: 0, rateLimitScale: 1 })
      for (const [name, password] of [['acme', 'Acme@12345'], ['acme01', 'Acme01@12345'], ['globex', 'Globex@12345']]) {
        tok[name] = await h.tokenFor(name, password)
      }
    })
    afterAll(() => h.close())

    const mint = (long_url: string, token: string) => h.call('/shortChainTool/longToShort', { long_url }, { token, lang: 'en' })
    const ownRows = (cusId: string) => countOf(h.db, 'select count(*)::int as n from short_link where cus_id = $1 and batch_id is null', [cusId])

    it('gives an account its earlier link again for the same long URL, without a new row', async () => {
      const first = await mint(url('same'), tok.acme)
      const again = await mint(url('same'), tok.acme)
      expect(first.status).toBe(200)
      expect(again.data.code).toBe(first.data.code)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link where long_url = $1', [url('same')])).toBe(1)
      const other = await mint(url('same'), tok.globex)
      expect(other.data.code).not.toBe(first.data.code)
      expect((await mint(url('different'), tok.acme)).data.code).not.toBe(first.data.code)
    })

    it('refuses an account beyond its minting rate with 429, other accounts unaffected', async () => {
      const before = await ownRows(cus.acme01)
      const answers = []
      for (let i = 0; i <= RATE_RULES.shortLinkMint.points; i++) answers.push(await mint(url(`rate-${i}`), tok.acme01))
      expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true)
      const last = answers.at(-1)!
      expect(last.status).toBe(429)
      expect(last.msg).toMatch(/^Too many requests, try again in \d+ seconds$/)
      expect(await ownRows(cus.acme01)).toBe(before + RATE_RULES.shortLinkMint.points)
      expect((await mint(url('rate-other'), tok.globex)).status).toBe(200)
    })

    it('caps the new links an account mints per day; its known links are still given', async () => {
      const known = await mint(url('known'), tok.globex)
      // globex minted three new links above; the rest of the day's allowance but one is spent as if by earlier mints.
      const deps = makeDeps({ db: h.db, config: { rateLimitScale: 1 } })
      const { remaining } = await peekRate(deps, 'shortLinkDay', cus.globex)
      expect(remaining).toBe(RATE_RULES.shortLinkDay.points - 3)
      await consumeRate(deps, 'shortLinkDay', cus.globex, { points: remaining - 1 })
      expect((await mint(url('last-of-day'), tok.globex)).status).toBe(200)
      const before = await ownRows(cus.globex)
      const refused = await mint(url('one-too-many'), tok.globex)
      expect(refused.status).toBe(429)
      expect(await ownRows(cus.globex)).toBe(before)
      expect((await mint(url('known'), tok.globex)).data.code).toBe(known.data.code)
    })
  })
})
