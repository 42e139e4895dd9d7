import { z } from 'zod'
import { PROD_TYPE } from './constants'
import { BIGINT, intIn, safeText, serialId } from './input'
import { dateRangeShape, listQuerySchema, searchText } from './lists/query'
import type { ServerMessage } from './messages'

/*
 * Materials: the media (image, video, audio) a tenant uploads for its 5G (csp) cards and video SMS frames, kept in
 * the object store (server/storage) with one row each. The specification names the calls (section 7) and the
 * preview's mediaType/mediaUrl (section 3), not a material entity: the row below is what a media picker and the
 * materials screen need.
 *
 * Limits (checked in the console before upload and again by the server, on the content, not the file name):
 * - Video SMS (视频短信), as China Mobile / Unicom / Telecom gateways publish them for video SMS templates
 *   (e.g. the operators' template rules republished at yutao.net.cn/doc/msg/mms/template_specification.html):
 *   images PNG, GIF, JPG; video MP4 (H.264); audio MP3; the whole template (text and every frame) at most 1900 KB.
 *   No single file can be larger than the whole, so each is capped at 1900 KB here; the template's total is the
 *   video editor's check (VIDEO_SMS_TOTAL_MAX).
 * - 5G message cards (中国移动 5G 消息 / GSMA RCS Universal Profile rich cards, CSP platform material rules as
 *   resellers republish them): image JPG, PNG, GIF at most 2 MB; video MP4 at most 10 MB; audio MP3, AAC, AMR, M4A
 *   at most 5 MB. (RCS itself allows larger file transfer; the carriers' CSP platforms cap card media at these.)
 * - The material library (/file/uploadAimMaterial, /file/upload) takes what a 5G card takes, the widest of the two;
 *   the picker of the video editor offers only what fits a video SMS.
 * - A signature's proof file (/file/uploadSignatureProof): a screenshot or scan (JPG, PNG) or a PDF (a certificate),
 *   at most 5 MB each, what Alibaba Cloud and Tencent Cloud take for signature proofs. Any enterprise uploads one,
 *   whatever its products.
 */

export const MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/**
 * The products that send media: a customer with either keeps materials (the 5G module's materials screen, the video
 * module's video materials screen); one with neither has no materials to list, upload or delete.
 */
export const MATERIAL_PRODUCTS: readonly number[] = [PROD_TYPE.video, PROD_TYPE.csp]

/** Where a material is meant to be used: the library (`aim`), a 5G card (`csp`), a video SMS frame (`video`), a signature's proof. */
export const MATERIAL_PURPOSES = ['aim', 'csp', 'video', 'signature'] as const
export type MaterialPurpose = (typeof MATERIAL_PURPOSES)[number]

const KB = 1024
const MB = 1024 * KB

/** A video SMS template as a whole: text and every frame (operators' published limit). */
export const VIDEO_SMS_TOTAL_MAX = 1900 * KB

/** Content types (as sniffed from the bytes) each purpose accepts, per kind. */
export const MATERIAL_TYPES: Record<MaterialPurpose, Record<MediaKind, readonly string[]>> = {
  csp: {
    image: ['image/jpeg', 'image/png', 'image/gif'],
    video: ['video/mp4'],
    audio: ['audio/mpeg', 'audio/aac', 'audio/amr', 'audio/x-m4a', 'audio/mp4'],
    document: [],
  },
  video: {
    image: ['image/jpeg', 'image/png', 'image/gif'],
    video: ['video/mp4'],
    audio: ['audio/mpeg'],
    document: [],
  },
  aim: {
    image: ['image/jpeg', 'image/png', 'image/gif'],
    video: ['video/mp4'],
    audio: ['audio/mpeg', 'audio/aac', 'audio/amr', 'audio/x-m4a', 'audio/mp4'],
    document: [],
  },
  signature: { image: ['image/jpeg', 'image/png'], video: [], audio: [], document: ['application/pdf'] },
}

/** The kinds a purpose takes at all (a picker or file chooser offers only these). */
export const kindsOf = (purpose: MaterialPurpose): MediaKind[] => MEDIA_KINDS.filter((k) => MATERIAL_TYPES[purpose][k].length > 0)

/** Largest file in bytes per purpose and kind. */
export const MATERIAL_MAX_BYTES: Record<MaterialPurpose, Record<MediaKind, number>> = {
  csp: { image: 2 * MB, video: 10 * MB, audio: 5 * MB, document: 0 },
  video: { image: VIDEO_SMS_TOTAL_MAX, video: VIDEO_SMS_TOTAL_MAX, audio: VIDEO_SMS_TOTAL_MAX, document: 0 },
  aim: { image: 2 * MB, video: 10 * MB, audio: 5 * MB, document: 0 },
  signature: { image: 5 * MB, video: 0, audio: 0, document: 5 * MB },
}

/** The most any upload may carry: the server stops reading a body past this (plus the multipart overhead). */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(MATERIAL_MAX_BYTES).flatMap((k) => Object.values(k)))

/** File extensions to offer in the file chooser (`accept`); the server decides by content, never by these. */
export const MATERIAL_ACCEPT: Record<MediaKind, string> = {
  image: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
  video: '.mp4,video/mp4',
  audio: '.mp3,.aac,.amr,.m4a,audio/mpeg,audio/aac,audio/amr,audio/mp4',
  document: '.pdf,application/pdf',
}

/** The kind a content type belongs to, or null when no purpose accepts it. */
export function kindOfType(contentType: string): MediaKind | null {
  for (const kind of MEDIA_KINDS) if (MATERIAL_PURPOSES.some((p) => MATERIAL_TYPES[p][kind].includes(contentType))) return kind
  return null
}

