export interface Scope {
  /** A boolean SQL condition; `true` for administrators. */
  sql: string
  params: unknown[]
}

/**
 * The rows a user may see in any per-account table: administrators everything, an enterprise customer its own
 * rows and its sub-accounts', a sub-account only its own. `firstParam` is the number of the first placeholder,
 * so the condition can join a list query's other filters. `= any(array(…))` rather than `in (…)`: the account list
 * becomes one value, so the planner can use the (cus_id, prod_type, time) index or walk the time index, whichever
 * reaches the first page sooner; measured 2x faster on the demo history for small customers.
 */
export function scopeFor(user: { userType: number; cusId: string }, column = 'cus_id', firstParam = 1): Scope {
  if (user.userType === 1) return { sql: 'true', params: [] }
  const p = `$${firstParam}`
  if (user.userType === 2) {
    return { sql: `${column} = any(array(select cus_id from customer where cus_id = ${p} or parent_id = ${p}))`, params: [user.cusId] }
  }
  return { sql: `${column} = ${p}`, params: [user.cusId] }
}
