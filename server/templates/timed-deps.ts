import { TIMED_STATUS } from '../../src/domain/lists/timed'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'

/** Batches shown in the refusal; the message says "…" past them. */
const SHOWN = 5
/** A timed batch still to send: waiting (0) or paused (2, it may be recovered). Intercepted and sent ones are done. */
const NOT_SENT = [TIMED_STATUS.toBeSent, TIMED_STATUS.paused]

/**
 * 409 templateInUse naming the timed batches not yet sent that send template `id` of `kind` (a csp batch its 5G
 * template or its video fallback, a video batch its video template). Called inside the delete's transaction after the
 * template row is locked `for update`; the sends lock it `for share` before they record a batch, so no batch can
 * start depending on a template between this check and its delete.
 */
export async function refuseIfTimedBatchesUse(tx: Db, kind: 'csp' | 'video', id: number) {
  const sql = kind === 'csp'
    ? `select tb.time_batch from time_batch tb join csp_send s on s.batch_id = tb.time_batch
       where s.template_id = $1 and tb.send_status = any($2::int[])`
    : `select tb.time_batch from time_batch tb join video_send s on s.batch_id = tb.time_batch
       where s.cus_template_id = $1 and tb.send_status = any($2::int[])
       union
       select tb.time_batch from time_batch tb join csp_send s on s.batch_id = tb.time_batch
       where s.video_template_id = $1 and tb.send_status = any($2::int[])`
  const { rows } = await tx.query<{ time_batch: string }>(`${sql} order by 1 limit ${SHOWN + 1}`, [id, NOT_SENT])
  if (!rows.length) return
  const names = rows.slice(0, SHOWN).map((r) => r.time_batch).join(', ') + (rows.length > SHOWN ? ' …' : '')
  throw new ApiError(409, 'templateInUse', { batches: names })
}
