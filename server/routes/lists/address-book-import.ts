import { madeWith } from '../../audit/diff'
import { audit } from '../../audit/write'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { checkImportRow, IMPORT_BODY_LIMIT_BYTES, IMPORT_ROWS_MAX, importLine, type ImportPreview, type ImportResult } from '../../../src/domain/contact-import'
import { serverMessage } from '../../../src/domain/messages'
import type { Deps } from '../../deps'
import type { Db } from '../../db'
import { ApiError, fail, localeOf, ok } from '../../http/envelope'
import { operation } from '../../http/operation'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { consumeRate } from '../../security/rate-limit'
import { INSERT_CHUNK } from '../../send/store'
import { partBytes } from '../send/form'

/*
 * The contacts import. The console reads the spreadsheet in its worker and uploads the mapped rows
 * (src/domain/contact-import.ts); /file/uploadAddressBook checks every row again with the same rules, refusing the
 * whole upload at the first bad one, and keeps the rows without repeated mobiles; the answer is the preview (rows,
 * to add, already in the group, repeated in the file). /addressBook/addressBookMemberImport then adds them all with
 * multi-row inserts, or none, in one transaction: an idempotency key and the upload's own result make a retry add
 * nothing twice. Only the caller's own groups take an import.
 */
const STALE_UPLOADS = "create_time < now() - interval '1 hour' and result is null"

const groupMissing = () => new ApiError(404, 'abGroupNotFound')
const importMissing = () => new ApiError(404, 'abImportNotFound')

async function ownGroupName(db: Db, cusId: string, groupId: number) {
  const { rows } = await db.query<{ group_name: string }>('select group_name from ab_group where group_id = $1 and cus_id = $2', [groupId, cusId])
  if (!rows[0]) throw groupMissing()
  return rows[0].group_name
}

/** Each line of the `rows` part checked and normalised; lines holding a mobile met earlier are counted and left out. */
export function checkRows(text: string): { lines: string[]; mobiles: string[]; inFile: number } {
  const lines: string[] = []
  const mobiles: string[] = []
  const seen = new Set<string>()
  let inFile = 0
  let at = 0
  while (at < text.length) {
    let end = text.indexOf('\n', at)
    if (end < 0) end = text.length
    const raw = text.slice(at, end).replace(/\r$/, '')
    at = end + 1
    if (!raw) continue
    const cells = raw.split('\t')
    const line = /^\d{1,7}$/.test(cells[0]) ? Number(cells[0]) : 0
    if (line < 1) throw new ApiError(400, 'abImportNotRows')
    const check = checkImportRow(cells.slice(1))
    if (!check.ok) throw new ApiError(400, 'abImportRowRefused', { line, field: check.field, reason: check.reason }, undefined, { line, field: check.field, reason: check.reason })
    if (seen.has(check.values[1])) {
      inFile++
      continue
    }
    if (seen.size >= IMPORT_ROWS_MAX) throw new ApiError(400, 'abImportTooMany', { max: IMPORT_ROWS_MAX })
    seen.add(check.values[1])
    mobiles.push(check.values[1])
    lines.push(importLine(line, check.values))
  }
  return { lines, mobiles, inFile }
}

/** How many of `mobiles` the group holds already (looked up a chunk at a time). */
export async function countInGroup(db: Db, groupId: number, mobiles: string[]): Promise<number> {
  // A new group (the usual target of a big import) holds none: no look-up at all.
  const { rows: any } = await db.query('select 1 from ab_contact where group_id = $1 limit 1', [groupId])
  if (!any.length) return 0
  let n = 0
  for (let i = 0; i < mobiles.length; i += INSERT_CHUNK) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from ab_contact where group_id = $1 and mobile = any($2::text[])',
      [groupId, mobiles.slice(i, i + INSERT_CHUNK)])
    n += rows[0].n
  }
  return n
}

/** Inserts stored lines a statement of INSERT_CHUNK at a time; a mobile already in the group is skipped. The count added. */
export async function insertLines(tx: Db, cusId: string, groupId: number, lines: string[]): Promise<number> {
  let added = 0
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    const cols: string[][] = [[], [], [], [], [], [], []]
    for (const line of lines.slice(i, i + INSERT_CHUNK)) {
      const cells = line.split('\t')
      for (let k = 0; k < 7; k++) cols[k].push(cells[k + 1] ?? '')
    }
    const { rows } = await tx.query<{ n: number }>(
      `with ins as (
         insert into ab_contact (cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark)
         select $1, $2, t.n, t.m, t.e, t.j, coalesce(nullif(t.g, '')::smallint, 0), nullif(t.b, '')::date, t.r
         from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) as t(n, m, e, j, g, b, r)
         on conflict (group_id, mobile) do nothing returning 1)
       select count(*)::int as n from ins`, [cusId, groupId, ...cols])
    added += rows[0].n
  }
  return added
}

