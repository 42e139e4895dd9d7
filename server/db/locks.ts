import type { Db } from './types'

/*
 * PostgreSQL advisory locks belong to the whole database, not to a schema: two deployments in schemas of one
 * database (or two test files sharing a cluster) that took `(key, hashtext(name))` would wait on each other's
 * locks. Every lock the server takes therefore names the schema it works in (`current_schema()`); one deployment
 * in `public` still has one key per name.
 */

/** The second key of a schema-scoped lock on `name`, as SQL over the parameter `$2`. */
export const SCOPED_NAME_SQL = `hashtext(current_schema() || '/' || $2)`

/** Takes, to the end of `tx`'s transaction, the lock `key` on `name` in this schema. */
export async function lockInSchema(tx: Db, key: number, name: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock($1, ${SCOPED_NAME_SQL})`, [key, name])
}
