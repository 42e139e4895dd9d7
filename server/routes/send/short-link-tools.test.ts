import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../../test/harness'

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const BOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'

describe('routes/send/short-link-tools', () => {
  describe('short-link tools: long to short, short to long with the clicks', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      Object.assign(tok, await h.tokensFor('acme', 'acme01', 'globex'))
    })
    afterAll(() => h.close())

    const click = (code: string, ua: string) => h.app.request(`/s/${code}`, { headers: { 'user-agent': ua } })

    it('answers a short link back with its click count and first clicks (system, browser), bots left out', async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: 'https://shop.example.com/tools?x=1' }, { token: tok.acme01 })
      expect(made.status).toBe(200)
      expect(made.data.clicks).toEqual([])
      const { code, short_url } = made.data as { code: string; short_url: string }
      for (const ua of [CHROME_WINDOWS, BOT, SAFARI_IOS]) expect((await click(code, ua)).status).toBe(302)

      const back = await h.call('/shortChainTool/shortToLong', { short_url }, { token: tok.acme01 })
      expect(back.status).toBe(200)
      expect(back.data.long_url).toBe('https://shop.example.com/tools?x=1')
      expect(back.data.click_count).toBe(2)
      expect(back.data.clicks.map((c: { os: string; browser: string }) => [c.os, c.browser])).toEqual([['Windows', 'Chrome'], ['iOS', 'Safari']])
      // The bare code works too, and the parent account sees its sub-account's link.
      expect((await h.call('/shortChainTool/shortToLong', { short_url: code }, { token: tok.acme })).data.click_count).toBe(2)
    })

    it("does not expand another tenant's link", async () => {
      const made = await h.call('/shortChainTool/longToShort', { long_url: 'https://shop.example.com/acme-only' }, { token: tok.acme })
      const res = await h.call('/shortChainTool/shortToLong', { short_url: made.data.short_url }, { token: tok.globex, lang: 'en' })
      expect(res.status).toBe(404)
      expect(res.data).toBeNull()
      expect((await h.call('/shortChainTool/shortToLong', { short_url: made.data.short_url }, { token: tok.acme01 })).status).toBe(404)
    })
  })
})
