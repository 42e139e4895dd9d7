import { checkQuota, type MaterialStorage } from '../../src/domain/materials'
import type { Db } from '../db'
import { ApiError } from '../http/envelope'
import { lockInSchema } from '../db/locks'

/**
 * The storage quota of an enterprise's materials: the bytes of the rows in `material` of the customer and of every
 * sub-account it has, against the customer's storage_quota (null: the server's default, STORAGE_QUOTA_BYTES). A
 * sub-account uploads into its enterprise's storage: with a quota each, a customer with 200 sub-accounts could store
 * 200 times its own. Administrators (no enterprise) have their own. Usage is summed from the rows rather than kept in a
 * counter, so a delete frees its bytes with no second write to forget; material_cus_idx keeps the sum to the
 * enterprise's own rows.
 */
export async function storageOf(db: Db, cusId: string, defaultQuota: number): Promise<MaterialStorage> {
  const { rows } = await db.query<{ quota: string | null; used: string }>(
    `with owner as (${OWNER_SQL})
     select (select storage_quota::text from customer where cus_id = (select id from owner)) as quota,
       (select coalesce(sum(size), 0)::text from material
        where cus_id in (select id from owner union all select cus_id from customer where parent_id = (select id from owner) and user_type = 3)) as used`,
    [cusId],
  )
  return { used: Number(rows[0]?.used ?? 0), quota: rows[0]?.quota == null ? defaultQuota : Number(rows[0].quota) }
}

/** The account whose storage `$1` uploads into: a sub-account's enterprise customer, anyone else itself. */
const OWNER_SQL = `select case when user_type = 3 and parent_id is not null then parent_id else cus_id end as id from customer where cus_id = $1`

/** Refuses (409, with used, quota and the file's size) when `size` more bytes would pass the quota. */
export function assertFits(storage: MaterialStorage, size: number): void {
  const refused = checkQuota(storage, size)
  if (refused) throw new ApiError(409, refused.key, refused.vars)
}

// Any fixed number: with the tenant's hash it names the lock of one customer's storage across processes.
const QUOTA_LOCK_KEY = 72_410_049

/**
 * Inside the upload's transaction, before its insert: takes the enterprise's storage lock (held to commit), so two
 * uploads into one storage (a customer's and its sub-accounts') decide one after the other and cannot both pass the
 * last free bytes. The sum is a statement
 * of its own after the lock, so (read committed) it sees the row of an upload that committed while this one waited.
 * An advisory lock rather than the customer row: sends update that row and must not hold uploads up, nor they sends.
 */
export async function reserveStorage(tx: Db, cusId: string, size: number, defaultQuota: number): Promise<void> {
  const owner = (await tx.query<{ id: string }>(OWNER_SQL, [cusId])).rows[0]?.id ?? cusId
  await lockInSchema(tx, QUOTA_LOCK_KEY, owner)
  assertFits(await storageOf(tx, cusId, defaultQuota), size)
}
