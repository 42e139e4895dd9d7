import type { AuthUser } from '../../src/domain/auth'
import { ROLES, type Role } from '../../src/domain/constants'
import type { Db } from '../db'

/** A customer row with its granted products, as routes see the signed-in user. */
export interface SessionUser {
  id: number
  cusId: string
  cusName: string
  userType: 1 | 2 | 3
  parentId: string | null
  passwordHash: string
  mobile: string
  cusStatus: number
  balance: number
  showClientStatus: number
  clientForbidUnknown: number
  showContentFilterWhere: number
  moreType: number
  prodTypes: number[]
}

/**
 * An account's status as everything that lets it act reads it (sign-in, every session check, the signed API, the
 * scheduler, sending for another account): its own, except that a sub-account whose customer is not open reads as
 * closed (0). The sub-account's own row is left as it was, so opening the customer again gives each sub-account back
 * in the state it had. `c` is the alias of the account's `customer` row.
 */
export const accountStatusSql = (c: string) =>
  `(case when ${c}.cus_status = 1 and exists (select 1 from customer p where p.cus_id = ${c}.parent_id and p.cus_status <> 1)
     then 0 else ${c}.cus_status end)`

const SELECT = `select c.id, c.cus_id, c.cus_name, c.user_type, c.parent_id, c.password_hash, c.mobile, ${accountStatusSql('c')} as cus_status,
  c.balance::float8 as balance, c.show_client_status, c.client_forbid_unknown, c.show_content_filter_where, c.more_type,
  coalesce((select array_agg(p.prod_type order by p.prod_type) from customer_product p where p.cus_id = c.cus_id),
    '{}') as prod_types
  from customer c`

type Row = Record<string, unknown>

function toUser(r: Row): SessionUser {
  return {
    id: Number(r.id),
    cusId: String(r.cus_id),
    cusName: String(r.cus_name),
    userType: Number(r.user_type) as 1 | 2 | 3,
    parentId: (r.parent_id as string | null) ?? null,
    passwordHash: String(r.password_hash),
    mobile: String(r.mobile),
    cusStatus: Number(r.cus_status),
    balance: Number(r.balance),
    showClientStatus: Number(r.show_client_status),
    clientForbidUnknown: Number(r.client_forbid_unknown),
    showContentFilterWhere: Number(r.show_content_filter_where),
    moreType: Number(r.more_type),
    prodTypes: (r.prod_types as unknown[]).map(Number),
  }
}

export async function userById(db: Db, id: number): Promise<SessionUser | null> {
  const { rows } = await db.query<Row>(`${SELECT} where c.id = $1`, [id])
  return rows[0] ? toUser(rows[0]) : null
}

/** The account of a live session token whose SHA-256 is placeholder `p`: every authenticated request asks it. */
export const sessionSql = (p: string) => `${SELECT} join session_token t on t.customer_id = c.id
     where t.token_hash = ${p} and t.revoked_at is null and t.expires_at > now()`

/**
 * A session and its account in one round trip, with the account row as text (`fingerprint`): a statement can check
 * that the session still holds and the account still reads exactly so (`sessionCheckSql`) instead of asking again.
 */
export async function sessionByTokenHash(db: Db, tokenHash: string): Promise<{ user: SessionUser; fingerprint: string } | null> {
  const { rows } = await db.query<Row>(`select u.*, u::text as "__fp" from (${sessionSql('$1')}) u`, [tokenHash], { prepare: true })
  return rows[0] ? { user: toUser(rows[0]), fingerprint: String(rows[0].__fp) } : null
}

export async function userByTokenHash(db: Db, tokenHash: string): Promise<SessionUser | null> {
  return (await sessionByTokenHash(db, tokenHash))?.user ?? null
}

/**
 * One row when the session of token hash `pHash` is live and its account row still reads `pFingerprint`, none
 * otherwise (revoked, expired, or the account or its products changed since).
 */
// `offset 0` keeps the comparison above the lookup: pushed down, it would read every account's row as text.
export const sessionCheckSql = (pHash: string, pFingerprint: string) =>
  `select 1 as "__session" from (${sessionSql(pHash)} offset 0) u where u::text = ${pFingerprint}`

export async function userByCusId(db: Db, cusId: string): Promise<SessionUser | null> {
  const { rows } = await db.query<Row>(`${SELECT} where c.cus_id = $1`, [cusId])
  return rows[0] ? toUser(rows[0]) : null
}

export const roleOf = (u: Pick<SessionUser, 'userType'>): Role =>
  u.userType === 1 ? ROLES.admin : u.userType === 2 ? ROLES.customer : ROLES.subAccount

/** Administrators reach every product; others only what customer_product grants them. */
export const hasProduct = (u: SessionUser, prodType: number) => u.userType === 1 || u.prodTypes.includes(prodType)

export function toAuthUser(u: SessionUser): AuthUser {
  return {
    cusId: u.cusId,
    userName: u.cusName,
    userType: u.userType,
    showClientStatus: u.showClientStatus,
    clientForbidUnknown: u.clientForbidUnknown,
    showContentFilterWhere: u.showContentFilterWhere,
    moreType: u.moreType,
    balance: u.balance,
    mobile: u.mobile,
    parentId: u.parentId,
    prodTypes: u.prodTypes,
  }
}
