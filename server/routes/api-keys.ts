import { Hono } from 'hono'
import { API_KEY_SCOPES, API_KEYS_MAX, type ApiKeySearch, type ApiKeySecret } from '../../src/domain/api-keys'
import { formatDateTime } from '../../src/domain/date-time'
import { serverMessage } from '../../src/domain/messages'
import type { Deps } from '../deps'
import { ApiError, localeOf, ok } from '../http/envelope'
import type { AppEnv } from '../http/env'
import { byField, operation } from '../http/operation'
import { requireUser } from '../http/session'
import { checkedInStatement } from '../http/session-check'
import { listPage, orderClause, Where } from '../lists'
import { consumeRate } from '../security/rate-limit'
import { newKeyId, newSecret } from '../signed-api/keys'
import type { SessionUser } from '../users/repo'
import { scopeFor } from '../users/scope'
import { fieldChanges, madeWith } from '../audit/diff'
import { audit } from '../audit/write'

/*
 * API keys (src/domain/api-keys.ts). The list shows the accounts of the caller's scope (an enterprise its own and
 * its sub-accounts', an administrator all), each with its app secret first (every scope, managed in the settings'
 * app secret section) and its keys. An account makes and rotates only its own keys, since the answer carries the
 * secret; a key is revoked by its account, its enterprise or an administrator. The secret is in the answer of the
 * create or rotate call only: no call reads it back. Each change writes its audit entry in its transaction, the
 * secret only as changed.
 */

const ALL_SCOPES = `array[${API_KEY_SCOPES.map((s) => `'${s}'`).join(', ')}]::text[]`
const ROWS = `(
  select '' as key_id, 'app' as kind, c.cus_id, '' as name, ${ALL_SCOPES} as scopes, '{}'::text[] as ranges,
    right(c.app_secret, 4) as hint, 'active' as status, c.create_time, null::timestamptz as expires_at,
    c.app_secret_used_at as last_used_at, null::timestamptz as previous_until, 0 as ord
  from customer c
  union all
  select k.key_id, 'key', k.cus_id, k.name, k.scopes, k.ranges, k.hint,
    case when k.revoked_at is not null then 'revoked' when k.expires_at <= now() then 'expired' else 'active' end,
    k.create_time, k.expires_at, k.last_used_at, case when k.previous_until > now() then k.previous_until end, 1
  from api_key k
) k`
const SELECT = 'k.key_id, k.kind, k.cus_id, k.name, k.scopes, k.ranges, k.hint, k.status, k.create_time, k.expires_at, k.last_used_at, k.previous_until'
// Each account's app secret before its keys whichever way the time is sorted: the ord column leads the order.
const SORTABLE = {
  create_time: 'k.ord, k.create_time',
  last_used_at: { sql: 'k.last_used_at', nullable: true },
  expires_at: { sql: 'k.expires_at', nullable: true },
  name: 'k.name',
}

function listWhere(user: SessionUser, q: ApiKeySearch): Where {
  const w = new Where()
  const scope = scopeFor(user, 'k.cus_id', 1)
  if (scope.sql !== 'true') w.and(scope.sql.replaceAll('$1', w.bind(user.cusId)))
  return w.when(q.cus_id, (v) => `k.cus_id = ${w.bind(v)}`)
    .when(q.name, (v) => `k.name ilike ${w.bind(`%${v.replace(/[\\%_]/g, '\\$&')}%`)}`)
    .when(q.status, (v) => `k.status = ${w.bind(v)}`)
}

