import { openMediaPicker } from '@/components/media'
import type { MaterialPurpose } from '@/domain/materials'
import type { DraftMedia } from './csp-draft'
import { toDraftMedia } from './MediaSlot'

/**
 * Chooses a material of the account with the materials' picker (src/components/media: pick one, or upload on the
 * spot, within the purpose's limits); null when it was closed without a choice.
 */
export async function pickMedia(purpose: MaterialPurpose): Promise<DraftMedia | null> {
  const m = await openMediaPicker({ purpose })
  return m ? toDraftMedia(m) : null
}
