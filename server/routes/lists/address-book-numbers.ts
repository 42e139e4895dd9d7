import { Hono } from 'hono'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { keysetBatches, Where } from '../../lists'
import { mayFilterAccount } from './common'
import { requestLog } from '../../http/request-log'
import { madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'

const MOBILE_BATCH = 20_000

/** Address-book groups as a send's number source (src/domain/group-numbers.ts). */
export function addressBookNumberRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  operation(r, '/addressBook/hasMemberGroupList', auth, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 'g.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `g.cus_id = ${w.bind(v)}`)
    const { rows } = await db.query(
      `select g.group_id, g.cus_id, g.group_name, m.n as member_count
       from ab_group g join lateral (select count(*)::int as n from ab_contact a where a.group_id = g.group_id) m on m.n > 0
       ${w.sql} order by g.cus_id, g.group_name, g.group_id`, w.params)
    return ok(c, rows)
  })

  operation(r, '/addressBook/groupMobileDetail', auth, async (c, input) => {
    const q = await input()
    const ids = [...new Set(q.group_ids)]
    const w = new Where().scope(c.get('user'), 'g.cus_id')
    w.and(`g.group_id = any(${w.bind(ids)}::int[])`)
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ab_group g ${w.sql}`, w.params)
    // A group the caller may not see (another tenant's, or none) refuses the whole request: nothing of it leaks.
    if (rows[0].n !== ids.length) throw new ApiError(403, 'forbidden')
    // The numbers are data taken away (a send's source, or a file): who took which groups.
    await audit(db, c, { action: 'exported', target: { id: '/addressBook/groupMobileDetail' }, changes: madeWith({ groups: ids }) })
    const members = new Where()
    members.and(`a.group_id = any(${members.bind(ids)}::int[])`)
    const batches = keysetBatches<{ mobile: string }>(db, {
      select: 'a.mobile', from: 'ab_contact a', where: members, order: 'asc', key: [{ sql: 'a.id', type: 'bigint' }], batchSize: MOBILE_BATCH,
    })[Symbol.asyncIterator]()
    const encoder = new TextEncoder()
    // Pulled: the next batch is read only once the client took the previous one.
    const stream = new ReadableStream<Uint8Array>({
      async pull(ctl) {
        try {
          const next = await batches.next()
          if (next.done) return ctl.close()
          ctl.enqueue(encoder.encode(next.value.map((m) => m.mobile).join('\n') + '\n'))
        } catch (err) {
          requestLog(c).error({ err }, 'group numbers download failed part way')
          ctl.error(err)
        }
      },
      async cancel() {
        await batches.return(undefined)
      },
    }, { highWaterMark: 1 })
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
  })

  return r
}
