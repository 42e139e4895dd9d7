import { CSP_CONTENT_TYPE } from '../../src/domain/send-csp'
import type { z } from 'zod'
import type { CspCardStored, cspTemplateAddSchema, CspTemplateDetail } from '../../src/domain/templates-write'
import type { Db } from '../db'
import { fieldError } from '../http/envelope'
import { framesOf, ownTemplate } from '../send/video-send'
import { materialsFor, recordMaterials } from './materials'
import type { MediaUrls } from '../materials/media-url'
import { withMedia } from './media'

type CspAdd = z.output<typeof cspTemplateAddSchema>

const VIDEO_APPROVED = 2
const json = <T>(v: T[] | string | null): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []))

/**
 * Stores a new csp template of `cusId`, pending (status 0), inside the caller's transaction: the chatbot must be the
 * account's, each card's material the account's and fit for a 5G card, the video fallback the account's approved
 * video template (its theme and frames are copied for the preview). Returns the new id.
 */
export async function insertCspTemplate(tx: Db, cusId: string, p: CspAdd): Promise<number> {
  const { rows: bot } = await tx.query('select 1 from chatbot where chatbot_id = $1 and cus_id = $2', [p.chatbot_id, cusId])
  if (!bot.length) throw fieldError('cspChatbotMismatch', { chatbot_id: 'cspChatbotMismatch' })
  const cards = p.content_type === 'card' ? p.cards : []
  const media = await materialsFor(tx, cusId, cards.map((c) => c.material_id), 'csp', 'cards')
  let video: { theme: string; frames: unknown[]; id: number } | null = null
  if (p.low_type.includes(2)) {
    const v = await ownTemplate(tx, cusId, p.video_template_id!)
    if (!v || v.status !== VIDEO_APPROVED) throw fieldError('videoTemplateNotApproved', { video_template_id: 'videoTemplateNotApproved' })
    video = { theme: v.title, frames: await framesOf(tx, v.cus_template_id), id: v.cus_template_id }
  }
  const stored: CspCardStored[] = cards.map((c, i) => ({
    cardSeq: i + 1, material_id: c.material_id, mediaType: media.get(c.material_id)!.kind, mediaUrl: '',
    cardTitle: c.title, textContent: c.text,
    buttons: c.buttons.map((b) => ({ buttonName: b.name, kind: b.kind, value: b.kind === 'reply' ? '' : b.value })),
  }))
  const { rows } = await tx.query<{ template_id: number }>(
    `insert into csp_template (cus_id, template_name, chatbot_id, autograph, low_type, template_status, create_time)
     values ($1, $2, $3, $4, $5, 0, now()) returning template_id`,
    [cusId, p.template_name, p.chatbot_id, p.autograph, [...p.low_type].sort().join(',')])
  const id = rows[0].template_id
  const has = (code: 1 | 2 | 3) => p.low_type.includes(code)
  await tx.query(
    `insert into csp_template_content (template_id, content_type, text_5g, card_list, sms_text, video_theme, video_frames, aim_text, video_template_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [id, p.content_type === 'card' ? CSP_CONTENT_TYPE.card : CSP_CONTENT_TYPE.text, p.content_type === 'text' ? p.text_5g : '',
      JSON.stringify(stored), has(1) ? p.sms_text : '', video?.theme ?? '', JSON.stringify(video?.frames ?? []), has(3) ? p.aim_text : '', video?.id ?? null])
  await recordMaterials(tx, 'csp', id, cusId, [...media.keys()])
  return id
}

interface Row {
  template_id: number
  cus_id: string
  template_name: string
  chatbot_id: string
  autograph: string
  low_type: string
  template_status: number
  result_desc: string
  check_time: Date | string | null
  gate_template_id: string | null
  create_time: Date | string
  content_type: string | null
  text_5g: string | null
  card_list: CspCardStored[] | string | null
  sms_text: string | null
  video_template_id: number | null
  video_theme: string | null
  video_frames: CspTemplateDetail['videoFrameList'] | string | null
  aim_text: string | null
}

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString())

export const CSP_DETAIL_SELECT = `t.template_id, t.cus_id, t.template_name, t.chatbot_id, t.autograph, t.low_type,
  t.template_status::int as template_status, t.result_desc, t.check_time, t.gate_template_id, t.create_time,
  c.content_type, c.text_5g, c.card_list, c.sms_text, c.video_template_id, c.video_theme, c.video_frames, c.aim_text`
export const CSP_DETAIL_FROM = 'csp_template t left join csp_template_content c on c.template_id = t.template_id'

/** The detail as getCspTemplate answers it: cards that use a material get its kind and a fresh signed address. */
export async function cspDetail(db: Db, urls: MediaUrls, r: Row): Promise<CspTemplateDetail> {
  const cards = await withMedia(db, urls, r.cus_id, json(r.card_list).map((c) => ({ ...c, material_id: c.material_id ?? null })))
  return {
    template_id: r.template_id, cus_id: r.cus_id, template_name: r.template_name, chatbot_id: r.chatbot_id, autograph: r.autograph,
    low_type: r.low_type, template_status: r.template_status, result_desc: r.result_desc, check_time: iso(r.check_time),
    gate_template_id: r.gate_template_id, create_time: iso(r.create_time)!,
    contentType: r.content_type ?? CSP_CONTENT_TYPE.text, text5g: r.text_5g ?? '',
    cspCardList: cards,
    smsTextContent: r.sms_text ?? '', video_template_id: r.video_template_id, videoTheme: r.video_theme ?? '',
    videoFrameList: json(r.video_frames), aimTextContent: r.aim_text ?? '',
  }
}
export type CspDetailRow = Row
