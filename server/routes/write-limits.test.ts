import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_RULES } from '../security/rate-limit'
import { CLICK_LOG_PER_LINK } from '../send/short-links'
import { setup, type Harness } from '../test/harness'
import { countOf } from '../test/send-kit'

/* Calls that write rows per request, bounded per account (real limits) or per link. */
describe('routes/write-limits', () => {
  describe('per-request writes stay bounded', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 200, rateLimitScale: 1 })
      tok.acme = await h.tokenFor('acme', 'Acme@12345')
      tok.globex = await h.tokenFor('globex', 'Globex@12345')
    })
    afterAll(() => h.close())

    const templates = (cusId: string) => countOf(h.db, 'select count(*)::int as n from content_template where cus_id = $1', [cusId])

    it('templateAdd: an account’s submissions beyond its hourly allowance are refused with 429 and store nothing', async () => {
      const before = await templates('globex')
      const statuses = []
      for (let i = 0; i <= RATE_RULES.templateAdd.points; i++) {
        statuses.push((await h.call('/user/templateAdd', { template_content: `【环球】notice ${i}` }, { token: tok.globex })).status)
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect(await templates('globex')).toBe(before + RATE_RULES.templateAdd.points)
      expect((await h.call('/user/templateAdd', { template_content: '【艾克米】still open' }, { token: tok.acme })).status).toBe(200)
    })

    it('timed edit: rewriting a batch’s details beyond the per-minute allowance is refused with 429', async () => {
      const list = await h.call('/pageTimeBatch/list', { send_status: 0, cus_id: 'acme', prod_type: 0 }, { token: tok.acme })
      const tb = list.data.records[0].time_batch as string
      const statuses = []
      for (let i = 0; i <= RATE_RULES.timedEdit.points; i++) {
        statuses.push((await h.call('/pageTimeBatch/edit', { time_batch: tb, content: `【艾克米】edit ${i}` }, { token: tok.acme, lang: 'en' })).status)
      }
      expect(statuses).toEqual([...Array(RATE_RULES.timedEdit.points).fill(200), 429])
      const { rows } = await h.db.query<{ content: string }>('select content from time_batch where time_batch = $1', [tb])
      expect(rows[0].content).toBe(`【艾克米】edit ${RATE_RULES.timedEdit.points - 1}`)
    })

    it('batch actions: resends and cancels beyond the per-minute allowance are refused with 429 before any batch is read', async () => {
      const statuses: number[] = []
      for (let i = 0; i <= RATE_RULES.batchAction.points; i++) {
        const path = i % 2 ? '/batch/cancel' : '/batch/resend'
        statuses.push((await h.call(path, { batch_id: `B-none-${i}`, target: 'failed', idempotency_key: crypto.randomUUID() }, { token: tok.globex })).status)
      }
      expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect((await h.call('/batch/cancel', { batch_id: 'B-none' }, { token: tok.acme })).status).toBe(404)
    })

    it('the public redirect counts every click but logs only a link’s first CLICK_LOG_PER_LINK', async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: 'https://shop.example.com/hot' }, { token: tok.acme })
      const code = made.data.code as string
      const clicks = CLICK_LOG_PER_LINK + 5
      for (let i = 0; i < clicks; i++) {
        const res = await h.app.request(`/s/${code}`, { headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36 #${i}` } })
        expect(res.status).toBe(302)
      }
      expect(await countOf(h.db, 'select click_count::int as n from short_link where code = $1', [code])).toBe(clicks)
      expect(await countOf(h.db, 'select count(*)::int as n from short_link_click where code = $1', [code])).toBe(CLICK_LOG_PER_LINK)
    })
  })
})
