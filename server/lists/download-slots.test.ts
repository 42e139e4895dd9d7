import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setup, type Harness } from '../test/harness'
import { MAX_RUNNING_DOWNLOADS } from './download'

/*
 * Each running download holds a batch of rows and a file writer while its client reads; one account cannot keep more
 * than MAX_RUNNING_DOWNLOADS of them open at once (memory bounded whoever calls).
 */
describe('lists/download-slots', () => {
  describe('running downloads per account', () => {
    let h: Harness
    const tok: Record<string, string> = {}
    beforeAll(async () => {
      h = await setup({ historyRows: 3000 })
      tok.acme = await h.tokenFor('acme', 'Acme@12345')
      tok.globex = await h.tokenFor('globex', 'Globex@12345')
    })
    afterAll(() => h.close())

    const start = (token: string) => h.app.request('/api/mtRecord/download', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: JSON.stringify({ format: 'csv', start_time: '2000-01-01', end_time: '2099-12-31' }),
    })

    it(`refuses a download past ${MAX_RUNNING_DOWNLOADS} running ones, and takes one again when a file ends or is abandoned`, async () => {
      const open = []
      for (let i = 0; i < MAX_RUNNING_DOWNLOADS; i++) {
        const res = await start(tok.acme)
        expect(res.status).toBe(200)
        open.push(res)
      }
      const refused = await start(tok.acme)
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as { msg: string }).msg).toBe(`At most ${MAX_RUNNING_DOWNLOADS} downloads can run at once; try again when one has finished`)
      // Another account is not affected.
      const other = await start(tok.globex)
      expect(other.status).toBe(200)
      await other.body?.cancel()

      await open[0].body?.cancel()
      const afterCancel = await start(tok.acme)
      expect(afterCancel.status).toBe(200)
      expect((await start(tok.acme)).status).toBe(429)

      expect((await open[1].text()).length).toBeGreaterThan(0)
      const afterEnd = await start(tok.acme)
      expect(afterEnd.status).toBe(200)
      for (const res of [open[2], afterCancel, afterEnd]) await res.body?.cancel()
      const again = await start(tok.acme)
      expect(again.status).toBe(200)
      await again.body?.cancel()
    })

    it('counts the slots every server process holds (rows of download_slot), and lets a crashed process\' slots lapse', async () => {
      // Two slots held by another process, one of them left by a process that died a while ago.
      await h.db.query(`insert into download_slot (cus_id, expires_at) values ('acme', now() + interval '1 minute'), ('acme', now() - interval '1 second')`)
      const mine = await start(tok.acme)
      expect(mine.status).toBe(200)
      expect((await start(tok.acme)).status).toBe(200)
      expect((await start(tok.acme)).status).toBe(429)
      await h.db.query(`update download_slot set expires_at = now() - interval '1 second' where cus_id = 'acme'`)
      const fresh = await start(tok.acme)
      expect(fresh.status).toBe(200)
      await fresh.body?.cancel()
      await mine.body?.cancel()
      await h.db.query(`delete from download_slot`)
    })
  })
})
