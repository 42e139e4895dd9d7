import { createHash } from 'node:crypto'
import { fieldChanges, madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { checkMaterial, formatLimit, kindOfType, MATERIAL_MAX_BYTES, MATERIAL_PRODUCTS, materialSearchSchema, UPLOAD_FILE_FIELD, type MaterialPurpose, type MaterialRow, type MediaKind } from '../../src/domain/materials'
import { isStorableText } from '../../src/domain/input'
import { serverMessage } from '../../src/domain/messages'
import type { Deps } from '../deps'
import { ApiError, fail, localeOf, ok } from '../http/envelope'
import { operation, type FormInput, type Reader } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { listPage, orderClause, Where } from '../lists'
import { templatesUsing } from '../materials/in-use'
import { assertFits, reserveStorage, storageOf } from '../materials/quota'
import { uploadSlot } from '../http/body-budget'
import { consumeRate } from '../security/rate-limit'
import { sniff } from '../storage/sniff'
import { objectKey } from '../storage/store'
import { hasProduct, type SessionUser } from '../users/repo'
import { mayFilterAccount } from './lists/common'
import { mediaRoute } from './media'
import { requestLog } from '../http/request-log'

/** The rule of both materials screens (MATERIAL_PRODUCTS): a caller with neither product is refused every material call. */
function assertMaterials(user: SessionUser) {
  if (!MATERIAL_PRODUCTS.some((p) => hasProduct(user, p))) throw new ApiError(403, 'productNotActivated')
}

/** Multipart framing and the small fields around the file. */
const FORM_OVERHEAD = 64 * 1024

type Stored = Omit<MaterialRow, 'url'> & { object_key: string }
const COLUMNS = `m.material_id, m.cus_id, m.kind, m.purpose, m.file_name, m.content_type, m.size, m.create_time, m.object_key`

/** The row as the API shows it: a signed address instead of the object key. */
async function shown(deps: Deps, row: Stored): Promise<MaterialRow> {
  const { object_key: _, ...rest } = row
  return { ...rest, url: await deps.mediaUrls.sign(row) }
}

/** A display name from what the browser sent: its last path segment, printable, at most 200 characters. */
function displayName(raw: string | undefined, kind: MediaKind): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 200)
  return clean && isStorableText(clean) ? clean : `material-${kind}`
}

/** The file part of an upload and its display name (the payload's `name`, else the file's own). */
async function readUpload(input: Reader<FormInput<{ name?: string }>>): Promise<{ file: File; name?: string }> {
  const { payload, form } = await input()
  const file = form[UPLOAD_FILE_FIELD]
  if (!(file instanceof File)) throw new ApiError(400, 'materialNoFile')
  return { file, name: payload.name ?? file.name }
}

