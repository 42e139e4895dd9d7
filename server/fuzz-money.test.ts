import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_PREFIX } from '../src/domain/api'
import { OPERATIONS } from '../src/domain/operations'
import { setup, type Harness } from './test/harness'
import { fuzzTarget, moneyCases, runCase, type Doc, type FuzzTarget } from './test/fuzz-kit'

/*
 * Every money field of the API (marked with its numeric(p, s) column in src/domain/money.ts) at the edges of its
 * column, as an administrator and as a customer: none may reach the database to overflow (a 5xx), and the schema's
 * verdict holds (a value it refuses is a 400, one it accepts is not refused as malformed). The checks are the API
 * fuzz's (server/test/fuzz-kit.ts runCase); the values are fixed, so every run tries every boundary.
 */
const SEED = 20_240_611
const MONEY = OPERATIONS.filter((op) => op.request.kind === 'json'
  && JSON.stringify(z.toJSONSchema(op.request.schema, { io: 'input', unrepresentable: 'any' })).includes('"x-column"'))

describe('money fields at the edges of their columns', () => {
  let h: Harness
  let t: FuzzTarget
  let doc: Doc
  beforeAll(async () => {
    h = await setup({ historyRows: 0 })
    doc = (await (await h.app.request(`${API_PREFIX}/openapi.json`)).json()) as Doc
    t = await fuzzTarget(h.app, h.db, h.tokenFor)
  })
  afterAll(() => h.close())

  it('finds them: charges, transfers, adjustments, prices and balance warnings', () => {
    expect(MONEY.map((op) => op.path).sort()).toEqual(['/customer/customerAdd', '/customer/customerCharge', '/subAccount/charge', '/warn/modifyCusBneWarn'])
  })

  it.each(MONEY.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))('%s', async (_, op) => {
    for (const account of ['admin', 'acme'] as const) {
      const cases = moneyCases(doc, op, t.hints, account, SEED)
      expect(cases.length).toBeGreaterThan(0)
      for (const c of cases) {
        const { problems } = await runCase(t, op, c)
        expect(problems, JSON.stringify(c.body)).toEqual([])
      }
    }
  })
})