/** Upload path per purpose (spec section 7). */
export const UPLOAD_PATHS: Record<MaterialPurpose, string> = {
  aim: '/file/uploadAimMaterial',
  csp: '/file/uploadCspMaterial',
  video: '/file/uploadVideoMaterial',
  signature: '/file/uploadSignatureProof',
}

export interface MaterialRefusal {
  key: ServerMessage
  vars?: Record<string, string | number>
}

/** "2 MB", "1900 KB": how the limits are written in the messages. */
export const formatLimit = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / KB)} KB`)

/** A stored amount as the quota shows it: "812 KB", "35.4 MB", "1.00 GB". */
export function formatStorage(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / KB)} KB`
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)} MB`
  return `${(bytes / (1024 * MB)).toFixed(2)} GB`
}

/** The caller's storage as /aim/materialList reports it beside the page: bytes used and the quota. */
export const materialStorageSchema = z.object({ used: z.number(), quota: z.number() })
export type MaterialStorage = z.infer<typeof materialStorageSchema>

/**
 * The quota rule the console (before upload, against the storage the list reports) and the server (inside the
 * upload's transaction) apply: `size` more bytes must not pass the quota. The refusal names used, quota and size.
 */
export function checkQuota(storage: MaterialStorage, size: number): MaterialRefusal | null {
  if (storage.used + size <= storage.quota) return null
  return { key: 'materialQuotaExceeded', vars: { used: formatStorage(storage.used), quota: formatStorage(storage.quota), size: formatStorage(size) } }
}

/**
 * The one rule the console (before upload) and the server (after sniffing) apply: `contentType` is what the bytes
 * are (the server's sniff; in the browser, the browser's own sniff of the first bytes), `kind` the one asked for
 * (optional: any kind of the purpose). Returns the refusal, or null when the file may be stored.
 */
export function checkMaterial(
  purpose: MaterialPurpose, file: { size: number; contentType: string | null }, kind?: MediaKind,
): MaterialRefusal | null {
  if (file.size === 0) return { key: 'materialEmpty' }
  const found = file.contentType ? kindOfType(file.contentType) : null
  const allowed = found ? MATERIAL_TYPES[purpose][found].includes(file.contentType!) : false
  if (!found || !allowed || (kind && found !== kind)) {
    const kinds = kind ? [kind] : kindsOf(purpose)
    const types = kinds.flatMap((k) => MATERIAL_TYPES[purpose][k]).map((t) => t.split('/')[1].replace('x-', '').toUpperCase())
    return { key: 'materialTypeRefused', vars: { types: [...new Set(types)].join(', ') } }
  }
  const max = MATERIAL_MAX_BYTES[purpose][found]
  if (file.size > max) return { key: 'materialTooLarge', vars: { max: formatLimit(max) } }
  return null
}

/** A material as /aim/materialList returns it and every upload answers with. */
export const materialRowSchema = z.object({
  material_id: z.number(),
  cus_id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  purpose: z.enum(MATERIAL_PURPOSES),
  /** the name the file had on the uploader's disk: shown, never used to store or serve it */
  file_name: z.string(),
  /** the sniffed type the media is served with */
  content_type: z.string(),
  /** bytes */
  size: z.number(),
  create_time: z.string(),
  /** a short-lived signed address for <img>/<video>/<audio> (MEDIA_URL_TTL_SECONDS), under the API base */
  url: z.string(),
})
export type MaterialRow = z.infer<typeof materialRowSchema>

/** The answer of every upload call: the stored material. */
export const uploadResultSchema = materialRowSchema
export type UploadResult = MaterialRow

/** How long a signed media address stays valid; the list is refetched well within it. */
export const MEDIA_URL_TTL_SECONDS = 3600

/**
 * GET /media/file: a material's bytes, with the owner's token (header, or the cookie on a same-origin read) or with
 * the `exp` and `sig` of a signed address (no token: an <img src> sends no header).
 */
export const mediaQuerySchema = z.object({
  id: serialId(),
  exp: intIn({ min: 0, max: BIGINT.max }).optional(),
  sig: safeText().max(100).optional(),
})

/** The multipart field that carries the file; `name` (optional) overrides the shown file name. */
export const UPLOAD_FILE_FIELD = 'file'
export const uploadFieldsSchema = z.object({ name: safeText().trim().max(200).optional() })

export const materialSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(MEDIA_KINDS).optional()).optional(),
  purpose: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(MATERIAL_PURPOSES).optional()).optional(),
  file_name: searchText(200),
  ...dateRangeShape,
})
export type MaterialSearch = z.infer<typeof materialSearchSchema>
export const MATERIAL_SORTABLE = ['create_time', 'size', 'file_name'] as const

export const materialDeleteSchema = z.object({ ids: z.array(serialId()).min(1).max(200) })
export type MaterialDelete = z.infer<typeof materialDeleteSchema>

/**
 * /aim/templateList: the tenant's 5G and video templates in one list (the specification names the call only), so a
 * material's users can be found and the picker of the send pages can offer both kinds.
 */
export const aimTemplateSearchSchema = listQuerySchema.extend({
  cus_id: searchText(64),
  keyword: searchText(100),
  template_kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['csp', 'video']).optional()).optional(),
  ...dateRangeShape,
})
export type AimTemplateSearch = z.infer<typeof aimTemplateSearchSchema>
export const aimTemplateRowSchema = z.object({
  template_kind: z.enum(['csp', 'video']),
  /** csp template_id or video cus_template_id */
  template_id: z.number(),
  cus_id: z.string(),
  name: z.string(),
  /** the status code of its own kind (spec section 4) */
  status: z.number(),
  create_time: z.string(),
})
export type AimTemplateRow = z.infer<typeof aimTemplateRowSchema>
