import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clipErrorEntry, ERROR_LOG_LIMITS } from '../../src/domain/account'
import { RATE_RULES } from '../security/rate-limit'
import { setup, type Harness } from '../test/harness'
import { countOf } from '../test/send-kit'
import { ERROR_LOG_ROWS_MAX } from './error-log'

/** A console entry as the browser makes it: a real Error with a deep stack, clipped as the console's upload does. */
const consoleEntry = (i: number) => {
  const err = new Error(`render failed ${i}: ${'字'.repeat(50)}`)
  err.stack = `${err.message}\n${Array.from({ length: 200 }, (_, k) => `    at fn${k} (https://console.example.com/sms-cloud/assets/index-abc123.js:1:${k})`).join('\n')}`
  return clipErrorEntry({ message: err.message, stack: err.stack, url: 'https://console.example.com/sms-cloud/wel/index', time: new Date().toISOString() })
}
/** The largest entry the schema admits. */
const fullEntry = () => ({
  message: 'm'.repeat(ERROR_LOG_LIMITS.message), stack: 's'.repeat(ERROR_LOG_LIMITS.stack), url: 'u'.repeat(ERROR_LOG_LIMITS.url), time: 't'.repeat(ERROR_LOG_LIMITS.time),
})

describe('users/error-log', () => {
  describe('error-log upload quota and table cap (real limits)', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 0, rateLimitScale: 1 })
      for (const [name, password] of [['acme', 'Acme@12345'], ['acme01', 'Acme01@12345'], ['acme02', 'Acme02@12345'], ['globex', 'Globex@12345']]) {
        tok[name] = await h.tokenFor(name, password)
      }
    })
    afterAll(() => h.close())

    const upload = (logs: unknown[], token: string, ua = 'Mozilla/5.0') =>
      h.call('/errorLog/upload', { logs }, { token, lang: 'en', headers: { 'user-agent': ua } })
    const rowsOf = (cusId: string) => countOf(h.db, 'select count(*)::int as n from error_log where cus_id = $1', [cusId])

    it('stores the console’s full log of clipped entries, with the user agent cut short', async () => {
      const logs = Array.from({ length: ERROR_LOG_LIMITS.entries }, (_, i) => consoleEntry(i))
      const res = await upload(logs, tok.acme, `Mozilla/5.0 ${'x'.repeat(5000)}`)
      expect(res).toMatchObject({ status: 200, msg: 'Error log uploaded', data: { count: ERROR_LOG_LIMITS.entries } })
      expect(await rowsOf('acme')).toBe(ERROR_LOG_LIMITS.entries)
      expect(await countOf(h.db, `select max(length(user_agent))::int as n from error_log where cus_id = 'acme'`)).toBe(512)
    })

    it('refuses entries beyond the schema’s bounds with 400 and stores nothing', async () => {
      const big = fullEntry()
      for (const logs of [
        [{ ...big, message: big.message + 'm' }],
        [{ ...big, stack: big.stack + 's' }],
        [{ ...big, time: big.time + 't' }],
        Array.from({ length: ERROR_LOG_LIMITS.entries + 1 }, () => ({ message: 'x' })),
      ]) {
        expect((await upload(logs, tok.globex)).status).toBe(400)
      }
      expect(await rowsOf('globex')).toBe(0)
    })

    it('keeps a flood of the largest uploads within the account’s hourly bytes; other accounts still upload', async () => {
      const logs = Array.from({ length: ERROR_LOG_LIMITS.entries }, fullEntry)
      const answers = []
      for (let i = 0; i < 6; i++) answers.push((await upload(logs, tok.acme01)).status)
      expect(answers).toEqual([200, 200, 200, 429, 429, 429])
      const bytes = await countOf(h.db, `select coalesce(sum(octet_length(message) + octet_length(stack) + octet_length(url) + octet_length(time) + octet_length(user_agent)), 0)::int as n from error_log where cus_id = 'acme01'`)
      expect(bytes).toBeLessThanOrEqual(RATE_RULES.errorLogBytes.points)
      expect((await upload([consoleEntry(1)], tok.acme02)).status).toBe(200)
    })

    it('refuses an account’s uploads beyond its per-minute count', async () => {
      const statuses = []
      for (let i = 0; i <= RATE_RULES.errorLogUpload.points; i++) statuses.push((await upload([{ message: `tick ${i}` }], tok.acme02)).status)
      // acme02 already uploaded once in the test before.
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_RULES.errorLogUpload.points - 1)
      expect(statuses.slice(-2)).toEqual([429, 429])
    })

    it('keeps the table to its newest ERROR_LOG_ROWS_MAX rows, dropping the oldest', async () => {
      await h.db.query(
        `insert into error_log (cus_id, message) select 'globex01', 'old ' || g from generate_series(1, $1::int) g`, [ERROR_LOG_ROWS_MAX])
      const globex01 = await h.tokenFor('globex01', 'Globex01@12345')
      expect((await upload([{ message: 'newest' }, { message: 'newest' }], globex01)).status).toBe(200)
      expect(await countOf(h.db, 'select count(*)::int as n from error_log')).toBeLessThanOrEqual(ERROR_LOG_ROWS_MAX)
      expect(await countOf(h.db, `select count(*)::int as n from error_log where message = 'newest'`)).toBe(2)
      expect(await countOf(h.db, `select count(*)::int as n from error_log where message in ('old 1', 'old 2')`)).toBe(0)
      expect(await countOf(h.db, `select count(*)::int as n from error_log where message = 'old 3'`)).toBe(1)
    })
  })
})