export function apiKeyRoutes(deps: Deps) {
  const r = new Hono<AppEnv>()
  const { db } = deps
  const auth = requireUser(db)

  operation(r, '/apiKey/list', checkedInStatement(db, async (c, input) => {
    const q = await input()
    return ok(c, await listPage(db, {
      session: c.get('sessionCheck'), select: SELECT, from: ROWS, where: listWhere(c.get('user'), q), page: q,
      orderBy: orderClause(q, SORTABLE, { by: 'create_time', order: 'desc' }, 'k.key_id'),
    }))
  }))

  operation(r, '/apiKey/create', auth, async (c, input) => {
    const user = c.get('user')
    const p = await input(byField)
    await consumeRate(deps, 'apiKeyWrite', user.cusId)
    const keyId = newKeyId()
    const secret = newSecret()
    const { sealed, sealedWith } = await deps.keySealer.seal(keyId, secret)
    await db.transaction(async (tx) => {
      // One account's creates one at a time, so the count below holds when the insert commits.
      await tx.query(`select pg_advisory_xact_lock(hashtext('api_key:' || $1))`, [user.cusId])
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from api_key where cus_id = $1 and revoked_at is null', [user.cusId])
      if (rows[0].n >= API_KEYS_MAX) throw new ApiError(409, 'apiKeysTooMany', { max: API_KEYS_MAX })
      await tx.query(
        `insert into api_key (key_id, cus_id, name, scopes, ranges, sealed, sealed_with, hint, created_by, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $2, case when $9::int > 0 then now() + make_interval(days => $9::int) end)`,
        [keyId, user.cusId, p.name, p.scopes, p.ranges, sealed, sealedWith, secret.slice(-4), p.expires_days])
      await audit(tx, c, {
        action: 'apiKeyCreated', target: { id: keyId },
        changes: madeWith({ name: p.name, scopes: p.scopes, ranges: p.ranges, expires_days: p.expires_days, secret: 'new' }),
      })
    })
    const reply: ApiKeySecret = { key_id: keyId, name: p.name, secret, previous_until: null }
    return ok(c, reply, 'apiKeyCreated', { msg: serverMessage('apiKeyCreated', localeOf(c), { name: p.name }) })
  })

  operation(r, '/apiKey/rotate', auth, async (c, input) => {
    const user = c.get('user')
    const { key_id: keyId, overlap_hours: overlap } = await input(byField)
    await consumeRate(deps, 'apiKeyWrite', user.cusId)
    const secret = newSecret()
    const { sealed, sealedWith } = await deps.keySealer.seal(keyId, secret)
    const rows = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ name: string; previous_until: Date }>(
        `update api_key set previous_sealed = sealed, previous_sealed_with = sealed_with,
           previous_until = now() + make_interval(hours => $5::int), sealed = $3, sealed_with = $4, hint = $6, rotated_at = now()
         where key_id = $1 and cus_id = $2 and revoked_at is null and (expires_at is null or expires_at > now())
         returning name, previous_until`, [keyId, user.cusId, sealed, sealedWith, overlap ?? deps.config.apiKeyOverlapHours, secret.slice(-4)])
      if (rows[0]) {
        await audit(tx, c, {
          action: 'apiKeyRotated', target: { id: keyId },
          changes: [{ field: 'secret', changed: true }, { field: 'previous_until', after: new Date(rows[0].previous_until).toISOString() }],
        })
      }
      return rows
    })
    if (!rows[0]) throw await refusal(deps, keyId, { userType: 3, cusId: user.cusId })
    const until = formatDateTime(rows[0].previous_until)
    const reply: ApiKeySecret = { key_id: keyId, name: rows[0].name, secret, previous_until: new Date(rows[0].previous_until).toISOString() }
    return ok(c, reply, 'apiKeyRotated', { msg: serverMessage('apiKeyRotated', localeOf(c), { name: rows[0].name, until }) })
  })

  operation(r, '/apiKey/revoke', auth, async (c, input) => {
    const user = c.get('user')
    const { key_id: keyId } = await input(byField)
    await consumeRate(deps, 'apiKeyWrite', user.cusId)
    const scope = scopeFor(user, 'cus_id', 3)
    const rows = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ name: string; cus_id: string }>(
        `update api_key set revoked_at = now(), revoked_by = $2 where key_id = $1 and revoked_at is null and ${scope.sql} returning name, cus_id`,
        [keyId, user.cusId, ...scope.params])
      // The key's account owns the entry (its enterprise and an administrator may revoke it for it).
      if (rows[0]) {
        await audit(tx, c, {
          action: 'apiKeyRevoked', account: rows[0].cus_id, target: { id: keyId },
          changes: [{ field: 'name', after: rows[0].name }, ...fieldChanges({ status: 'active' }, { status: 'revoked' })],
        })
      }
      return rows
    })
    if (!rows[0]) throw await refusal(deps, keyId, user)
    return ok(c, { key_id: keyId }, 'apiKeyRevokedOk', { msg: serverMessage('apiKeyRevokedOk', localeOf(c), { name: rows[0].name }) })
  })
  return r
}

/** Why a rotate or revoke changed nothing: a key outside `who`'s scope is one that does not exist (404), else its state (409). */
async function refusal(deps: Deps, keyId: string, who: { userType: number; cusId: string }): Promise<ApiError> {
  const scope = scopeFor(who, 'cus_id', 2)
  const { rows } = await deps.db.query<{ name: string }>(`select name from api_key where key_id = $1 and ${scope.sql}`, [keyId, ...scope.params])
  return rows[0] ? new ApiError(409, 'apiKeyNotActive', { name: rows[0].name }) : new ApiError(404, 'apiKeyNotFound')
}
