import type { CustomCellRendererProps } from 'ag-grid-react'
import { MediaThumb } from '@/components/media/MediaThumb'
import type { MediaKind } from '@/domain/materials'

/** A 'thumbnail' column's cell: the value is {url, kind, name} (see define-list.ts). */
export function ThumbCell(p: CustomCellRendererProps) {
  const v = p.value as { url: string; kind: MediaKind; name: string } | null | undefined
  if (!v?.url) return null
  return (
    <span className="flex h-full items-center">
      <MediaThumb url={v.url} kind={v.kind} name={v.name} />
    </span>
  )
}
