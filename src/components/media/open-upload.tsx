import { toast } from '@/components/ui/toast'
import { mountDialog } from '@/components/ui/mount-dialog'
import type { MaterialRow } from '@/domain/materials'
import { words } from '@/api/words'
import { UploadMaterialDialog, type UploadMaterialProps } from './UploadMaterialDialog'

/**
 * Opens the upload dialog from anywhere (the materials screen's toolbar, the palette's "upload material", a picker);
 * resolves with what was stored, an empty list when closed without uploading. Success is toasted here.
 */
export function openUploadMaterial(opts: Omit<UploadMaterialProps, 'onUploaded' | 'onClose'> = {}): Promise<MaterialRow[]> {
  return new Promise((resolve) => {
    const rows: MaterialRow[] = []
    mountDialog((close) => (
      <UploadMaterialDialog
        {...opts}
        onUploaded={(r) => {
          rows.push(...r)
          toast.success(words().materials.uploaded({ count: r.length }))
        }}
        onClose={() => {
          close()
          resolve(rows)
        }}
      />
    ))
  })
}
