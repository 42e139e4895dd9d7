import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import type { Db } from '../../db'
import { setup, type Harness } from '../../test/harness'
import { IMPORT_CHUNKED_FROM, IMPORT_STORE_CHUNK, undoImportsLeft } from './address-book-storing'

/*
 * A large contact import (migration 043): on PGlite stored a chunk per transaction, on PostgreSQL in one. These tests
 * stop it once its first contacts are stored and before the rest: on PGlite between two of its transactions (no
 * transaction open, so the database is free), on PostgreSQL inside its one transaction (other connections are
 * free). What other users see then, what an error or a crash at that point leaves, and what a retry gets.
 */

/** A Db that runs `gate` once the import stored its first contacts and before it stores more. */
function pausedMidImport(db: Db, gate: () => Promise<void>): Db {
  if (db.kind === 'pglite') {
    // Transaction 1 claims the key and lists the upload as storing, 2 stores the first chunk; stop before the third.
    let count = 0
    return {
      ...db, kind: db.kind, query: (text, params) => db.query(text, params),
      transaction: async (fn) => {
        if (++count === 3) await gate()
        return db.transaction(fn)
      },
    }
  }
  let inserted = false
  const traced = (tx: Db): Db => ({
    ...tx, kind: tx.kind,
    query: async (text, params) => {
      const out = await tx.query(text, params)
      if (!inserted && /insert into ab_contact/.test(text)) {
        inserted = true
        await gate()
      }
      return out as never
    },
  })
  return { ...db, kind: db.kind, query: (text, params) => db.query(text, params), transaction: (fn) => db.transaction((tx) => fn(traced(tx))) }
}

const N = IMPORT_CHUNKED_FROM + IMPORT_STORE_CHUNK / 2 // stored in several chunks on PGlite
const mobile = (i: number) => `139${String(i).padStart(8, '0')}`