/** One upload: checked by content and size, stored under a key of its own, recorded. */
async function storeUpload(deps: Deps, c: Context<AppEnv>, input: Reader<FormInput<{ name?: string }>>, purpose: MaterialPurpose): Promise<MaterialRow> {
  const user = c.get('user')
  // A signature's proof is any enterprise's to upload, whatever its products.
  if (purpose !== 'signature') assertMaterials(user)
  await consumeRate(deps, 'materialUpload', user.cusId)
  const { file, name } = await readUpload(input)
  if (file.size === 0) throw new ApiError(400, 'materialEmpty')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const found = await sniff(bytes)
  const refusal = checkMaterial(purpose, { size: bytes.length, contentType: found.contentType })
  if (refusal) throw new ApiError(400, refusal.key, refusal.vars)
  const type = found.contentType!
  if (!found.whole) throw new ApiError(400, 'materialTruncated', { type: type.split('/')[1].toUpperCase() })
  await consumeRate(deps, 'materialUploadBytes', user.cusId, { points: bytes.length })
  const kind = kindOfType(type)!
  const quota = deps.config.storageQuotaBytes
  // A first look without a lock spares the store a write that the quota would refuse anyway.
  assertFits(await storageOf(deps.db, user.cusId, quota), bytes.length)
  const key = objectKey(user.cusId)
  await deps.storage.put(key, bytes, { contentType: type })
  try {
    const row = await deps.db.transaction(async (tx) => {
      await reserveStorage(tx, user.cusId, bytes.length, quota)
      const { rows } = await tx.query<Stored>(
        `insert into material as m (cus_id, kind, purpose, file_name, content_type, size, object_key, sha256)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
        [user.cusId, kind, purpose, displayName(name, kind), type, bytes.length, key, createHash('sha256').update(bytes).digest('hex')],
      )
      await audit(tx, c, { action: 'materialUploaded', target: { id: rows[0].material_id },
        changes: madeWith({ file_name: rows[0].file_name, kind, purpose, content_type: type, size: bytes.length }) })
      return rows[0]
    })
    return shown(deps, row)
  } catch (e) {
    await deps.storage.delete(key).catch(() => undefined)
    throw e
  }
}

/** The most a body of `purpose`'s upload may carry: its largest file and the form around it. */
const maxBody = (purpose: MaterialPurpose) => Math.max(...Object.values(MATERIAL_MAX_BYTES[purpose])) + FORM_OVERHEAD

/** 413 with the limit in words, before the body is read: Content-Length first, else counted as it streams. */
function uploadLimit(purpose: MaterialPurpose) {
  const max = Math.max(...Object.values(MATERIAL_MAX_BYTES[purpose]))
  return bodyLimit({ maxSize: maxBody(purpose), onError: (c) => fail(c, new ApiError(413, 'materialTooLarge', { max: formatLimit(max) })) })
}

function materialWhere(user: SessionUser, q: z.output<typeof materialSearchSchema>): Where {
  const w = new Where().scope(user, 'm.cus_id')
  if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `m.cus_id = ${w.bind(v)}`)
  w.when(q.kind, (v) => `m.kind = ${w.bind(v)}`).when(q.purpose, (v) => `m.purpose = ${w.bind(v)}`)
  w.when(q.file_name, (v) => `m.file_name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)}`)
  return w.timeWindow('m.create_time', q, null)
}

export function materialRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const auth = requireUser(deps.db)
  const db = deps.db

  // /file/upload is the library's upload under the specification's generic name: same rules as uploadAimMaterial.
  const uploads = [
    ['/file/upload', 'aim'], ['/file/uploadAimMaterial', 'aim'], ['/file/uploadCspMaterial', 'csp'], ['/file/uploadVideoMaterial', 'video'],
    ['/file/uploadSignatureProof', 'signature'],
  ] as const
  for (const [path, purpose] of uploads) {
    operation(r, path, auth, uploadSlot(deps.bodyBudget, maxBody(purpose)), uploadLimit(purpose), async (c, input) => ok(c, await storeUpload(deps, c, input, purpose)))
  }

  operation(r, '/aim/materialList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    // Signature proofs are listed for any enterprise (the signature form's picker), like their upload.
    if (q.purpose !== 'signature') assertMaterials(c.get('user'))
    const page = await listPage<Stored>(db, {
      session: c.get('sessionCheck'),
      select: COLUMNS, from: 'material m', where: materialWhere(c.get('user'), q), page: q,
      orderBy: orderClause(q, { create_time: 'm.create_time', size: 'm.size', file_name: 'm.file_name' }, { by: 'create_time', order: 'desc' }, 'm.material_id'),
    })
    // The caller's own storage beside the page: the screen shows used / quota.
    const storage = await storageOf(db, c.get('user').cusId, deps.config.storageQuotaBytes)
    return ok(c, { ...page, records: await Promise.all(page.records.map((row) => shown(deps, row))), storage })
  }))

  operation(r, '/aim/materialDelete', auth, async (c, input) => {
    const { ids } = await input()
    const user = c.get('user')
    assertMaterials(user)
    await consumeRate(deps, 'materialDelete', user.cusId)
    const unique = [...new Set(ids)]
    const keys = await db.transaction(async (tx) => {
      const w = new Where().scope(user, 'm.cus_id')
      w.and(`m.material_id = any(${w.bind(unique)}::int[])`)
      const { rows } = await tx.query<{ material_id: number; object_key: string; cus_id: string; file_name: string; size: number }>(
        `select m.material_id, m.object_key, m.cus_id, m.file_name, m.size::float8 as size from material m ${w.sql} for update`, w.params,
      )
      // All or nothing: one id that is not the caller's (or is gone) refuses the whole call, naming no other tenant's row.
      if (rows.length !== unique.length) throw new ApiError(404, 'materialNotFound')
      const users = await templatesUsing(tx, unique)
      if (users.length) throw new ApiError(409, 'materialInUse', { templates: users.slice(0, 5).join(', ') + (users.length > 5 ? ' …' : '') })
      await tx.query('delete from material where material_id = any($1::int[])', [unique])
      for (const m of rows) {
        await audit(tx, c, { action: 'materialDeleted', account: m.cus_id, target: { id: m.material_id }, changes: fieldChanges({ file_name: m.file_name, size: m.size }, null) })
      }
      return rows.map((row) => row.object_key)
    })
    // The rows are gone first: a store failure leaves an unreachable object behind, never a row without its bytes.
    const failed = (await Promise.allSettled(keys.map((k) => deps.storage.delete(k)))).filter((s) => s.status === 'rejected')
    if (failed.length) requestLog(c).error({ left: failed.length }, 'objects left in the store after delete (the orphan sweep removes them)')
    return ok(c, { deleted: keys.length }, 'materialDeleted', { msg: serverMessage('materialDeleted', localeOf(c), { count: keys.length }) })
  })

  operation(r, '/aim/templateList', checkedInStatement(deps.db, async (c, input) => {
    const q = await input()
    const user = c.get('user')
    const w = new Where().scope(user, 't.cus_id')
    if (mayFilterAccount(user)) w.when(q.cus_id, (v) => `t.cus_id = ${w.bind(v)}`)
    w.when(q.template_kind, (v) => `t.template_kind = ${w.bind(v)}`)
    w.when(q.keyword, (v) => `t.name ilike ${w.bind(`%${v.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)}`)
    w.timeWindow('t.create_time', q, null)
    const union = `(select 'csp' as template_kind, template_id, cus_id, template_name as name, template_status::int as status, create_time from csp_template
      union all
      select 'video', cus_template_id, cus_id, title, status::int, create_time from video_template where status <> 4) t`
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: 't.template_kind, t.template_id, t.cus_id, t.name, t.status, t.create_time', from: union, where: w, page: q,
      orderBy: orderClause(q, { create_time: 't.create_time', name: 't.name' }, { by: 'create_time', order: 'desc' }, 't.template_kind, t.template_id'),
    }))
  }))

  r.route('/', mediaRoute(deps))
  return r
}
