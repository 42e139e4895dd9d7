import { STATUS_LABELS } from '../../src/domain/lists/status-words'
import { Hono } from 'hono'
import { fieldChanges, madeWith } from '../audit/diff'
import { audit } from '../audit/write'
import { bodyLimit } from 'hono/body-limit'
import { IMPORT_BODY_LIMIT_BYTES, IMPORT_ROWS_MAX } from '../../src/domain/contact-import'
import { serverMessage } from '../../src/domain/messages'
import {
  checkOptOutRow, OPT_OUT_CHECK_SHOWN, OPT_OUT_SOURCE, optOutSourceKey, type OptOutCheckResult, type OptOutSearch,
} from '../../src/domain/opt-outs'
import { SEND_BODY_LIMIT_BYTES } from '../../src/domain/send'
import type { Deps } from '../deps'
import type { Db } from '../db'
import { ApiError, fail, localeOf, ok } from '../http/envelope'
import { byField, operation } from '../http/operation'
import type { AppEnv } from '../http/env'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { countRows, downloadResponse, keysetBatches, listPage, orderClause, Where } from '../lists'
import { addEntries, optedOutAmong, removeEntries, settingsOf } from '../opt-outs/store'
import { consumeRate } from '../security/rate-limit'
import { readNumbers } from '../send/group-send'
import { countryList, readIntlNumbers } from '../send/intl-send'
import { marketingRules } from '../send/marketing'
import { readP2pMessages } from '../send/p2p-send'
import { removedAmong } from '../send/scrub'
import type { SessionUser } from '../users/repo'
import { col, fileColumns, today, type Row } from './lists/common'
import { partBytes, senderOf, sendMemory } from './send/form'

/*
 * The suppression list of the caller's enterprise (src/domain/opt-outs.ts): its list, download, adds, removals,
 * import and settings, and the check a send page makes before its confirmation. A customer and its sub-accounts
 * share one list: both see it and add to it, the customer alone takes numbers off and sets the keywords (taking a
 * number off lets every account of the enterprise reach it again). An administrator sees every enterprise's list.
 */

const SELECT = `o.ent_id, o.mobile, o.source::int as source, o.mo_sn::float8 as mo_sn, o.note, o.added_by, o.create_time,
  (o.removed_at is null)::int as status, o.removed_at, o.removed_reason, o.removed_by`
const FROM = 'opt_out o'
const FILE = [col('ent_id', 'account'), col('mobile', 'mobile'), col('source', 'source'), col('mo_sn', 'replyRecord'),
  col('note', 'note'), col('added_by', 'addedBy'), col('create_time', 'optedOutAt'), col('status', 'status'),
  col('removed_at', 'removedAt'), col('removed_reason', 'removedReason'), col('removed_by', 'removedBy')]
const STALE_UPLOADS = "create_time < now() - interval '1 hour' and result is null"

/** The enterprise whose list a signed-in account uses. */
const enterpriseOfUser = (u: SessionUser) => (u.userType === 3 && u.parentId ? u.parentId : u.cusId)

/** Only the enterprise's own account changes what its list lets through. */
function requireEnterprise(u: SessionUser) {
  if (u.userType === 3) throw new ApiError(403, 'forbidden')
}

function listWhere(user: SessionUser, q: OptOutSearch): Where {
  const w = new Where()
  if (user.userType === 1) w.when(q.cus_id, (v) => `o.ent_id = ${w.bind(v)}`)
  else w.and(`o.ent_id = ${w.bind(enterpriseOfUser(user))}`)
  return w.when(q.mobile, (v) => `o.mobile like ${w.bind(`${v.replace(/\D/g, '')}%`)}`)
    .when(q.source, (v) => `o.source = ${w.bind(v)}`)
    .when(q.status, (v) => (v === 1 ? 'o.removed_at is null' : 'o.removed_at is not null'))
    .timeWindow('o.create_time', q, null)
}

/** Each line of an import's `rows` part (line TAB number TAB note) checked; repeated numbers counted and left out. */
export function checkImportRows(text: string): { mobiles: string[]; notes: string[]; inFile: number } {
  const mobiles: string[] = []
  const notes: string[] = []
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
    if (line < 1) throw new ApiError(400, 'optOutImportNotRows')
    const check = checkOptOutRow(cells.slice(1))
    if (!check.ok) throw new ApiError(400, 'optOutImportRowRefused', { line, field: check.field, reason: check.reason }, undefined, { line, field: check.field, reason: check.reason })
    if (seen.has(check.mobile)) {
      inFile++
      continue
    }
    if (seen.size >= IMPORT_ROWS_MAX) throw new ApiError(400, 'optOutImportTooMany', { max: IMPORT_ROWS_MAX })
    seen.add(check.mobile)
    mobiles.push(check.mobile)
    notes.push(check.note)
  }
  return { mobiles, notes, inFile }
}

async function onList(db: Db, entId: string, mobiles: string[]): Promise<number> {
  return (await optedOutAmong(db, entId, mobiles)).size
}

