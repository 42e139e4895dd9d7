import { hasInteract, INTERACT_MARKER } from '../../src/domain/interact'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import type { Where } from '../lists'
import { refillTimedInteract } from './interact-send'
import { refillTimedLinks } from './short-links'
import { beginStoring, finishStoring, STORE_CHUNK, storesInChunks, undoStoring, yieldTurn, type SnRange } from './storing'

/** What decides how a timed batch's details carry its content. */
interface EditedBatch {
  time_batch: string
  cus_id: string
  kind: string
  batch_type: number
  batch_count: number
  content: string
}

/** Whether an edit of the batch's content rewrites its details (point-to-point details keep their own texts). */
const rewritesDetails = (b: Pick<EditedBatch, 'kind' | 'batch_type'>) => b.kind === 'link' || b.batch_type === 0

/**
 * The details of a timed batch rewritten for its new content (all of them, or those in `sns`): same-content batches
 * carry the text in every detail; a link batch's details each keep their recipient's short link inside the new text,
 * an interactive one's its page address. Throws the 400 of a content that does not fit.
 */
async function refillDetails(tx: Db, b: Pick<EditedBatch, 'time_batch' | 'kind' | 'batch_type'>, content: string, sns?: SnRange): Promise<void> {
  if (b.kind === 'link') await refillTimedLinks(tx, b.time_batch, content, sns)
  else if (b.batch_type === 0 && !(await refillTimedInteract(tx, b.time_batch, content, sns))) {
    // Answer pages are made when a batch is sent; a batch sent without them cannot gain the marker afterwards.
    if (hasInteract(content)) throw new ApiError(400, 'interactNotInBatch', { marker: INTERACT_MARKER })
    await tx.query(`update time_mt_message set content = $2 where time_batch = $1 ${sns ? 'and sn > $3 and sn <= $4' : ''}`,
      [b.time_batch, content, ...(sns ? [sns.after, sns.last] : [])])
  }
}

/** The next chunk of a batch's details after sn `after` (through the (time_batch, sn) index), or null when none is left. */
async function nextChunk(tx: Db, timeBatch: string, after: number): Promise<SnRange | null> {
  const { rows } = await tx.query<{ last: string | null }>(
    `select max(sn)::text as last from (select sn from time_mt_message where time_batch = $1 and sn > $2 order by sn limit ${STORE_CHUNK}) c`,
    [timeBatch, after])
  return rows[0].last === null ? null : { after, last: Number(rows[0].last) }
}

/** Rewrites the details after sn `after` for `content`, a chunk per transaction (the rest of an edit, or its undo). */
export async function refillInChunks(db: Db, timeBatch: string, content: string, after = 0): Promise<void> {
  const { rows } = await db.query<EditedBatch>('select time_batch, kind, batch_type::int as batch_type from time_batch where time_batch = $1', [timeBatch])
  if (!rows.length || !rewritesDetails(rows[0])) return
  for (;;) {
    const last = await db.transaction(async (tx) => {
      const sns = await nextChunk(tx, timeBatch, after)
      if (sns) await refillDetails(tx, rows[0], content, sns)
      return sns?.last ?? null
    })
    if (last === null) return
    after = last
    await yieldTurn()
  }
}

/**
 * /pageTimeBatch/edit: the content of the timed batch `where` finds (scoped to the user, in a status that allows an
 * edit, not a video or 5G batch, not being stored) and of its details; false when there is none.
 *
 * Normally one transaction. A large batch on PGlite (storesInChunks) is rewritten a chunk per transaction so that
 * other users' requests run between them: the first transaction locks in the new content with the first chunk (a
 * content that does not fit is refused there, nothing changed) and marks the batch as being edited (send_storing,
 * migration 051: not listed, not editable, not due meanwhile), the last one lets it be seen again. Anything failing on
 * the way, or a crash (undone at the next start), writes the old content back (storing.ts).
 */
export async function editTimedContent(db: Db, where: Where, content: string, opts: { chunkedFrom?: number } = {}): Promise<boolean> {
  let chunked: { batch: EditedBatch; after: number } | null = null
  const done = await db.transaction(async (tx) => {
    const { rows } = await tx.query<EditedBatch>(
      `select time_batch, cus_id, kind, batch_type::int as batch_type, batch_count, content from time_batch ${where.sql} for update`, where.params)
    if (!rows.length) return false
    const b = rows[0]
    await tx.query('update time_batch set content = $2, update_time = now() where time_batch = $1', [b.time_batch, content])
    if (!rewritesDetails(b) || !storesInChunks(db, b.batch_count, opts.chunkedFrom)) {
      await refillDetails(tx, b, content)
      return true
    }
    const first = await nextChunk(tx, b.time_batch, 0)
    if (first) await refillDetails(tx, b, content, first)
    await beginStoring(tx, { batchId: b.time_batch, cusId: b.cus_id, key: 'edit', cost: 0, timedStage: 'edit', oldContent: b.content })
    chunked = { batch: b, after: first?.last ?? 0 }
    return true
  })
  const c = chunked as { batch: EditedBatch; after: number } | null
  if (!c) return done
  try {
    await yieldTurn()
    await refillInChunks(db, c.batch.time_batch, content, c.after)
    await db.transaction((tx) => finishStoring(tx, c.batch.time_batch))
  } catch (e) {
    await undoStoring(db, c.batch.time_batch)
    throw e
  }
  return true
}
