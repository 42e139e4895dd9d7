import { Hono } from 'hono'
import { videoSendSchema, videoTemplateRequestSchema } from '../../../src/domain/send-video'
import type { Deps } from '../../deps'
import { ApiError, body, ok } from '../../http/envelope'
import type { AppEnv } from '../../http/env'
import { requireUser } from '../../http/session'
import { readNumbers } from '../../send/group-send'
import { ownTemplate, sendContentOf, videoSend } from '../../send/video-send'
import { framesWithMedia } from '../../templates/video-store'
import { readForm, sendBodyLimit, senderOf } from './form'

/** Video send and the template preview it shows (src/domain/send-video.ts). */
export function videoSendRoutes(deps: Deps) {
  const { db } = deps
  const r = new Hono<AppEnv>()
  r.use('/videoTemplate/videoSmsGroupSend', sendBodyLimit(), requireUser(db))
  r.use('/videoTemplate/getSendContentByCusTemplateId', requireUser(db))

  r.post('/videoTemplate/videoSmsGroupSend', async (c) => {
    const { payload, file } = await readForm(c, videoSendSchema, 'numbers')
    const cusId = await senderOf(db, c.get('user'), payload.cus_id)
    return ok(c, await videoSend(db, cusId, payload, readNumbers(file)))
  })

  // The template must be the sending account's own (any status: the template screens preview pending ones too).
  const templateOf = async (cusId: string, id: number) => {
    const t = await ownTemplate(db, cusId, id)
    if (!t) throw new ApiError(404, 'notFound')
    return t
  }

  r.post('/videoTemplate/getSendContentByCusTemplateId', async (c) => {
    const q = await body(c, videoTemplateRequestSchema)
    const cusId = await senderOf(db, c.get('user'), q.cus_id)
    const content = await sendContentOf(db, cusId, await templateOf(cusId, q.cus_template_id))
    return ok(c, { ...content, videoFrameList: await framesWithMedia(db, deps.mediaUrls, cusId, content.cus_template_id) })
  })

  return r
}
