import type { Db } from '../db'

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
export async function mediaOf(db: Db, apiBase: string, cusId: string, ids: number[]): Promise<Map<number, MediaRef>> {
  const unique = [...new Set(ids.filter((n) => Number.isInteger(n)))]
  if (!unique.length) return new Map()
  const { rows } = await db.query<{ material_id: number; cus_id: string; kind: string; object_key: string }>(
    'select material_id, cus_id, kind, object_key from material where cus_id = $1 and material_id = any($2::int[])', [cusId, unique])
  const out = new Map<number, MediaRef>()
  for (const m of rows) out.set(m.material_id, { material_id: m.material_id, kind: m.kind, url: await signMedia(db, apiBase, m) })
  return out
}

type Signer = (db: Db, apiBase: string, m: { material_id: number; cus_id: string; object_key: string }) => Promise<string>
let signer: Signer = async (_db, apiBase, m) => `${apiBase.replace(/\/+$/, '')}/media/file?id=${m.material_id}`
const signMedia: Signer = (db, apiBase, m) => signer(db, apiBase, m)
/** The materials part's signed-address function (server/materials/media-url.ts) plugs in here. */
export const useMediaSigner = (s: Signer) => {
  signer = s
}
