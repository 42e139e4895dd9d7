import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CONTENT_CHARS, P2P_SEND_PATH, PREVIEW_LIMIT } from '../../../src/domain/send'
import { setup, type Harness } from '../../test/harness'
import { heapGrowthDuring, bodyBytes } from '../../test/memory'
import { balanceOf, countOf, postForm, sendForm } from '../../test/send-kit'

/*
 * Limits before work: a template repeating {p1} over a rows file used to fill every row before any limit or check
 * (a 2 MB file answered 500 MB and took the process to 3.4 GB). These pin the limits and that the work stays
 * proportional to the file.
 */

/** acme02's (its enterprise acme's) and initech01's approved signatures: every domestic text starts with one. */
const ACME = '【艾克米】'
const INITECH = '【英尼泰克】'
/** `sig` and as many {p1} as fit in a template of MAX_CONTENT_CHARS (123 after 【艾克米】 or 【英尼泰克】: 497 or 498 characters). */
const placeholders = (sig: string) => sig + '{p1}'.repeat(Math.floor((MAX_CONTENT_CHARS - sig.length) / 4))

const rowsOf = (n: number, value: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => `139${String(2_000_000 + i).padStart(8, '0')}\t${value(i)}`).join('\n')

const preview = (payload: Record<string, unknown>, rows: string) => {
  const f = new FormData()
  f.set('payload', JSON.stringify(payload))
  f.set('rows', new Blob([rows]))
  return f
}

describe('routes/send/p2p-limits', () => {
  describe(`${P2P_SEND_PATH} and its preview stay bounded by their input`, () => {
    let h: Harness
    let token: string
    let bare: string
    const count = () => countOf(h.db, 'select count(*)::int as n from mt_record')
    beforeAll(async () => {
      h = await setup({ historyRows: 100 })
      token = await h.tokenFor('acme02', 'Acme02@12345')
      // An account without any product, as a self-registered one starts.
      await h.db.query("delete from customer_product where cus_id = 'initech01'")
      bare = await h.tokenFor('initech01', 'Initech01@12345')
    })
    afterAll(() => h.close())

    it('refuses a row whose filled message is over the limit, naming its row, and stores or bills nothing', async () => {
      const before = await balanceOf(h.db, 'acme02')
      const records = await count()
      // 10 fixed characters (the signature's 5, 'Hi !!') and MAX_CONTENT_CHARS - 9 filled in: one over the limit
      const rows = ['13900000301\tshort', '13900000302\tfine', `13900000303\t${'x'.repeat(MAX_CONTENT_CHARS - 9)}`].join('\n')
      const res = await postForm(h.app, P2P_SEND_PATH, token, sendForm({ template: `${ACME}Hi {p1}!!` }, 'rows', rows))
      expect(res.status).toBe(400)
      expect(res.msg).toBe(`Row 3: the filled message has ${MAX_CONTENT_CHARS + 1} characters, over the limit of ${MAX_CONTENT_CHARS}`)
      expect(await balanceOf(h.db, 'acme02')).toBe(before)
      expect(await count()).toBe(records)
    })

    it('accepts a filled message of exactly the limit', async () => {
      const res = await postForm(h.app, P2P_SEND_PATH, token, sendForm({ template: `${ACME}{p1}` }, 'rows', `13900000311\t${'y'.repeat(MAX_CONTENT_CHARS - ACME.length)}`))
      expect(res.status).toBe(200)
      // With its signature a domestic text is never all ASCII: 70 characters a message.
      expect(res.data.messages).toBe(Math.ceil(MAX_CONTENT_CHARS / 70))
    })

    it('a 2 MB value under a template of placeholders is refused without being filled (heap stays small)', async () => {
      const template = placeholders(ACME)
      const rows = `13900000321\t${'z'.repeat(2 * 1024 * 1024)}`
      for (const [path, body] of [
        [P2P_SEND_PATH, sendForm({ template }, 'rows', rows)],
        ['/user/groupPreview', preview({ template }, rows)],
      ] as const) {
        const { result, growthMb } = await heapGrowthDuring(() => postForm(h.app, path, token, body))
        expect(result.status).toBe(400)
        expect(result.msg).toMatch(/^Row 1: /)
        // Filling it would take 123 × 2 MB of characters; reading the 2 MB part costs a few MB.
        expect(growthMb).toBeLessThan(64)
      }
    })

    it('an account without the product is refused before its rows are read or filled', async () => {
      // 20 values of 100k characters under 123 placeholders: filling them would be 246M characters.
      const rows = rowsOf(20, () => 'v'.repeat(100_000))
      const template = placeholders(INITECH)
      const { result, growthMb } = await heapGrowthDuring(() => postForm(h.app, P2P_SEND_PATH, bare, sendForm({ template }, 'rows', rows)))
      expect(result).toMatchObject({ status: 403 })
      expect(growthMb).toBeLessThan(64)
    })

    it('a send the balance cannot cover is refused before any message is filled', async () => {
      const records = await count()
      // 100k rows of 4 characters, each filled 123 times to 497 non-ASCII characters: ~100 MB of text if filled.
      const template = placeholders(ACME)
      const rows = rowsOf(100_000, () => '长长长长')
      const { result, growthMb } = await heapGrowthDuring(() => postForm(h.app, P2P_SEND_PATH, token, sendForm({ template }, 'rows', rows)))
      expect(result).toMatchObject({ status: 400, msg: 'Insufficient balance' })
      expect(growthMb).toBeLessThan(60)
      expect(await count()).toBe(records)
    })

    it('the preview answers PREVIEW_LIMIT messages and totals, its size bounded whatever the number of rows', async () => {
      const template = placeholders(ACME) // filled: 497 characters, 8 messages
      const small = await postForm(h.app, '/user/groupPreview', token, preview({ template }, rowsOf(20, () => '长长长长')))
      const { result: big, growthMb } = await heapGrowthDuring(() => postForm(h.app, '/user/groupPreview', token, preview({ template }, rowsOf(100_000, () => '长长长长'))))
      expect(big.status).toBe(200)
      expect(big.data.messages).toHaveLength(PREVIEW_LIMIT)
      expect(big.data).toMatchObject({ numbers: 100_000, total_messages: 100_000 * 8 })
      expect(bodyBytes(big)).toBeLessThanOrEqual(bodyBytes(small) + 64)
      expect(growthMb).toBeLessThan(60)
    })
  })
})
