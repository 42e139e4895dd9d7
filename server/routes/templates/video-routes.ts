import { Hono } from 'hono'
import { fieldChanges, madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { PROD_TYPE } from '../../../src/domain/constants'
import { TEMPLATE_LIMITS, videoTemplateBytes } from '../../../src/domain/templates-write'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { senderOf } from '../send/form'
import { priceOf } from '../../send/store'
import { findVisible, lockVisible, templateRefusal } from '../../templates/body'
import { templateZip } from '../../templates/download'
import { forgetMaterials, materialsFor, recordMaterials } from '../../templates/materials'
import { reviewHandler } from './review-route'
import { refuseIfTimedBatchesUse } from '../../templates/timed-deps'
import { VIDEO_DETAIL_SELECT, videoDetail, type VideoDetailRow } from '../../templates/video-store'

const DELETED = 4

/**
 * Video templates: add (the specification names no creation call; /videoTemplate/add follows /cspTemplate/add),
 * delete (status 4, "deleted" in spec section 4: the row stays for the records that name it), detail by id or by the
 * carrier's id, download, review. Scope as the csp calls.
 */
export function videoTemplateRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)

  operation(r, '/videoTemplate/add', auth, async (c, input) => {
    const p = await input(templateRefusal)
    const cusId = await senderOf(db, c.get('user'), p.cus_id)
    await priceOf(db, cusId, PROD_TYPE.video)
    await consumeRate(deps, 'templateAdd', cusId)
    const id = await db.transaction(async (tx) => {
      const media = await materialsFor(tx, cusId, p.frames.map((f) => f.material_id), 'video', 'frames')
      const size = videoTemplateBytes(p.title, p.frames.map((f) => ({ mediaBytes: media.get(f.material_id)!.size, text: f.text })))
      const max = TEMPLATE_LIMITS.videoTotalKb
      if (size > max * 1024) {
        throw new ApiError(400, 'videoTooLarge', { size: Math.ceil(size / 1024), max }, undefined, { fields: { frames: 'videoTooLarge' } })
      }
      const { rows } = await tx.query<{ id: number }>(
        `insert into video_template (cus_id, template_type, title, template_sign, remark, size, status, create_time, update_time)
         values ($1, $2, $3, $4, $5, $6, 0, now(), now()) returning cus_template_id as id`,
        [cusId, p.template_type, p.title, p.template_sign, p.remark, size])
      const id = rows[0].id
      await tx.query(
        `insert into video_template_frame (cus_template_id, seq, media_type, media_url, text_content, material_id)
         select $1, f.seq, f.kind, '', f.text, f.material_id
         from unnest($2::int[], $3::text[], $4::text[], $5::int[]) as f(seq, kind, text, material_id)`,
        [id, p.frames.map((_, i) => i + 1), p.frames.map((f) => media.get(f.material_id)!.kind), p.frames.map((f) => f.text),
          p.frames.map((f) => f.material_id)])
      await recordMaterials(tx, 'video', id, cusId, [...media.keys()])
      await audit(tx, c, { action: 'templateAdded', account: cusId, target: { id: `video:${id}` }, changes: madeWith({ ...p, cus_id: cusId, size }) })
      return id
    })
    return ok(c, { id, status: 0 }, 'templateSubmitted')
  })

  operation(r, '/videoTemplate/templateDel', auth, async (c, input) => {
    const p = await input()
    await db.transaction(async (tx) => {
      const t = await lockVisible<{ status: number }>(tx, c.get('user'), 'video_template', 'cus_template_id', p.cus_template_id, 'status::int as status')
      if (!t || t.status === DELETED) throw new ApiError(404, 'notFound')
      await refuseIfTimedBatchesUse(tx, 'video', p.cus_template_id)
      await forgetMaterials(tx, 'video', p.cus_template_id)
      const { rows } = await tx.query<{ cus_id: string; title: string }>(
        'update video_template set status = $2, update_time = now() where cus_template_id = $1 returning cus_id, title', [p.cus_template_id, DELETED])
      await audit(tx, c, { action: 'templateDeleted', account: rows[0].cus_id, target: { id: `video:${p.cus_template_id}` }, changes: fieldChanges({ title: rows[0].title, status: t.status }, { status: DELETED }) })
    })
    return ok(c, null, 'templateDeleted')
  })

  const detail = async (user: Parameters<typeof findVisible>[1], where: string, value: unknown) => {
    const row = await findVisible<VideoDetailRow>(db, user, 'video_template t', where, value, VIDEO_DETAIL_SELECT)
    if (!row) throw new ApiError(404, 'notFound')
    return videoDetail(db, deps.mediaUrls, row)
  }

  // The console's detail (and the send page's preview before it had its own call): `cus_id` is accepted and ignored.
  operation(r, '/videoTemplate/getVideoTemplate', auth, async (c, input) => {
    const p = await input()
    return ok(c, await detail(c.get('user'), 't.cus_template_id', p.cus_template_id))
  })

  operation(r, '/videoTemplate/getVideoTemplateByGateTemplateId', auth, async (c, input) => {
    const p = await input()
    return ok(c, await detail(c.get('user'), 't.gate_template_id', p.gate_template_id))
  })

  operation(r, '/videoTemplate/downloadTemplate', auth, async (c, input) => {
    const p = await input()
    const d = await detail(c.get('user'), 't.cus_template_id', p.cus_template_id)
    return templateZip(c, deps, `video-template-${d.cus_template_id}.zip`, d, d.videoFrameList.map((f) => f.material_id), d.cus_id)
  })

  operation(r, '/videoTemplate/review', auth, reviewHandler(db, 'video'))
  return r
}
