import { hasInteract, INTERACT_MARKER } from '../../src/domain/interact'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { Where } from '../lists'
import { refillTimedInteract } from './interact-send'
import { refillTimedLinks } from './short-links'

/** What decides how a timed batch's details carry its content. */
interface EditedBatch {
  time_batch: string
  kind: string
  batch_type: number
}

/**
 * /pageTimeBatch/edit: the content of the timed batch `where` finds (scoped to the user, in a status that allows an
 * edit, not a video or 5G batch) and of its details, in one transaction; false when there is none. Same-content
 * batches carry the text in every detail; a link batch's details each keep their recipient's short link inside the
 * new text, an interactive one's its page address; point-to-point details keep their own texts. Throws the 400 of a
 * content that does not fit, nothing changed.
 */
export async function editTimedContent(db: Db, where: Where, content: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EditedBatch>(
      `select time_batch, kind, batch_type::int as batch_type from time_batch ${where.sql} for update`, where.params)
    if (!rows.length) return false
    const b = rows[0]
    await tx.query('update time_batch set content = $2, update_time = now() where time_batch = $1', [b.time_batch, content])
    if (b.kind === 'link') await refillTimedLinks(tx, b.time_batch, content)
    else if (b.batch_type === 0 && !(await refillTimedInteract(tx, b.time_batch, content))) {
      // Answer pages are made when a batch is sent; a batch sent without them cannot gain the marker afterwards.
      if (hasInteract(content)) throw new ApiError(400, 'interactNotInBatch', { marker: INTERACT_MARKER })
      await tx.query('update time_mt_message set content = $2 where time_batch = $1', [b.time_batch, content])
    }
    return true
  })
}
