import { reviewSignature, SIGNATURE_LIST_PATH, SIGNATURE_STATUS, type SignatureSource } from '../../src/domain/signatures'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { cappedDepth, defineJob } from '../jobs/define'
import { addNotice } from '../notices/store'
import { bilingual } from '../templates/review'

/**
 * Decides pending signature `id`: a conditional update that only takes a pending one, so of two deciders (two
 * workers, a worker and an administrator) exactly one wins and the other gets 409 signatureReviewed. The owner's bell
 * notice commits with the decision.
 */
export async function decideSignature(tx: Db, id: number, approve: boolean, reason: string): Promise<void> {
  const { rows } = await tx.query<{ cus_id: string; name: string }>(
    `update signature set status = $2, result_desc = $3, check_time = now() where id = $1 and status = $4 returning cus_id, name`,
    [id, approve ? SIGNATURE_STATUS.approved : SIGNATURE_STATUS.refused, approve ? '' : reason, SIGNATURE_STATUS.pending])
  if (!rows.length) throw new ApiError(409, 'signatureReviewed')
  const { cus_id, name } = rows[0]
  await addNotice(tx, cus_id, {
    kind: 'signatureReview',
    title: approve ? 'signatureApprovedTitle' : 'signatureRefusedTitle',
    body: approve ? 'signatureApprovedBody' : 'signatureRefusedBody',
    params: { name, reason },
    link: `${SIGNATURE_LIST_PATH}?id=${id}`,
  })
}

interface Pending {
  id: number
  cus_id: string
  name: string
  source: SignatureSource
  remark: string
  proof: boolean
  taken: boolean
}

/** Claims the oldest due pending application (skipping ones another worker holds) and decides it by the rules. */
async function reviewOne(tx: Db, dueBefore: Date): Promise<boolean> {
  const { rows } = await tx.query<Pending>(
    `select s.id, s.cus_id, s.name, s.source, s.remark, s.proof_material_id is not null as proof,
       exists (select 1 from signature o where o.name = s.name and o.cus_id <> s.cus_id and o.status = $2) as taken
     from signature s where s.status = $1 and s.create_time <= $3 order by s.create_time, s.id limit 1 for update of s skip locked`,
    [SIGNATURE_STATUS.pending, SIGNATURE_STATUS.approved, dueBefore])
  if (!rows.length) return false
  const s = rows[0]
  const words = (await tx.query<{ word: string }>('select word from sensitive_word order by length(word) desc, word')).rows.map((r) => r.word)
  const d = reviewSignature({ name: s.name, remark: s.remark, source: s.source, hasProof: s.proof, takenElsewhere: s.taken }, words)
  await decideSignature(tx, s.id, d.approve, d.approve ? '' : bilingual(d.reason, d.vars))
  return true
}

/** Reviews the applications made at least `delayMs` ago, up to `limit`, each in its own transaction. Returns how many. */
export async function reviewSignaturesDue(db: Db, opts: { delayMs: number; now?: Date; limit?: number }): Promise<number> {
  const dueBefore = new Date((opts.now ?? new Date()).getTime() - opts.delayMs)
  let n = 0
  while (n < (opts.limit ?? 20) && (await db.transaction((tx) => reviewOne(tx, dueBefore)))) n++
  return n
}

/** Decides the applications that waited TEMPLATE_REVIEW_DELAY_SECONDS (the same wait as a template's). */
export const signatureReviewJob = defineJob({
  name: 'signature-review',
  every: (c) => c.workerIntervalMs ?? 5000,
  tick: async (deps) => ({ reviewed: await reviewSignaturesDue(deps.db, { delayMs: deps.config.templateReviewDelaySeconds * 1000 }) }),
  queue: {
    depth: cappedDepth(`signature where status = ${SIGNATURE_STATUS.pending}`),
    oldest: `select min(create_time) as oldest from signature where status = ${SIGNATURE_STATUS.pending}`,
  },
})
