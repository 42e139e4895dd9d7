import { serverMessage, type ServerMessage } from '../../src/domain/messages'
import { TEMPLATE_KINDS, TEMPLATE_STATUS, VIDEO_PENDING_SYNONYM, type TemplateKind } from '../../src/domain/templates-write'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { addNotice } from '../notices/store'
import { defineJob } from '../jobs/define'

/*
 * Template review as the carrier does it. New templates start pending (spec section 4: content 0, csp 0,
 * video 0); a decision moves them to approved (content 2, csp 4, video 2) or rejected (3, 5, 3) with the reason in
 * `result_desc`, gives an approved 5G or video template the carrier's id (gate_template_id), and puts a notice on
 * the owner's bell that opens the template. Decisions come from the review worker (reviewDue) or an administrator.
 */

interface KindTable {
  table: string
  id: string
  status: string
  name: string
  /** the console list the notice opens, filtered to the template (`?id=`) */
  link: string
  gatePrefix: string | null
  approved: ServerMessage
  rejected: ServerMessage
}

export const KIND_TABLES: Record<TemplateKind, KindTable> = {
  content: {
    table: 'content_template', id: 'id', status: 'check_status', name: 'template_content', link: '/home-sms/templates',
    gatePrefix: null, approved: 'contentTemplateApproved', rejected: 'contentTemplateRejected',
  },
  csp: {
    table: 'csp_template', id: 'template_id', status: 'template_status', name: 'template_name', link: '/csp-sms/templates',
    gatePrefix: 'CSP', approved: 'cspTemplateApproved', rejected: 'cspTemplateRejected',
  },
  video: {
    table: 'video_template', id: 'cus_template_id', status: 'status', name: 'title', link: '/video-sms/templates',
    gatePrefix: 'VID', approved: 'videoTemplateApproved', rejected: 'videoTemplateRejected',
  },
}

/** The status codes that still wait for a decision, per kind. */
export function undecided(kind: TemplateKind): number[] {
  const s = TEMPLATE_STATUS[kind]
  return [s.pending, ...s.reviewing, ...(kind === 'video' ? [VIDEO_PENDING_SYNONYM] : [])]
}

/** A reason the platform writes (the worker's), in both languages: the owner may read either. */
export const bilingual = (key: ServerMessage, vars: Record<string, string | number> = {}) =>
  `${serverMessage(key, 'zh-CN', vars)} / ${serverMessage(key, 'en', vars)}`

const NAME_CHARS = 30
const shortName = (s: string) => (Array.from(s).length > NAME_CHARS ? `${Array.from(s).slice(0, NAME_CHARS).join('')}…` : s)

/**
 * Decides template `id` of `kind`: a conditional update that only takes an undecided template, so of two deciders
 * (two workers, a worker and an administrator) exactly one wins; the other gets 409 templateReviewed. The notice
 * commits with the decision.
 */
export async function decide(tx: Db, kind: TemplateKind, id: number, approve: boolean, reason: string) {
  const k = KIND_TABLES[kind]
  const status = approve ? TEMPLATE_STATUS[kind].approved : TEMPLATE_STATUS[kind].rejected
  const gate = approve && k.gatePrefix ? `, gate_template_id = '${k.gatePrefix}' || lpad(${k.id}::text, 10, '0')` : ''
  const touched = kind === 'video' ? ', update_time = now()' : ''
  const { rows } = await tx.query<{ cus_id: string; name: string }>(
    `update ${k.table} set ${k.status} = $2, result_desc = $3, check_time = now()${gate}${touched}
     where ${k.id} = $1 and ${k.status} = any($4::int[]) returning cus_id, ${k.name} as name`,
    [id, status, approve ? '' : reason, undecided(kind)])
  if (!rows.length) throw new ApiError(409, 'templateReviewed')
  const { cus_id, name } = rows[0]
  await addNotice(tx, cus_id, {
    kind: 'templateReview',
    title: approve ? 'templateApprovedTitle' : 'templateRejectedTitle',
    body: approve ? k.approved : k.rejected,
    params: { name: shortName(name), reason },
    link: `${k.link}?id=${id}`,
  })
}

/** Every text of a template the carrier reads: what the sensitive-word check looks at. */
async function textsOf(tx: Db, kind: TemplateKind, id: number): Promise<string[]> {
  const q = {
    content: `select template_content as t from content_template where id = $1`,
    csp: `select concat_ws(' ', t.template_name, t.autograph, c.text_5g, c.card_list::text, c.sms_text, c.aim_text) as t
          from csp_template t left join csp_template_content c on c.template_id = t.template_id where t.template_id = $1`,
    video: `select concat_ws(' ', v.title, v.template_sign, v.remark, (select string_agg(text_content, ' ') from video_template_frame f
            where f.cus_template_id = v.cus_template_id)) as t from video_template v where v.cus_template_id = $1`,
  }[kind]
  return (await tx.query<{ t: string | null }>(q, [id])).rows.map((r) => r.t ?? '')
}

