import { FileAudio, FileText, FileVideo } from 'lucide-react'
import { apiUrl } from '@/api/http'
import type { MediaKind } from '@/domain/materials'

/** Server rows carry `<apiBase>/media/…`; data: and blob: URLs (local previews) pass as they are. */
export const mediaSrc = (url: string) => (/^(data:|blob:|https?:|\/)/.test(url) ? url : apiUrl(url))

/**
 * A material's small preview: the image itself, or the kind's icon for video and audio (loading a video to draw
 * its first frame in every row would fetch megabytes per page), a document's (a PDF proof) likewise.
 */
export function MediaThumb({ url, kind, name, size = 'h-7 w-10' }: { url: string; kind: MediaKind; name: string; size?: string }) {
  return (
    <span className={`inline-flex ${size} shrink-0 items-center justify-center overflow-hidden rounded border border-[var(--border)] bg-[var(--surface-2)] text-[var(--muted)]`}>
      {kind === 'image' && <img src={mediaSrc(url)} alt={name} loading="lazy" className="h-full w-full object-cover" />}
      {kind === 'video' && <FileVideo aria-label={name} size={18} />}
      {kind === 'audio' && <FileAudio aria-label={name} size={18} />}
      {kind === 'document' && <FileText aria-label={name} size={18} />}
    </span>
  )
}