/** Inserts all the stored rows of an upload (one transaction: the caller's). The count added. */
export const insertRows = (tx: Db, cusId: string, groupId: number, text: string): Promise<number> =>
  insertLines(tx, cusId, groupId, text ? text.split('\n') : [])

export function addressBookImportRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const limit = bodyLimit({ maxSize: IMPORT_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })

  operation(r, '/file/uploadAddressBook', limit, requireUser(db), async (c, input) => {
    const { payload, form } = await input()
    const file = await partBytes(form, 'rows')
    const { cusId } = c.get('user')
    await ownGroupName(db, cusId, payload.group_id)
    await consumeRate(deps, 'addressBookImport', cusId)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file)
    } catch {
      throw new ApiError(400, 'abImportNotRows')
    }
    const { lines, mobiles, inFile } = checkRows(text)
    if (!lines.length) throw new ApiError(400, 'abImportEmpty')
    const inGroup = await countInGroup(db, payload.group_id, mobiles)
    // Uploads nobody committed within the hour, whoever made them, are removed by the next upload.
    const rows = await db.transaction(async (tx) => {
      await tx.query(`delete from ab_import where ${STALE_UPLOADS}`)
      const { rows: made } = await tx.query<{ upload_id: number }>(
        'insert into ab_import (cus_id, group_id, rows, row_count, in_file) values ($1, $2, $3, $4, $5) returning upload_id',
        [cusId, payload.group_id, lines.join('\n'), lines.length + inFile, inFile])
      await audit(tx, c, { action: 'contactsUploaded', target: { id: made[0].upload_id },
        changes: madeWith({ group_id: payload.group_id, rows: lines.length + inFile, add: lines.length - inGroup, in_group: inGroup, in_file: inFile }) })
      return made
    })
    const preview: ImportPreview = {
      upload_id: rows[0].upload_id, rows: lines.length + inFile, add: lines.length - inGroup, in_group: inGroup, in_file: inFile,
    }
    return ok(c, preview, 'abImportUploaded', { msg: serverMessage('abImportUploaded', localeOf(c), preview as unknown as Record<string, number>) })
  })

  operation(r, '/addressBook/addressBookMemberImport', requireUser(db), async (c, input) => {
    const p = await input()
    const { cusId } = c.get('user')
    const result = await db.transaction(async (tx): Promise<ImportResult> => {
      // A concurrent retry with the same key waits here for the first transaction, then finds its reply.
      const claimed = await tx.query('insert into ab_import_key (cus_id, idempotency_key) values ($1, $2) on conflict do nothing returning 1', [cusId, p.idempotency_key])
      if (!claimed.rows.length) {
        const { rows } = await tx.query<{ response: ImportResult }>('select response from ab_import_key where cus_id = $1 and idempotency_key = $2', [cusId, p.idempotency_key])
        return rows[0].response
      }
      // Locked: the same upload committed under another key at once waits here, then finds its result.
      const { rows } = await tx.query<{ group_id: number; rows: string | null; in_file: number; result: ImportResult | null }>(
        `select i.group_id, i.rows, i.in_file, i.result from ab_import i join ab_group g on g.group_id = i.group_id and g.cus_id = i.cus_id
         where i.upload_id = $1 and i.cus_id = $2 for update of i`, [p.upload_id, cusId])
      const upload = rows[0]
      if (!upload) throw importMissing()
      let done = upload.result
      if (!done) {
        const lines = upload.rows ? upload.rows.split('\n') : []
        const added = await insertLines(tx, cusId, upload.group_id, lines)
        done = { upload_id: p.upload_id, group_id: upload.group_id, added, duplicates: lines.length - added + upload.in_file }
        await tx.query('update ab_import set result = $2, rows = null where upload_id = $1', [p.upload_id, JSON.stringify(done)])
        await audit(tx, c, { action: 'contactsImported', target: { id: p.upload_id }, changes: madeWith({ group_id: done.group_id, added: done.added, duplicates: done.duplicates }) })
      }
      await tx.query('update ab_import_key set response = $3 where cus_id = $1 and idempotency_key = $2', [cusId, p.idempotency_key, JSON.stringify(done)])
      return done
    })
    const name = await ownGroupName(db, cusId, result.group_id).catch(() => '')
    return ok(c, result, 'abImportDone', { msg: serverMessage('abImportDone', localeOf(c), { name, added: result.added, duplicates: result.duplicates }) })
  })

  return r
}
