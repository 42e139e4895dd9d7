import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FileStore } from '../storage/file-store'
import { S3Store } from '../storage/s3-store'
import { startS3 } from '../storage/s3rver.test-helper'
import { objectKey, tenantSegment, type ObjectStore } from '../storage/store'
import { setup, type Harness } from '../test/harness'
import { sweepOrphans } from './sweep'

const HOUR = 3_600_000
const later = () => new Date(Date.now() + 2 * HOUR)

/** A stored object with a material row (a real upload) or without one (a crash before the insert). */
async function put(h: Harness, store: ObjectStore, cusId: string, withRow: boolean): Promise<string> {
  const key = objectKey(cusId)
  await store.put(key, new Uint8Array([1, 2, 3]), { contentType: 'image/png' })
  if (withRow) {
    await h.db.query(
      `insert into material (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256) values ($1, 'image', 'aim', 'a.png', 'image/png', 3, $2, '')`,
      [cusId, key])
  }
  return key
}

async function keysOf(store: ObjectStore): Promise<string[]> {
  const keys: string[] = []
  let after: string | undefined
  for (;;) {
    const page = await store.list({ after, limit: 1000 })
    keys.push(...page.objects.map((o) => o.key))
    if (page.next === null) return keys
    after = page.next
  }
}

function sweepSuite(name: string, getH: () => Harness, open: () => Promise<{ store: ObjectStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let store: ObjectStore
    let close: () => Promise<void>
    beforeAll(async () => ({ store, close } = await open()))
    afterAll(() => close())
    beforeEach(async () => {
      const h = getH()
      for (const key of await keysOf(store)) await store.delete(key)
      await h.db.query("update storage_sweep set holder = null, lease_until = '-infinity', after_key = ''")
    })

    it('deletes objects an hour old with no material row, keeps those with one and those still young', async () => {
      const h = getH()
      const kept = [await put(h, store, 'acme', true), await put(h, store, 'globex', true)]
      const orphans = [await put(h, store, 'acme', false), await put(h, store, 'globex', false)]
      // Now: every object is seconds old, an upload possibly still committing its row. Nothing goes.
      expect(await sweepOrphans(getH().db, store)).toMatchObject({ ran: true, listed: 4, deleted: 0, passEnded: true })
      expect((await keysOf(store)).sort()).toEqual([...kept, ...orphans].sort())
      // Two hours on, the orphans go and the materials stay.
      expect(await sweepOrphans(getH().db, store, { now: later() })).toMatchObject({ ran: true, deleted: 2, passEnded: true })
      expect((await keysOf(store)).sort()).toEqual(kept.sort())
    })

    it('walks a page at a time and resumes where the last step stopped, also in another process', async () => {
      const h = getH()
      const all = await Promise.all(Array.from({ length: 7 }, (_, i) => put(h, store, i % 2 ? 'acme' : 'initech', i % 3 === 0)))
      const first = await sweepOrphans(h.db, store, { now: later(), pageSize: 2, pages: 1, holder: 'p1' })
      expect(first).toMatchObject({ ran: true, listed: 2, passEnded: false })
      const reached = (await h.db.query<{ after_key: string }>('select after_key from storage_sweep')).rows[0].after_key
      expect(reached).toBe([...all].sort()[1])
      let steps = 1
      for (let r = first; !r.passEnded; steps++) r = await sweepOrphans(h.db, store, { now: later(), pageSize: 2, pages: 1, holder: steps % 2 ? 'p2' : 'p1' })
      expect(steps).toBe(4)
      expect((await keysOf(store)).sort()).toEqual(all.filter((_, i) => i % 3 === 0).sort())
      expect((await h.db.query<{ after_key: string }>('select after_key from storage_sweep')).rows[0].after_key).toBe('')
    })

    it('leaves the walk to the process that holds its lease, and takes over a lease that ran out', async () => {
      const h = getH()
      const orphan = await put(h, store, 'acme', false)
      await h.db.query("update storage_sweep set holder = 'other', lease_until = now() + interval '5 minutes'")
      expect(await sweepOrphans(h.db, store, { now: later() })).toEqual({ ran: false, listed: 0, deleted: 0, passEnded: false })
      expect(await keysOf(store)).toEqual([orphan])
      // The holder died: its lease expires and the walk goes on without it.
      await h.db.query("update storage_sweep set lease_until = now() - interval '1 second'")
      expect(await sweepOrphans(h.db, store, { now: later() })).toMatchObject({ ran: true, deleted: 1 })
    })
  })
}

describe('materials/sweep', () => {
  let h: Harness
  beforeAll(async () => (h = await setup({ historyRows: 0 })))
  afterAll(() => h.close())

  sweepSuite('orphan sweep: files', () => h, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sweep-files-'))
    return { store: new FileStore(dir), close: () => rm(dir, { recursive: true, force: true }) }
  })
  sweepSuite('orphan sweep: S3 (s3rver)', () => h, async () => {
    const s3 = await startS3()
    return { store: new S3Store(s3.settings), close: s3.stop }
  })

  it('removes what an interrupted file write left (.tmp-*) once it is an hour old', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sweep-tmp-'))
    const store: ObjectStore = new FileStore(dir)
    const folder = join(dir, 'm', tenantSegment('acme'))
    await store.put(objectKey('acme'), new Uint8Array([1]), { contentType: 'image/png' })
    await writeFile(join(folder, '.tmp-old'), 'x')
    await writeFile(join(folder, '.tmp-new'), 'x')
    const hoursAgo = new Date(Date.now() - 2 * HOUR)
    await utimes(join(folder, '.tmp-old'), hoursAgo, hoursAgo)
    await h.db.query("update storage_sweep set holder = null, lease_until = '-infinity', after_key = ''")
    await sweepOrphans(h.db, store)
    expect((await readdir(folder)).filter((n) => n.startsWith('.tmp-'))).toEqual(['.tmp-new'])
    await rm(dir, { recursive: true, force: true })
  })
})
