import { openMediaPicker } from '@/components/media'
import type { MaterialPurpose } from '@/domain/materials'
import type { DraftMedia } from './csp-draft'
import { toDraftMedia } from './MediaSlot'

/** Chooses a material of the account with the materials' picker (src/components/media); null when cancelled. */
export async function pickMedia(purpose: MaterialPurpose): Promise<DraftMedia | null> {
  const row = await openMediaPicker({ purpose })
  return row && toDraftMedia(row)
}
