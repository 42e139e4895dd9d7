import { Hono } from 'hono'
import { fieldChanges, madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { PROD_TYPE } from '../../../src/domain/constants'
import type { Deps } from '../../deps'
import { ApiError, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { senderOf } from '../send/form'
import { priceOf } from '../../send/store'
import { findVisible, lockVisible, templateRefusal } from '../../templates/body'
import { CSP_DETAIL_FROM, CSP_DETAIL_SELECT, cspDetail, insertCspTemplate, type CspDetailRow } from '../../templates/csp-store'
import { templateZip } from '../../templates/download'
import { forgetMaterials } from '../../templates/materials'
import { reviewHandler } from './review-route'
import { refuseIfTimedBatchesUse } from '../../templates/timed-deps'

/**
 * 5G (csp) templates (spec section 7): add, delete, detail by id or by the carrier's id, download, review. Reads and
 * deletes see what the template list shows (administrator all, enterprise its own and its sub-accounts', sub-account
 * its own); anything else is 404, alike for missing and foreign ids.
 */
export function cspTemplateRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  const auth = requireUser(db)

  operation(r, '/cspTemplate/add', auth, async (c, input) => {
    const p = await input(templateRefusal)
    const cusId = await senderOf(db, c.get('user'), p.cus_id)
    await priceOf(db, cusId, PROD_TYPE.csp)
    await consumeRate(deps, 'templateAdd', cusId)
    const id = await db.transaction(async (tx) => {
      const made = await insertCspTemplate(tx, cusId, p)
      await audit(tx, c, { action: 'templateAdded', account: cusId, target: { id: `csp:${made}` }, changes: madeWith({ ...p, cus_id: cusId }) })
      return made
    })
    return ok(c, { id, status: 0 }, 'templateSubmitted')
  })

  operation(r, '/cspTemplate/templateDel', auth, async (c, input) => {
    const p = await input()
    await db.transaction(async (tx) => {
      if (!(await lockVisible(tx, c.get('user'), 'csp_template', 'template_id', p.template_id, 'template_id'))) throw new ApiError(404, 'notFound')
      await refuseIfTimedBatchesUse(tx, 'csp', p.template_id)
      await forgetMaterials(tx, 'csp', p.template_id)
      const { rows } = await tx.query<{ cus_id: string; template_name: string }>('delete from csp_template where template_id = $1 returning cus_id, template_name', [p.template_id])
      await audit(tx, c, { action: 'templateDeleted', account: rows[0].cus_id, target: { id: `csp:${p.template_id}` }, changes: fieldChanges({ template_name: rows[0].template_name }, null) })
    })
    return ok(c, null, 'templateDeleted')
  })

  const detail = async (user: Parameters<typeof findVisible>[1], where: string, value: unknown) => {
    const row = await findVisible<CspDetailRow>(db, user, CSP_DETAIL_FROM, where, value, CSP_DETAIL_SELECT)
    if (!row) throw new ApiError(404, 'notFound')
    return cspDetail(db, deps.mediaUrls, row)
  }

  operation(r, '/cspTemplate/getCspTemplate', auth, async (c, input) => {
    const p = await input()
    return ok(c, await detail(c.get('user'), 't.template_id', p.template_id))
  })

  operation(r, '/cspTemplate/getCspTemplateByGateTemplateId', auth, async (c, input) => {
    const p = await input()
    return ok(c, await detail(c.get('user'), 't.gate_template_id', p.gate_template_id))
  })

  operation(r, '/cspTemplate/downloadTemplate', auth, async (c, input) => {
    const p = await input()
    const d = await detail(c.get('user'), 't.template_id', p.template_id)
    return templateZip(c, deps, `csp-template-${d.template_id}.zip`, d, d.cspCardList.map((x) => x.material_id), d.cus_id)
  })

  operation(r, '/cspTemplate/review', auth, reviewHandler(db, 'csp'))
  return r
}