export function optOutRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)
  const importLimit = bodyLimit({ maxSize: IMPORT_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })
  const checkLimit = bodyLimit({ maxSize: SEND_BODY_LIMIT_BYTES, onError: (c) => fail(c, new ApiError(413, 'badRequest')) })

  operation(r, '/optOut/list', checkedInStatement(db, async (c, input) => {
    const q = await input()
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'),
      select: SELECT, from: FROM, where: listWhere(c.get('user'), q), page: q,
      orderBy: orderClause(q, { create_time: 'o.create_time', mobile: 'o.mobile' }, { by: 'create_time', order: 'desc' }, 'o.mobile'),
    }))
  }))

  operation(r, '/optOut/download', auth, async (c, input) => {
    const q = await input()
    const w = listWhere(c.get('user'), q)
    const locale = localeOf(c)
    return downloadResponse<Row>(c, {
      format: q.format, filename: `退订名单-${today()}`, total: await countRows(db, FROM, w),
      columns: fileColumns<Row>(FILE, {
        source: (row) => STATUS_LABELS[optOutSourceKey(Number(row.source))][locale],
        status: (row) => STATUS_LABELS[Number(row.status) === 1 ? 'optOutActive' : 'optOutRemoved'][locale],
      }),
      batches: keysetBatches<Row>(db, { select: SELECT, from: FROM, where: w, order: 'desc',
        key: [{ sql: 'o.create_time', type: 'timestamptz' }, { sql: 'o.mobile', type: 'text' }] }),
    })
  })

  operation(r, '/optOut/add', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    await consumeRate(deps, 'optOutWrite', user.cusId)
    await db.transaction(async (tx) => {
      const added = await addEntries(tx, enterpriseOfUser(user), user.cusId, OPT_OUT_SOURCE.manual, [{ mobile: p.mobile, note: p.note }])
      await audit(tx, c, { action: 'optOutAdded', target: { id: p.mobile }, changes: madeWith({ mobile: p.mobile, note: p.note, added }) })
    })
    return ok(c, { mobile: p.mobile }, 'optOutAdded', { msg: serverMessage('optOutAdded', localeOf(c), { mobile: p.mobile }) })
  })

  operation(r, '/optOut/remove', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    requireEnterprise(user)
    await consumeRate(deps, 'optOutWrite', user.cusId)
    const removed = await db.transaction(async (tx) => {
      const n = await removeEntries(tx, enterpriseOfUser(user), user.cusId, p.mobiles, p.reason)
      if (n) await audit(tx, c, { action: 'optOutRemoved', target: { id: p.mobiles.length === 1 ? p.mobiles[0] : null }, changes: fieldChanges({ mobiles: p.mobiles }, { removed: n, reason: p.reason }) })
      return n
    })
    if (!removed) throw new ApiError(404, 'optOutNotFound')
    return ok(c, { removed }, 'optOutRemoved', { msg: serverMessage('optOutRemoved', localeOf(c), { count: removed }) })
  })

  operation(r, '/optOut/settings', auth, async (c) => ok(c, await settingsOf(db, enterpriseOfUser(c.get('user')))))

  operation(r, '/optOut/saveSettings', auth, async (c, input) => {
    const p = await input(byField)
    const user = c.get('user')
    requireEnterprise(user)
    await consumeRate(deps, 'optOutWrite', user.cusId)
    await db.transaction(async (tx) => {
      const before = await settingsOf(tx, enterpriseOfUser(user))
      await tx.query(
        `insert into opt_out_setting (ent_id, out_keywords, in_keywords, exempt_verification) values ($1, $2, $3, $4)
         on conflict (ent_id) do update set out_keywords = excluded.out_keywords, in_keywords = excluded.in_keywords,
           exempt_verification = excluded.exempt_verification, update_time = now()`,
        [enterpriseOfUser(user), p.out_keywords, p.in_keywords, p.exempt_verification])
      await audit(tx, c, { action: 'optOutSettingsChanged', target: { id: 'optOutSettings' }, changes: fieldChanges(before, await settingsOf(tx, enterpriseOfUser(user))) })
    })
    return ok(c, p, 'optOutSettingsSaved')
  })

  // Before a send's confirmation: which of its numbers the scrub will leave out (the send scrubs again as it goes),
  // decided as the send decides it: its type and the marketing rules from its text, mark and time, then the scrub's
  // one reading (removedAmong) of the opted out and those over the day's marketing cap.
  operation(r, '/optOut/check', checkLimit, auth, sendMemory(deps), async (c, input) => {
    const { payload, form } = await input()
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    const p2p = form.rows !== undefined
    const rows = p2p ? readP2pMessages(await partBytes(form, 'rows'), payload.template ?? '') : null
    const countries = payload.international ? await countryList(db, cusId) : null
    const intl = countries ? readIntlNumbers(await partBytes(form, 'numbers'), countries) : null
    const mobiles = rows ? rows.mobiles : intl ? intl.mobiles : readNumbers(await partBytes(form, 'numbers')).mobiles
    // International texts are judged by no marketing rule (send/marketing.ts), as their send is.
    const text = intl ? undefined : (payload.template ?? payload.content)
    const m = text ? { text, marked: payload.marketing ?? false, field: p2p ? 'template' : 'content' } : undefined
    const rules = await marketingRules(db, cusId, m, { mobiles, timing: payload.timing_time ?? null })
    const { suppressed, over } = await removedAmong(db, cusId, mobiles, m, rules.capped)
    const result: OptOutCheckResult = {
      opted_out: suppressed.size, mobiles: [...suppressed].slice(0, OPT_OUT_CHECK_SHOWN),
      over_cap: over.size, over_cap_mobiles: [...over].slice(0, OPT_OUT_CHECK_SHOWN), messages: 0,
    }
    if (!suppressed.size && !over.size) return ok(c, result)
    const kept: number[] = []
    const dropped: number[] = []
    mobiles.forEach((mobile, i) => (suppressed.has(mobile) || over.has(mobile) ? dropped : kept).push(i))
    // A point-to-point row's messages depend on its values: the rows left out are measured as the send bills them.
    if (rows) result.messages = rows.contents.messages - rows.contents.only(kept, dropped).messages
    if (intl && countries) {
      const codeOf = new Map(countries.map((k) => [k.iso, k.calling_code]))
      const byCode: Record<string, number> = {}
      for (const i of dropped) {
        const code = codeOf.get(intl.isos[i])!
        byCode[code] = (byCode[code] ?? 0) + 1
      }
      result.calling_codes = byCode
    }
    return ok(c, result)
  })

  operation(r, '/file/uploadOptOut', importLimit, auth, async (c, input) => {
    const { form } = await input()
    const user = c.get('user')
    const file = await partBytes(form, 'rows')
    await consumeRate(deps, 'addressBookImport', user.cusId)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file)
    } catch {
      throw new ApiError(400, 'optOutImportNotRows')
    }
    const { mobiles, notes, inFile } = checkImportRows(text)
    if (!mobiles.length) throw new ApiError(400, 'optOutImportEmpty')
    const ent = enterpriseOfUser(user)
    const already = await onList(db, ent, mobiles)
    const stored = mobiles.map((m, i) => (notes[i] ? `${m}\t${notes[i]}` : m)).join('\n')
    const rows = await db.transaction(async (tx) => {
      await tx.query(`delete from opt_out_import where ${STALE_UPLOADS}`)
      const { rows: made } = await tx.query<{ upload_id: number }>(
        'insert into opt_out_import (ent_id, cus_id, rows, row_count, in_file) values ($1, $2, $3, $4, $5) returning upload_id',
        [ent, user.cusId, stored, mobiles.length + inFile, inFile])
      await audit(tx, c, { action: 'optOutsUploaded', target: { id: made[0].upload_id }, changes: madeWith({ rows: mobiles.length + inFile, add: mobiles.length - already, on_list: already, in_file: inFile }) })
      return made
    })
    const preview = { upload_id: rows[0].upload_id, rows: mobiles.length + inFile, add: mobiles.length - already, on_list: already, in_file: inFile }
    return ok(c, preview, 'optOutImportUploaded', { msg: serverMessage('optOutImportUploaded', localeOf(c), preview) })
  })

  operation(r, '/optOut/importCommit', auth, async (c, input) => {
    const p = await input()
    const user = c.get('user')
    const ent = enterpriseOfUser(user)
    const result = await db.transaction(async (tx) => {
      // Locked: the same upload committed twice at once waits here, then finds the first one's result.
      const { rows } = await tx.query<{ rows: string | null; in_file: number; result: { added: number; duplicates: number } | null }>(
        'select rows, in_file, result from opt_out_import where upload_id = $1 and ent_id = $2 and cus_id = $3 for update', [p.upload_id, ent, user.cusId])
      const upload = rows[0]
      if (!upload) throw new ApiError(404, 'optOutImportNotFound')
      if (upload.result) return upload.result
      const lines = upload.rows ? upload.rows.split('\n') : []
      const entries = lines.map((l) => {
        const tab = l.indexOf('\t')
        return tab < 0 ? { mobile: l, note: '' } : { mobile: l.slice(0, tab), note: l.slice(tab + 1) }
      })
      const added = await addEntries(tx, ent, user.cusId, OPT_OUT_SOURCE.import, entries)
      const done = { upload_id: p.upload_id, added, duplicates: lines.length - added + upload.in_file }
      await tx.query('update opt_out_import set result = $2, rows = null where upload_id = $1', [p.upload_id, JSON.stringify(done)])
      await audit(tx, c, { action: 'optOutsImported', target: { id: p.upload_id }, changes: madeWith({ added, duplicates: done.duplicates }) })
      return done
    })
    return ok(c, result, 'optOutImportDone', { msg: serverMessage('optOutImportDone', localeOf(c), { added: result.added, duplicates: result.duplicates }) })
  })

  return r
}
