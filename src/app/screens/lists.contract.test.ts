import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as accounts from '@/domain/lists/accounts'
import * as apiKeys from '@/domain/api-keys'
import * as addressBook from '@/domain/lists/address-book'
import * as audit from '@/domain/lists/audit'
import * as failures from '@/domain/lists/failures'
import * as numberCheck from '@/domain/lists/number-check'
import * as recharge from '@/domain/lists/recharge'
import * as records from '@/domain/lists/records'
import * as stats from '@/domain/lists/stats'
import * as templates from '@/domain/lists/templates'
import * as timed from '@/domain/lists/timed'
import * as materials from '@/domain/materials'
import type { ListContext, ListDefinition } from '@/grid'
import { buildPayload, readView } from '@/grid/url-state'
import { setup, type Harness } from '../../../server/test/harness'
import { LISTS } from './registry'

/*
 * Every declaration against its real endpoint, as the administrator on a fresh demo database: the payload the
 * screen sends on first open is accepted, each row parses with the declaration's row schema, every plain column
 * names a field the rows carry, and the totals row gets every declared total.
 */
let h: Harness
let token: string
let ctx: ListContext

beforeAll(async () => {
  h = await setup()
  token = await h.tokenFor('admin', 'Admin@12345')
  const info = await h.call('/user/getUserInfo', {}, { token })
  ctx = { authUser: info.data.userInfo.authUser, roles: info.data.roles, flags: Object.fromEntries(info.data.permission.map((p: string) => [p, true])) }
})
afterAll(() => h?.close())

/** The first page the screen asks for; `wide` replaces the default window by every date (a small seed is sparse). */
async function firstPage(def: ListDefinition, wide = false) {
  const fields = def.searchFields.filter((f) => !f.visibleWhen || f.visibleWhen(ctx))
  const view = readView(def, fields, {})
  if (wide) Object.assign(view.filters, { start_time: '2000-01-01', end_time: '2100-01-01' })
  const payload = buildPayload(def, view)
  if (!def.fetchPage) return h.call(def.endpoint, payload, { token })
  // The crud sample lists with GET and its own paging names.
  const res = await h.app.request(`/api${def.endpoint}?page=${payload.pageNumber}&size=${payload.pageSize}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: any }) } // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('list declarations against their endpoints', () => {
  it.each(LISTS.map((d) => [d.id, d] as const))('%s', async (_id, def) => {
    let res = await firstPage(def)
    expect(res.status, res.msg).toBe(200)
    if (res.data.total === 0) res = await firstPage(def, true)
    const { records, total, totals } = res.data as { records: Record<string, unknown>[]; total: number; totals?: Record<string, unknown> }
    expect(total, 'demo data covers the list').toBeGreaterThan(0)
    for (const row of records) expect(def.rowSchema.safeParse(row).error?.issues ?? []).toEqual([])
    const plain = def.columns.filter((c) => !c.value && !c.visibleWhen).map((c) => c.field)
    for (const field of plain) expect(Object.keys(records[0]), field).toContain(field)
    for (const key of def.totals ?? []) expect(totals?.[key], `totals.${key}`).toEqual(expect.any(Number))
  })
})

/** A column marked sortable must be in a domain sort whitelist, or the server silently keeps its default order. */
it('sortable columns are in the domain sort whitelists', () => {
  const whitelisted = new Set(
    [accounts, apiKeys, addressBook, audit, failures, numberCheck, recharge, records, stats, templates, timed, materials]
      .flatMap((m) => Object.entries(m).filter(([k]) => k.endsWith('_SORTABLE')).flatMap(([, v]) => v as readonly string[])),
  )
  for (const def of LISTS) for (const c of def.columns.filter((c) => c.sortable)) expect(whitelisted.has(c.field), `${def.id}.${c.field}`).toBe(true)
})
