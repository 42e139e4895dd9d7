import type { VideoTemplateDetail } from '../../src/domain/templates-write'
import type { Db } from '../db'
import type { MediaUrls } from '../materials/media-url'
import { withMedia } from './media'

export interface VideoDetailRow {
  cus_template_id: number
  cus_id: string
  title: string
  template_sign: string
  template_type: number
  remark: string
  size: number
  status: number
  result_desc: string
  check_time: Date | string | null
  gate_template_id: string | null
  create_time: Date | string
  update_time: Date | string
}

export const VIDEO_DETAIL_SELECT = `t.cus_template_id, t.cus_id, t.title, t.template_sign, t.template_type::int as template_type, t.remark,
  t.size, t.status::int as status, t.result_desc, t.check_time, t.gate_template_id, t.create_time, t.update_time`

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString())

type Frame = VideoTemplateDetail['videoFrameList'][number]

/** A template's frames in order; a frame made from a material gets its kind and a fresh signed address. */
export async function framesWithMedia(db: Db, urls: MediaUrls, cusId: string, id: number): Promise<Frame[]> {
  const { rows } = await db.query<Frame>(
    `select seq::int as seq, media_type as "mediaType", media_url as "mediaUrl", text_content as "textContent", material_id
     from video_template_frame where cus_template_id = $1 order by seq`, [id])
  return withMedia(db, urls, cusId, rows)
}

export async function videoDetail(db: Db, urls: MediaUrls, r: VideoDetailRow): Promise<VideoTemplateDetail> {
  return {
    ...r, check_time: iso(r.check_time), create_time: iso(r.create_time)!, update_time: iso(r.update_time)!,
    videoFrameList: await framesWithMedia(db, urls, r.cus_id, r.cus_template_id),
  }
}
