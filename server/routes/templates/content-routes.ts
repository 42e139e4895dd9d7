import { Hono } from 'hono'
import { fieldChanges, madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { senderOf } from '../send/form'
import { lockVisible, templateRefusal } from '../../templates/body'
import { requireSignatures } from '../../signatures/store'
import { reviewHandler } from './review-route'

/**
 * Content templates: one add for the template screen (/contentTemplate/contentTemplateAdd) and the send pages'
 * "save as template" (/user/templateAdd), delete, and the administrators' review.
 */
export function contentTemplateRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)

  // One pending or approved template per distinct text and account (a rejected one may be submitted again). The row
  // lock on the account serialises two clicks of the same text.
  for (const path of ['/user/templateAdd', '/contentTemplate/contentTemplateAdd'] as const) {
    operation(r, path, auth, async (c, input) => {
      const p = await input(templateRefusal)
      const cusId = await senderOf(db, c.get('user'), p.cus_id)
      await consumeRate(deps, 'templateAdd', cusId)
      const saved = await db.transaction(async (tx) => {
        await tx.query('select 1 from customer where cus_id = $1 for update', [cusId])
        // A template is sent as it is written: it starts with an approved signature of the enterprise, as a send does.
        await requireSignatures(tx, cusId, { template_content: p.template_content })
        const { rows: same } = await tx.query(
          'select 1 from content_template where cus_id = $1 and template_content = $2 and check_status in (0, 1, 2)', [cusId, p.template_content])
        if (same.length) throw new ApiError(409, 'templateExists')
        const { rows } = await tx.query<{ id: number; check_status: number }>(
          `insert into content_template (cus_id, template_content, keyword, sms_type, check_status, create_time) values ($1, $2, $3, $4, 0, now())
           returning id, check_status::int as check_status`, [cusId, p.template_content, p.keyword ?? '', p.sms_type])
        await audit(tx, c, { action: 'templateAdded', account: cusId, target: { id: `content:${rows[0].id}` },
          changes: madeWith({ template_content: p.template_content, keyword: p.keyword ?? '', sms_type: p.sms_type }) })
        return rows[0]
      })
      return ok(c, { ...saved, status: saved.check_status }, 'templateSubmitted')
    })
  }

  // Content templates are copied into what a send stores (a timed batch keeps its own text), so no batch depends on one.
  operation(r, '/contentTemplate/contentTemplateDelete', auth, async (c, input) => {
    const p = await input()
    await db.transaction(async (tx) => {
      const t = await lockVisible(tx, c.get('user'), 'content_template', 'id', p.id, 'id')
      if (!t) throw new ApiError(404, 'notFound')
      const { rows } = await tx.query<{ cus_id: string; template_content: string }>('delete from content_template where id = $1 returning cus_id, template_content', [p.id])
      await audit(tx, c, { action: 'templateDeleted', account: rows[0].cus_id, target: { id: `content:${p.id}` }, changes: fieldChanges({ template_content: rows[0].template_content }, null) })
    })
    return ok(c, null, 'templateDeleted')
  })

  operation(r, '/contentTemplate/review', auth, reviewHandler(db, 'content'))
  return r
}
