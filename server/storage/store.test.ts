import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drain, FileStore } from './file-store'
import { S3Store } from './s3-store'
import { startS3 } from './s3rver.test-helper'
import { objectKey, tenantSegment, type ObjectStore } from './store'

const bytes = (n: number) => new Uint8Array(Array.from({ length: n }, (_, i) => i % 251))

/** One contract, two stores: what the routes rely on. */
function contract(name: string, open: () => Promise<{ store: ObjectStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let store: ObjectStore
    let close: () => Promise<void>
    beforeAll(async () => ({ store, close } = await open()))
    afterAll(() => close())

    it('puts bytes and streams, then heads, gets whole and in a range, and deletes', async () => {
      const key = objectKey('acme')
      await store.put(key, bytes(1000), { contentType: 'image/png' })
      expect((await store.head(key))?.size).toBe(1000)
      const whole = await store.get(key)
      expect(whole?.size).toBe(1000)
      expect(await drain(whole!.body)).toEqual(bytes(1000))
      const part = await store.get(key, { start: 10, end: 19 })
      expect(part?.size).toBe(1000)
      expect(await drain(part!.body)).toEqual(bytes(1000).slice(10, 20))

      const streamed = objectKey('acme')
      await store.put(streamed, new Blob([bytes(300)]).stream(), { contentType: 'video/mp4' })
      expect(await drain((await store.get(streamed))!.body)).toEqual(bytes(300))

      await store.delete(key)
      expect(await store.head(key)).toBeNull()
      expect(await store.get(key)).toBeNull()
      await expect(store.delete(key)).resolves.toBeUndefined()
    })

    it('refuses any key it did not make: traversal, absolute, other shapes', async () => {
      for (const key of ['../../etc/passwd', `m/${tenantSegment('acme')}/../../../x`, '/etc/passwd', 'm/x/y', `m/${tenantSegment('acme')}/a.png`, '']) {
        await expect(store.put(key, bytes(1), { contentType: 'image/png' }), key).rejects.toThrow(/key/)
        await expect(store.get(key), key).rejects.toThrow(/key/)
        await expect(store.delete(key), key).rejects.toThrow(/key/)
      }
    })

    it('lists its objects in key order a page at a time, each with when it was written', async () => {
      const before = await store.list({ limit: 1000 })
      for (const o of before.objects) await store.delete(o.key)
      const keys = [objectKey('acme'), objectKey('globex'), objectKey('acme'), objectKey('initech'), objectKey('acme')]
      for (const key of keys) await store.put(key, bytes(3), { contentType: 'image/png' })
      const seen: string[] = []
      let after: string | undefined
      for (let pages = 0; ; pages++) {
        const page = await store.list({ after, limit: 2 })
        expect(page.objects.length).toBeLessThanOrEqual(2)
        for (const o of page.objects) expect(Math.abs(o.modified.getTime() - Date.now())).toBeLessThan(3_600_000)
        seen.push(...page.objects.map((o) => o.key))
        if (page.next === null) break
        after = page.next
        expect(pages).toBeLessThan(5)
      }
      expect(seen).toEqual([...keys].sort())
    })

    it('keys objects by tenant: two tenants never share a folder, the same tenant always does', () => {
      const [a, b, c] = [objectKey('acme'), objectKey('globex'), objectKey('acme')]
      expect(a.split('/')[1]).toBe(c.split('/')[1])
      expect(a.split('/')[1]).not.toBe(b.split('/')[1])
      expect(a).not.toBe(c)
    })
  })
}

contract('FileStore (DATA_DIR/files)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'files-'))
  const store = new FileStore(dir)
  return {
    store,
    close: async () => {
      // Nothing but the objects' folders is left behind (no temporary files from the writes).
      const left = await readdir(dir, { recursive: true })
      expect(left.filter((p) => p.includes('.tmp-'))).toEqual([])
      await rm(dir, { recursive: true, force: true })
    },
  }
})

contract('S3Store (s3rver)', async () => {
  const s3 = await startS3()
  return { store: new S3Store(s3.settings), close: s3.stop }
})
