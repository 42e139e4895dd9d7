import type { Db } from '../db'
import type { MediaUrls } from '../materials/media-url'

/** A material as a stored template shows it: kind and a short-lived address the console can load. */
export interface MediaRef {
  material_id: number
  kind: string
  url: string
}

/**
 * The current media of `ids` that belong to `cusId` (a template's owner), keyed by id. Addresses are signed per read
 * (they expire), so templates store the material id, never an address.
 */
export async function mediaOf(db: Db, urls: MediaUrls, cusId: string, ids: number[]): Promise<Map<number, MediaRef>> {
  const unique = [...new Set(ids.filter((n) => Number.isInteger(n)))]
  if (!unique.length) return new Map()
  const { rows } = await db.query<{ material_id: number; cus_id: string; kind: string; object_key: string }>(
    'select material_id, cus_id, kind, object_key from material where cus_id = $1 and material_id = any($2::int[])', [cusId, unique])
  const out = new Map<number, MediaRef>()
  for (const m of rows) out.set(m.material_id, { material_id: m.material_id, kind: m.kind, url: await urls.sign(m) })
  return out
}


/** Cards or frames with their material's kind and a fresh address (the stored ones name the material only). */
export async function withMedia<T extends { material_id?: number | null; mediaUrl: string; mediaType: string }>(
  db: Db, urls: MediaUrls, cusId: string, items: T[],
): Promise<T[]> {
  const media = await mediaOf(db, urls, cusId, items.map((x) => x.material_id ?? NaN))
  return items.map((x) => {
    const m = x.material_id ? media.get(x.material_id) : undefined
    return m ? { ...x, mediaType: m.kind, mediaUrl: m.url } : x
  })
}
