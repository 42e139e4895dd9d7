import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CONTENT_CHARS } from '../../../src/domain/send'
import { setup, type Harness } from '../../test/harness'
import { heapGrowthDuring } from '../../test/memory'
import { balanceOf, countOf, mobilesOf, postForm, sendForm } from '../../test/send-kit'

/*
 * Limits before work, in the link send: every recipient's message is the content with its own short link, and
 * all of them used to be built (and codes minted) before the product or the balance was checked; a content repeating
 * {link} also grew past any message limit.
 */
const PATH = '/shortChainTool/smsLinkGroupSend'
const LONG_URL = 'https://shop.example.com/p'
/** acme02's (its enterprise acme's) and initech01's approved signatures: every domestic text starts with one. */
const ACME = '【艾克米】'
const INITECH = '【英尼泰克】'
// The signature, Chinese characters up to 469 with it, and the 27-character link: 497, just under the limit, ~1 KB
// of text per recipient if built.
const big = (sig: string) => `${sig}${'长'.repeat(MAX_CONTENT_CHARS - 31 - sig.length)} {link}`

describe('routes/send/link-limits', () => {
  describe(`${PATH} stays bounded by its input`, () => {
    let h: Harness
    let acme02: string
    let bare: string
    const links = () => countOf(h.db, 'select count(*)::int as n from short_link')
    beforeAll(async () => {
      h = await setup({ historyRows: 100 })
      acme02 = await h.tokenFor('acme02', 'Acme02@12345')
      await h.db.query("delete from customer_product where cus_id = 'initech01'")
      bare = await h.tokenFor('initech01', 'Initech01@12345')
    })
    afterAll(() => h.close())
    const send = (token: string, content: string, n: number) =>
      heapGrowthDuring(() => postForm(h.app, PATH, token, sendForm({ content, long_url: LONG_URL }, 'numbers', mobilesOf('137', n))))

    it('refuses a content whose links take the message past the limit, minting nothing', async () => {
      const before = await links()
      const { result } = await send(acme02, ACME + '{link}'.repeat(Math.floor((MAX_CONTENT_CHARS - ACME.length) / 6)), 10)
      expect(result.status).toBe(400)
      expect(result.msg).toMatch(new RegExp(`^With its short link the message has \\d+ characters, over the limit of ${MAX_CONTENT_CHARS}$`))
      expect(await links()).toBe(before)
    })

    it('an account without the product is refused before any message is built', async () => {
      const { result, growthMb } = await send(bare, big(INITECH), 200_000)
      expect(result.status).toBe(403)
      expect(growthMb).toBeLessThan(80)
    })

    it('a send the balance cannot cover is refused before any message is built', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const { result, growthMb } = await send(acme02, big(ACME), 200_000)
      expect(result).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      // 200k messages of ~1 KB each would be ~200 MB; the numbers and their codes are a few tens.
      expect(growthMb).toBeLessThan(80)
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
    })

    it('a timed link batch cannot be edited into messages past the limit; its details keep their text', async () => {
      const timing = new Date(Date.now() + 30 * 60_000).toISOString()
      const sent = await postForm(h.app, PATH, acme02, sendForm({ content: `${ACME}Later {link}`, long_url: LONG_URL, timing_time: timing }, 'numbers', mobilesOf('137', 2, 900)))
      expect(sent.status).toBe(200)
      const details = () => h.db.query<{ content: string }>('select content from time_mt_message where time_batch = $1 order by sn', [sent.data.batch_id])
      const before = (await details()).rows
      const edit = (content: string) => h.call('/pageTimeBatch/edit', { time_batch: sent.data.batch_id, content }, { token: acme02, lang: 'en' })
      const linked = await edit(ACME + '{link}'.repeat(80))
      expect(linked.status).toBe(400)
      expect(linked.msg).toMatch(/^With its short link the message has \d+ characters/)
      expect((await edit(ACME + 'x'.repeat(MAX_CONTENT_CHARS + 1 - ACME.length))).status).toBe(400)
      expect((await details()).rows).toEqual(before)
      expect((await edit(`${ACME}Edited {link}`)).status).toBe(200)
    })
  })
})