describe('routes/lists/address-book-storing', () => {
  describe('a large contact import', () => {
    let h: Harness
    let t: Record<string, string>
    let nextMobile = 10_000_000
    beforeAll(async () => {
      h = await setup({ historyRows: 0 })
      t = await h.tokensFor('acme', 'globex')
    })
    afterAll(() => h.close())

    const appOn = (db: Db) => createApp({ db, carrier: h.carrier, config: { distDir: '/nonexistent-dist', rateLimitScale: 1000 } })
    /** A group holding one contact added by hand, and a file of N new mobiles that repeats that contact's once. */
    const prepared = async (name: string) => {
      const g = (await h.call('/addressBook/addressBookGroupAdd', { group_name: name }, { token: t.acme })).data.group_id as number
      const old = mobile(nextMobile++)
      expect((await h.call('/addressBook/addressBookMemberAdd', { group_id: g, name: 'By hand', mobile: old }, { token: t.acme })).status).toBe(200)
      const lines = [`2\tAgain\t${old}`]
      for (let i = 0; i < N; i++) lines.push(`${i + 3}\tContact ${i}\t${mobile(nextMobile++)}`)
      return { g, rows: lines.join('\n'), first: mobile(nextMobile - N) }
    }
    const upload = async (groupId: number, rows: string) => {
      const f = new FormData()
      f.append('payload', JSON.stringify({ group_id: groupId }))
      f.append('rows', new Blob([rows], { type: 'text/tab-separated-values' }), 'rows.tsv')
      const res = await h.app.request('/api/file/uploadAddressBook', { method: 'POST', headers: { authorization: `Bearer ${t.acme}` }, body: f })
      const json = (await res.json()) as { data: { upload_id: number; add: number; in_group: number; in_file: number } }
      expect(res.status).toBe(200)
      return json.data
    }
    const commitOn = async (app: ReturnType<typeof appOn>, uploadId: number, key: string) => {
      const res = await app.request('/api/addressBook/addressBookMemberImport', {
        method: 'POST', headers: { authorization: `Bearer ${t.acme}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ upload_id: uploadId, idempotency_key: key }),
      })
      return { status: res.status, ...((await res.json()) as { msg: string; data: { added: number; duplicates: number } }) }
    }
    const stored = async (g: number) => (await h.db.query<{ n: number }>('select count(*)::int as n from ab_contact where group_id = $1', [g])).rows[0].n
    /** Every way the console shows a group's contacts, as the owner sees them now. */
    const shown = async (g: number, name: string, someMobile: string) => {
      const acme = { token: t.acme }
      const numbers = await h.app.request('/api/addressBook/groupMobileDetail', {
        method: 'POST', headers: { authorization: `Bearer ${t.acme}`, 'content-type': 'application/json' }, body: JSON.stringify({ group_ids: [g] }),
      })
      return {
        listed: (await h.call('/addressBook/list', { group_id: g, current: 1, size: 20 }, acme)).data.total,
        searched: (await h.call('/addressBook/list', { mobile: someMobile, current: 1, size: 20 }, acme)).data.total,
        groupList: (await h.call('/addressBook/groupList', { group_name: name, current: 1, size: 20 }, acme)).data.records[0].member_count,
        detail: (await h.call('/addressBook/addressBookGroupDetail', { group_id: g }, acme)).data.member_count,
        picker: (await h.call('/addressBook/hasMemberGroupList', {}, acme)).data.find((r: { group_id: number }) => r.group_id === g)?.member_count,
        numbers: (await numbers.text()).trim().split('\n').length,
      }
    }

    it('lets other users work while it is stored, shows nothing of it until complete, then all of it', async () => {
      const { g, rows, first } = await prepared('Big import')
      const up = await upload(g, rows)
      expect(up).toMatchObject({ add: N, in_group: 1 })
      const seen: Record<string, unknown> = {}
      const db = pausedMidImport(h.db, async () => {
        seen.shown = await shown(g, 'Big import', first)
        seen.otherUser = (await h.call('/addressBook/list', { current: 1, size: 20 }, { token: t.globex })).status
      })
      const res = await commitOn(appOn(db), up.upload_id, randomUUID())
      expect(res).toMatchObject({ status: 200, data: { added: N, duplicates: 1 } })
      expect(seen).toEqual({ shown: { listed: 1, searched: 0, groupList: 1, detail: 1, picker: 1, numbers: 1 }, otherUser: 200 })
      expect(await shown(g, 'Big import', first)).toEqual({ listed: N + 1, searched: 1, groupList: N + 1, detail: N + 1, picker: N + 1, numbers: N + 1 })
      expect((await h.db.query<{ n: number }>('select count(*)::int as n from ab_import_storing')).rows[0].n).toBe(0)
    })

    it('undoes what it stored when it fails mid-way; the same key then imports it whole, and a second import of the file finds every contact there', async () => {
      const { g, rows } = await prepared('Failing import')
      const up = await upload(g, rows)
      const key = randomUUID()
      const failing = pausedMidImport(h.db, () => Promise.reject(new Error('disk full')))
      expect((await commitOn(appOn(failing), up.upload_id, key)).status).toBe(500)
      expect(await stored(g)).toBe(1)
      expect(await undoImportsLeft(h.db)).toBe(0)

      const retry = await commitOn(h.app, up.upload_id, key)
      expect(retry).toMatchObject({ status: 200, data: { added: N, duplicates: 1 } })
      expect(await stored(g)).toBe(N + 1)
      // The same file again: the preview and the commit count duplicates as for any import.
      const again = await upload(g, rows)
      expect(again).toMatchObject({ add: 0, in_group: N + 1, in_file: 0 })
      expect(await commitOn(h.app, again.upload_id, randomUUID())).toMatchObject({ status: 200, data: { added: 0, duplicates: N + 1 } })
      expect(await stored(g)).toBe(N + 1)
    })
  })
})

