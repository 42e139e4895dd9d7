import type { VideoFrame } from '@/domain/send-video'
import { TEMPLATE_LIMITS, videoTemplateAddSchema, type VideoTemplateAdd } from '@/domain/templates-write'
import type { DraftMedia } from './csp-draft'
import { insertAfter, moveItem, newKey, patchAt, removeAt } from './list-ops'
import { schemaProblems, type Problems } from './problems'

/*
 * The video template being edited: ordered frames (image, video or audio plus text), the theme (`title`, the
 * message's subject), the signature and a remark, with the total size the list shows in KB. Pure state; the rules
 * are the shared add schema's plus the carriers' total size, which the server checks again on the stored sizes.
 */

export interface DraftFrame {
  key: string
  media: DraftMedia | null
  text: string
}

export interface VideoDraft {
  title: string
  sign: string
  remark: string
  frames: readonly DraftFrame[]
}

export const FRAMES_MAX = TEMPLATE_LIMITS.framesMax
export const VIDEO_TOTAL_MAX_BYTES = TEMPLATE_LIMITS.videoTotalKb * 1024

export const blankFrame = (): DraftFrame => ({ key: newKey('f'), media: null, text: '' })
export const blankVideoDraft = (): VideoDraft => ({ title: '', sign: '', remark: '', frames: [blankFrame()] })

export const addFrame = (d: VideoDraft, after: number): VideoDraft => ({ ...d, frames: insertAfter(d.frames, after, blankFrame(), FRAMES_MAX) })
export const removeFrame = (d: VideoDraft, i: number): VideoDraft => ({ ...d, frames: removeAt(d.frames, i, 1) })
export const moveFrame = (d: VideoDraft, i: number, delta: number): VideoDraft => ({ ...d, frames: moveItem(d.frames, i, delta) })
export const patchFrame = (d: VideoDraft, i: number, patch: Partial<DraftFrame>): VideoDraft => ({ ...d, frames: patchAt(d.frames, i, patch) })

const utf8 = (s: string) => new TextEncoder().encode(s.trim()).length

/** Bytes the message weighs: every frame's media plus the UTF-8 bytes of the texts (what the server sums). */
export const videoTotalBytes = (d: VideoDraft) => d.frames.reduce((n, f) => n + (f.media?.size ?? 0) + utf8(f.text), 0)

export const videoPayload = (d: VideoDraft): VideoTemplateAdd => ({
  title: d.title, template_sign: d.sign, template_type: 0, remark: d.remark,
  frames: d.frames.map((f) => ({ material_id: f.media?.material_id ?? 0, text: f.text })),
})

export function videoProblems(d: VideoDraft): Problems {
  const r = videoTemplateAddSchema.safeParse(videoPayload(d))
  const out = r.success ? {} : schemaProblems(r.error)
  const total = videoTotalBytes(d)
  if (total > VIDEO_TOTAL_MAX_BYTES) {
    out.size = { key: 'videoTooLarge', vars: { size: Math.ceil(total / 1024), max: TEMPLATE_LIMITS.videoTotalKb } }
  }
  return out
}

export const videoFieldOrder = (d: VideoDraft): string[] =>
  ['title', 'template_sign', 'remark', 'frames', ...d.frames.flatMap((_, i) => [`frames.${i}.material_id`, `frames.${i}.text`]), 'size']

/** The frames as the message preview panel draws them. */
export const videoDraftFrames = (d: VideoDraft): VideoFrame[] =>
  d.frames.map((f, i) => ({ seq: i + 1, mediaType: f.media?.kind ?? 'image', mediaUrl: f.media?.url ?? '', textContent: f.text }))

export const videoDirty = (d: VideoDraft) => !!(d.title || d.sign || d.remark || d.frames.length > 1 || d.frames.some((f) => f.media || f.text))
