import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { Carrier } from '../../carrier'
import type { Db } from '../../db'
import { storeBatchRow, storeRecords } from '../../send/store'
import { rowsRead } from '../../test/explain'
import { CAPTCHA, setup, type Harness } from '../../test/harness'

/*
 * An account's short-link records are read from its own link records (mt_record_link_cus_idx), not from all its sent records:
 * a sub-account that also sent a large batch without links lists and counts its links without reading that batch.
 */
const BIG = 4000

describe('routes/records/short-link-list', () => {
  describe('short-link records of one account', () => {
    let h: Harness
    let traced: ReturnType<typeof createApp>
    const statements: { sql: string; params: unknown[] }[] = []
    const tok: Record<string, string> = {}

    beforeAll(async () => {
      h = await setup({ historyRows: 3000 })
      const tracing: Db = { ...h.db, query: (t, p, o) => (statements.push({ sql: t, params: p ?? [] }), h.db.query(t, p, o)) }
      traced = createApp({ db: tracing, carrier: new Carrier(), config: { captchaFixed: CAPTCHA, distDir: '/nonexistent-dist' } })
      Object.assign(tok, await h.tokensFor('admin', 'acme', 'acme01'))
      const mobiles = Array.from({ length: BIG }, (_, i) => `139${String(i).padStart(8, '0')}`)
      await h.db.transaction(async (tx) => {
        const b = { batchId: 'BLINKLESS001', cusId: 'acme01', prodType: 0, batchType: 1 as const, content: '【艾克米】无链接', mobiles, contents: '【艾克米】无链接', unitPrice: 0.05, review: false }
        const { status, now } = await storeBatchRow(tx, b)
        await storeRecords(tx, b, status, now)
      })
      await h.db.exec('analyze mt_record')
    })
    afterAll(() => h.close())

    it('reads only the links of the account, for its page and its total', async () => {
      for (const [who, cond] of [['acme01', `cus_id = 'acme01'`], ['acme', `cus_id in ('acme', 'acme01', 'acme02')`]] as const) {
        const count = async (c: string) => (await h.db.query<{ n: number }>(
          `select count(*)::int as n from mt_record where ${c} and long_link is not null and prod_type = 0 and receive_time >= now() - interval '90 days'`)).rows[0].n
        const [links, allLinks] = [await count(cond), await count('true')]
        statements.length = 0
        const res = await traced.request('/api/shortChainTool/list', {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tok[who]}` },
          body: JSON.stringify({ pageNumber: 1, pageSize: 20, start_time: new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10) }),
        })
        const json = (await res.json()) as { data: { total: number; records: unknown[] } }
        const q = statements.find((s) => s.sql.includes('mt_record m'))!
        const read = await rowsRead(h.db, 'mt_record', q.sql, q.params)
        expect({ who, total: json.data.total <= links, some: links > 20 }).toEqual({ who, total: true, some: true })
        // For the count and for the page each at most every link record of the window (the planner may walk all
        // accounts' links, in list order for the page until 20 are the account's, where they are few): never the
        // account's 4,000 records without a link.
        expect({ who, read, few: read <= 2 * allLinks }).toEqual({ who, read, few: true })
        expect(allLinks).toBeLessThan(BIG / 2)
      }
    })
  })
})
