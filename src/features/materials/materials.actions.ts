import { deleteMaterials } from '@/api/materials'
import { mediaSrc, openUploadMaterial } from '@/components/media'
import type { MaterialPurpose, MaterialRow } from '@/domain/materials'

/** The materials screen's writes, loaded when first used. */

export async function uploadMaterials(purpose: MaterialPurpose = 'aim'): Promise<void> {
  await openUploadMaterial({ purpose })
}

/** Deletes the rows' materials; the server's words (how many, or which template uses one) are the toast. */
export const deleteRows = (rows: MaterialRow[]) => deleteMaterials(rows.map((r) => r.material_id))

/** The media in a tab of its own, through its signed address (it is served inline, never as active content). */
export function openMaterial(row: MaterialRow): void {
  window.open(mediaSrc(row.url), '_blank', 'noopener')
}
