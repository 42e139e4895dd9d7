import { openMediaPicker } from '@/components/media'
import type { MaterialPurpose } from '@/domain/materials'
import type { DraftMedia } from './csp-draft'

/**
 * Chooses a material of the account with the materials' picker (src/components/media: pick one, or upload on the
 * spot, within the purpose's limits); null when it was closed without a choice.
 */
export async function pickMedia(purpose: MaterialPurpose): Promise<DraftMedia | null> {
  const m = await openMediaPicker({ purpose })
  return m ? { material_id: m.material_id, kind: m.kind, file_name: m.file_name, size: m.size, url: m.url } : null
}
