import { PROD_TYPE } from '../../src/domain/constants'
import { hasInteract, INTERACT_MARKER } from '../../src/domain/interact'
import { hasOptOut } from '../../src/domain/marketing'
import { requireSignatures } from '../signatures/store'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { Where } from '../lists'
import { refillTimedInteract } from './interact-send'
import { refillTimedLinks } from './short-links'

/** What decides how a timed batch's details carry its content. */
interface EditedBatch {
  time_batch: string
  cus_id: string
  prod_type: number
  kind: string
  batch_type: number
  marketing: boolean
}

/**
 * /pageTimeBatch/edit: the content of the timed batch `where` finds (scoped to the user, in a status that allows an
 * edit, not a video or 5G batch) and of its details, in one transaction; false when there is none. Same-content
 * batches carry the text in every detail; a link batch's details each keep their recipient's short link inside the
 * new text, an interactive one's its page address; point-to-point details keep their own texts. Throws the 400 of a
 * content that does not fit, nothing changed. The new text keeps the rules of a send: a domestic one starts with an
 * approved signature, a marketing one carries a refusal instruction.
 */
export async function editTimedContent(db: Db, where: Where, content: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<EditedBatch>(
      `select time_batch, cus_id, prod_type::int as prod_type, kind, batch_type::int as batch_type, marketing
       from time_batch ${where.sql} for update`, where.params)
    if (!rows.length) return false
    const b = rows[0]
    if (b.prod_type === PROD_TYPE.ordinary) await requireSignatures(tx, b.cus_id, { content })
    if (b.marketing && !hasOptOut(content)) throw new ApiError(400, 'marketingOptOut', {}, undefined, { fields: { content: 'marketingOptOut' } })
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
