import { addressInRanges } from '../../src/domain/allowed-addresses'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'

/** Whose list applies to an account: the administrators' one, an enterprise's own, a sub-account's enterprise's. */
export const scopeOf = (user: { userType: number; cusId: string; parentId: string | null }) =>
  user.userType === 1 ? 'admin' : user.userType === 3 && user.parentId ? user.parentId : user.cusId

export async function rangesOf(db: Db, scope: string): Promise<string[]> {
  const { rows } = await db.query<{ ranges: string[] }>('select ranges from allowed_sign_in where scope = $1', [scope])
  return rows[0]?.ranges ?? []
}

/** Refuses (403) an account signing in or calling the signed API from outside its allowed addresses. */
export async function requireAllowedAddress(db: Db, user: { userType: number; cusId: string; parentId: string | null }, ip: string, type?: number) {
  if (!addressInRanges(ip, await rangesOf(db, scopeOf(user)))) throw new ApiError(403, 'addressNotAllowed', { address: ip }, type)
}
