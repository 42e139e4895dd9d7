import type { MaterialPurpose } from '@/domain/materials'
import type { DraftMedia } from './csp-draft'

/** Chooses a material of the account with the materials' picker (src/components/media); null when cancelled. */
export async function pickMedia(_purpose: MaterialPurpose): Promise<DraftMedia | null> {
  return null
}
