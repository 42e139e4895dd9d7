import type { Db } from '../db'

/**
 * Templates that use any of the materials `ids`: THE place for the template→material check of /aim/materialDelete
 * ("a material used by a template is refused with a message", issue 11). The template calls (another part of issue
 * 11) record which materials a 5G card or a video frame uses; until they do, nothing is in use. Runs inside the
 * delete's transaction after the materials' rows are locked, so a template saved meanwhile waits or sees them gone.
 * Returns one entry per template, named as the message shows it (e.g. "5G: 促销卡片 (#12)").
 */
export async function templatesUsing(_tx: Db, _ids: number[]): Promise<string[]> {
  return []
}