async function sensitiveWordIn(tx: Db, texts: string[]): Promise<string | null> {
  const { rows } = await tx.query<{ word: string }>('select word from sensitive_word order by length(word) desc, word')
  const lower = texts.map((t) => t.toLowerCase())
  return rows.find((r) => lower.some((t) => t.includes(r.word.toLowerCase())))?.word ?? null
}

/** Claims the oldest due undecided template of `kind` (skipping ones another worker holds) and decides it. */
async function reviewOne(tx: Db, kind: TemplateKind, dueBefore: Date): Promise<boolean> {
  const k = KIND_TABLES[kind]
  const { rows } = await tx.query<{ id: number }>(
    `select ${k.id} as id from ${k.table} where ${k.status} = any($1::int[]) and create_time <= $2
     order by create_time, ${k.id} limit 1 for update skip locked`, [undecided(kind), dueBefore])
  if (!rows.length) return false
  const id = Number(rows[0].id)
  const word = await sensitiveWordIn(tx, await textsOf(tx, kind, id))
  await decide(tx, kind, id, word === null, word === null ? '' : bilingual('reviewSensitive', { word }))
  return true
}

/**
 * The carrier takes a pending 5G or video template into review at the worker's next pass (spec section 4: csp 1 to 3,
 * video 1 "in review"), so its owner sees it move on before the decision; content templates have no such code and
 * stay pending until decided. A conditional update: a template decided in between is left alone.
 */
/** The status codes of a template not yet taken into review, per kind (video's 5 is a synonym of its 0). */
export const pendingCodes = (kind: TemplateKind): number[] =>
  [TEMPLATE_STATUS[kind].pending, ...(kind === 'video' ? [VIDEO_PENDING_SYNONYM] : [])]

async function submitPending(db: Db, kind: TemplateKind): Promise<number> {
  const reviewing = TEMPLATE_STATUS[kind].reviewing as readonly number[]
  if (!reviewing.length) return 0
  const k = KIND_TABLES[kind]
  const pending = pendingCodes(kind)
  const touched = kind === 'video' ? ', update_time = now()' : ''
  const { rows } = await db.query(`update ${k.table} set ${k.status} = $1${touched} where ${k.status} = any($2::int[]) returning ${k.id}`, [reviewing[0], pending])
  return rows.length
}

/**
 * Takes pending templates into review, then reviews those created at least `delayMs` ago, up to `limit` per kind,
 * each in its own transaction (as the timed scheduler sends batches): safe with several server processes on one
 * PostgreSQL. Returns how many were decided.
 */
export async function reviewDue(db: Db, opts: { delayMs: number; now?: Date; limit?: number }): Promise<number> {
  const dueBefore = new Date((opts.now ?? new Date()).getTime() - opts.delayMs)
  let n = 0
  for (const kind of TEMPLATE_KINDS) {
    await submitPending(db, kind)
    for (let i = 0; i < (opts.limit ?? 20); i++) {
      if (!(await db.transaction((tx) => reviewOne(tx, kind, dueBefore)))) break
      n++
    }
  }
  return n
}

const undecidedOf = (f: (k: TemplateKind) => string) => TEMPLATE_KINDS.map((k, i) => f(k).replaceAll('$K', () => `$${i + 1}`))
const undecidedWhere = (k: TemplateKind) => `from ${KIND_TABLES[k].table} where ${KIND_TABLES[k].status} = any($K::int[])`

/** Decides the templates that waited TEMPLATE_REVIEW_DELAY_SECONDS; its queue is every template not yet decided. */
export const templateReviewJob = defineJob({
  name: 'template-review',
  every: (c) => c.workerIntervalMs ?? 5000,
  tick: async (deps) => ({ reviewed: await reviewDue(deps.db, { delayMs: deps.config.templateReviewDelaySeconds * 1000 }) }),
  queue: {
    depth: `select (${undecidedOf((k) => `(select count(*) ${undecidedWhere(k)})`).join(' + ')})::int as depth`,
    oldest: `select least(${undecidedOf((k) => `(select min(create_time) ${undecidedWhere(k)})`).join(', ')}) as oldest`,
    params: () => TEMPLATE_KINDS.map((k) => undecided(k)),
  },
})
