import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '@/api/query-client'
import { mountDialog } from '@/components/ui/mount-dialog'
import type { MaterialPurpose, MaterialRow, MediaKind } from '@/domain/materials'
import { MediaPicker } from './MediaPicker'

export { checkFile } from './check-file'
export { fits } from './MediaPicker'
export { MediaThumb, mediaSrc } from './MediaThumb'
export { openUploadMaterial } from './open-upload'
export { UploadMaterialDialog } from './UploadMaterialDialog'

/**
 * The media picker for editors: resolves with the chosen (or freshly uploaded) material, or null when closed.
 * `purpose` 'csp' for a 5G card, 'video' for a video SMS frame; `kind` narrows it to one kind.
 */
export function openMediaPicker(opts: { purpose: MaterialPurpose; kind?: MediaKind }): Promise<MaterialRow | null> {
  return new Promise((resolve) => {
    let picked: MaterialRow | null = null
    mountDialog((close) => (
      <QueryClientProvider client={queryClient}>
        <MediaPicker
          {...opts}
          onPick={(row) => (picked = row)}
          onClose={() => {
            close()
            resolve(picked)
          }}
        />
      </QueryClientProvider>
    ))
  })
}
