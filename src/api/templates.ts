import { queryOptions } from '@tanstack/react-query'
import {
  cspTemplateDetailSchema, templateAddedSchema, videoTemplateDetailSchema,
  type ContentTemplateAdd, type CspTemplateAdd, type TemplateKind, type TemplateReview, type VideoTemplateAdd,
} from '@/domain/templates-write'
import { listKeys } from '@/grid/keys'
import { apiEnvelope, api } from './http'
import { queryClient } from './query-client'
import { cspSendKeys } from './send-csp'
import { p2pSendKeys } from './send-p2p'
import { videoSendKeys } from './send-video'
import { download } from './transfer'

/*
 * Template writes, details, downloads and reviews (src/domain/templates-write.ts). A write refetches, by prefix,
 * the kind's list screen and the send pages' template pickers (an approval makes a template sendable; a deletion
 * removes it). The success words come from the server; callers toast them.
 */

const LIST_ID: Record<TemplateKind, string> = { content: 'home-sms.templates', csp: 'csp-sms.templates', video: 'video-sms.templates' }
const AREA: Record<TemplateKind, string> = { content: 'contentTemplate', csp: 'cspTemplate', video: 'videoTemplate' }

export const templateKeys = {
  all: ['user', 'templates'] as const,
  detail: (kind: TemplateKind, id: number) => [...templateKeys.all, kind, id] as const,
}

export function invalidateTemplates(kind: TemplateKind) {
  void queryClient.invalidateQueries({ queryKey: listKeys.list(LIST_ID[kind]) })
  void queryClient.invalidateQueries({ queryKey: [...templateKeys.all, kind] })
  const picker = { content: p2pSendKeys.all, csp: cspSendKeys.all, video: videoSendKeys.all }[kind]
  void queryClient.invalidateQueries({ queryKey: picker })
  // A csp template's video fallback names a video template.
  if (kind === 'video') void queryClient.invalidateQueries({ queryKey: cspSendKeys.all })
}

/**
 * Every template query: the three lists, details and the send pages' pickers (which cache approved templates for
 * a minute). Run when the bell sees a new notice: a review's notice means a template just became sendable or not.
 */
export function invalidateAllTemplates() {
  for (const kind of ['content', 'csp', 'video'] as const) invalidateTemplates(kind)
}

async function write(kind: TemplateKind, path: string, body: unknown) {
  try {
    const env = await apiEnvelope<unknown>(path, body, { silent: true })
    return { msg: env.msg, data: env.data }
  } finally {
    invalidateTemplates(kind)
  }
}

/**
 * Writes reject with ApiError without a toast (silent): a 400 carries `data.fields` for the form to mark, the
 * message for it to show beside the fields; the form keeps what was typed.
 */
export const addContentTemplate = async (p: ContentTemplateAdd) =>
  templateAddedFrom(await write('content', '/contentTemplate/contentTemplateAdd', p))
export const addCspTemplate = async (p: CspTemplateAdd) => templateAddedFrom(await write('csp', '/cspTemplate/add', p))
export const addVideoTemplate = async (p: VideoTemplateAdd) => templateAddedFrom(await write('video', '/videoTemplate/add', p))

const templateAddedFrom = (r: { msg: string; data: unknown }) => ({ msg: r.msg, ...templateAddedSchema.parse(r.data) })

export const deleteContentTemplate = async (id: number) => (await write('content', '/contentTemplate/contentTemplateDelete', { id })).msg
export const deleteCspTemplate = async (template_id: number) => (await write('csp', '/cspTemplate/templateDel', { template_id })).msg
export const deleteVideoTemplate = async (cus_template_id: number) => (await write('video', '/videoTemplate/templateDel', { cus_template_id })).msg

/** Administrators only (the server answers 403 to anyone else). */
export const reviewTemplate = async (kind: TemplateKind, p: TemplateReview) => (await write(kind, `/${AREA[kind]}/review`, p)).msg

export const cspTemplateDetail = async (template_id: number) =>
  cspTemplateDetailSchema.parse(await api('/cspTemplate/getCspTemplate', { template_id }))
export const cspTemplateByGateId = async (gate_template_id: string) =>
  cspTemplateDetailSchema.parse(await api('/cspTemplate/getCspTemplateByGateTemplateId', { gate_template_id }))
export const videoTemplateDetail = async (cus_template_id: number) =>
  videoTemplateDetailSchema.parse(await api('/videoTemplate/getVideoTemplate', { cus_template_id }))
export const videoTemplateByGateId = async (gate_template_id: string) =>
  videoTemplateDetailSchema.parse(await api('/videoTemplate/getVideoTemplateByGateTemplateId', { gate_template_id }))

export const cspTemplateDetailQuery = (id: number) =>
  queryOptions({ queryKey: templateKeys.detail('csp', id), queryFn: () => cspTemplateDetail(id) })
export const videoTemplateDetailQuery = (id: number) =>
  queryOptions({ queryKey: templateKeys.detail('video', id), queryFn: () => videoTemplateDetail(id) })

/** The template as a ZIP: template.json (its definition and review state) and its media files. */
export const downloadCspTemplate = (template_id: number) => download('/cspTemplate/downloadTemplate', { template_id }, `csp-template-${template_id}.zip`)
export const downloadVideoTemplate = (cus_template_id: number) =>
  download('/videoTemplate/downloadTemplate', { cus_template_id }, `video-template-${cus_template_id}.zip`)
