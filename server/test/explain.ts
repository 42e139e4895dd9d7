import type { Db } from '../db'

type Node = Record<string, unknown> & { Plans?: Node[] }

/**
 * Rows of `relation` a statement read, returned or filtered out, summed over its plan's scans (EXPLAIN ANALYZE): what
 * a list's first page costs, pinned without timing anything.
 */
export async function rowsRead(db: Db, relation: string, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<Record<string, unknown>>(`explain (analyze, format json) ${sql}`, params)
  const raw = Object.values(rows[0])[0]
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Node }[]
  let read = 0
  const walk = (n: Node) => {
    if (n['Relation Name'] === relation) {
      const loops = Number(n['Actual Loops'] ?? 0)
      read += (Number(n['Actual Rows'] ?? 0) + Number(n['Rows Removed by Filter'] ?? 0) + Number(n['Rows Removed by Index Recheck'] ?? 0)) * loops
    }
    n.Plans?.forEach(walk)
  }
  walk(plan[0].Plan)
  return read
}

/** Buffers a statement touched (EXPLAIN ANALYZE, BUFFERS): a walk over uncommitted entries reads a heap page per few. */
export async function buffersTouched(db: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<Record<string, unknown>>(`explain (analyze, buffers, format json) ${sql}`, params)
  const raw = Object.values(rows[0])[0]
  const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Node }[])[0].Plan
  return Number(plan['Shared Hit Blocks'] ?? 0) + Number(plan['Shared Read Blocks'] ?? 0)
}
